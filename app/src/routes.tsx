import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell.js';
import { RouteGate } from './session/RouteGate.js';

/**
 * Each page is a chunk of its own, loaded when its route is first shown: /login downloads the
 * shell and the login form, not the lessons, the charts or pixi.js. Navigations run in a React
 * transition (BrowserRouter's default), so the current page stays on screen until the next
 * page's code has arrived.
 */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        path: '/',
        element: page(
          () => import('./pages/LandingPage.js'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: '/login',
        element: page(
          () => import('./pages/LoginPage.js'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: '/register',
        element: page(
          () => import('./pages/RegisterPage.js'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: '/password-recovery',
        element: page(
          () => import('./pages/PasswordRecoveryPage.js'),
          (m) => m.PasswordRecoveryPage,
        ),
      },
      {
        path: '/password-reset',
        element: page(
          () => import('./pages/PasswordResetPage.js'),
          (m) => m.PasswordResetPage,
        ),
      },
      {
        path: '/about-data',
        element: page(
          () => import('./about/AboutDataPage.js'),
          (m) => m.AboutDataPage,
        ),
      },
      {
        path: '/practice_testenv',
        element: page(
          () => import('./pages/PracticeTestEnvPage.js'),
          (m) => m.PracticeTestEnvPage,
        ),
      },
      {
        element: <RouteGate />,
        children: [
          {
            path: '/home',
            element: page(
              () => import('./pages/HubPage.js'),
              (m) => m.HubPage,
            ),
          },
          {
            path: '/pricing',
            element: page(
              () => import('./pages/PricingPage.js'),
              (m) => m.PricingPage,
            ),
          },
          {
            path: '/practice',
            element: page(
              () => import('./pages/PracticePage.js'),
              (m) => m.PracticePage,
            ),
          },
          {
            path: '/results',
            element: page(
              () => import('./pages/ResultsPage.js'),
              (m) => m.ResultsPage,
            ),
          },
        ],
      },
      // Lessons live at the paths the catalogue gives them (e.g. /S&D-conc); the rest is a 404.
      {
        path: '*',
        element: page(
          () => import('./lesson/LessonRoute.js'),
          (m) => m.LessonRoute,
        ),
      },
    ],
  },
];

/**
 * The app's pages under whichever router holds the location (BrowserRouter in the browser,
 * MemoryRouter in component tests). The declarative router is used rather than a data router:
 * the app needs no loaders or actions, and the data router's code alone would put /login over
 * its JavaScript budget.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
