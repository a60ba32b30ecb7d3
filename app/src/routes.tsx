import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell.js';
import { LessonRoute } from './lesson/LessonRoute.js';
import { HubPage } from './pages/HubPage.js';
import { LandingPage } from './pages/LandingPage.js';
import { LoginPage } from './pages/LoginPage.js';
import { PasswordRecoveryPage } from './pages/PasswordRecoveryPage.js';
import { PasswordResetPage } from './pages/PasswordResetPage.js';
import { PracticePage } from './pages/PracticePage.js';
import { PracticeTestEnvPage } from './pages/PracticeTestEnvPage.js';
import { PricingPage } from './pages/PricingPage.js';
import { RegisterPage } from './pages/RegisterPage.js';
import { ResultsPage } from './pages/ResultsPage.js';
import { RouteGate } from './session/RouteGate.js';

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/password-recovery', element: <PasswordRecoveryPage /> },
      { path: '/password-reset', element: <PasswordResetPage /> },
      { path: '/practice_testenv', element: <PracticeTestEnvPage /> },
      {
        element: <RouteGate />,
        children: [
          { path: '/home', element: <HubPage /> },
          { path: '/pricing', element: <PricingPage /> },
          { path: '/practice', element: <PracticePage /> },
          { path: '/results', element: <ResultsPage /> },
        ],
      },
      // Lessons live at the paths the catalogue gives them (e.g. /S&D-conc); the rest is a 404.
      { path: '*', element: <LessonRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** The same routes without a browser URL bar, for component tests. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}
