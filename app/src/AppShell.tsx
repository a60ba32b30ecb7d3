import { Suspense, useEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { NarrowScreenBanner } from './components/NarrowScreenBanner.js';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.js';
import { useAnalytics } from './analytics/analytics-context.js';
import { SiteFooter } from './components/SiteFooter.js';

/**
 * Every page: the narrow-screen banner, the page and the footer. A page reached by a link fades
 * in and starts at the top; the first page is drawn at once (a fade would only delay its first
 * paint), and Back or Forward leaves the browser's own scroll restoration alone.
 */
export function AppShell() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  // The entry the browser opened the app on has the key 'default'.
  const navigated = key !== 'default';
  const analytics = useAnalytics();

  // The path only: query strings (a reset link's token and email) are never counted.
  useEffect(() => {
    analytics.track('page_view', { route: pathname });
  }, [analytics, pathname]);

  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <div className="app-shell">
      <NarrowScreenBanner />
      {/* Until the first page's code arrives the page area stays empty (but for its heading, for
          screen readers, inside the main landmark as every page's content is) and keeps the
          footer below the fold, so nothing moves when the page appears. */}
      <Suspense
        fallback={
          <main className="app-shell__page">
            <h1 className="visually-hidden">Loading the page</h1>
          </main>
        }
      >
        <div
          key={pathname}
          className={navigated ? 'app-shell__page page-enter' : 'app-shell__page'}
        >
          {/* Keyed with the page: each route has its own boundary, and leaving it starts afresh. */}
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </div>
      </Suspense>
      <SiteFooter />
    </div>
  );
}
