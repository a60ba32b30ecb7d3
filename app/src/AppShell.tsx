import { animated, useSpring } from '@react-spring/web';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { NarrowScreenBanner } from './components/NarrowScreenBanner.js';
import { useAnalytics } from './analytics/analytics-context.js';
import { SiteFooter } from './components/SiteFooter.js';

/** Every page: the narrow-screen banner, the page (fading in on each route) and the footer. */
export function AppShell() {
  const { pathname } = useLocation();
  const [style, spring] = useSpring(() => ({ opacity: 1, y: 0 }));
  const analytics = useAnalytics();

  // The path only: query strings (a reset link's token and email) are never counted.
  useEffect(() => {
    analytics.track('page_view', { route: pathname });
  }, [analytics, pathname]);

  useEffect(() => {
    void spring.start({ from: { opacity: 0, y: 8 }, to: { opacity: 1, y: 0 } });
  }, [pathname, spring]);

  return (
    <div className="app-shell">
      <NarrowScreenBanner />
      <animated.div
        className="app-shell__page"
        style={{ opacity: style.opacity, transform: style.y.to((y) => `translateY(${y}px)`) }}
      >
        <Outlet />
      </animated.div>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
