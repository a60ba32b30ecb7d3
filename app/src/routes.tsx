import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { LandingPage } from './pages/LandingPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** The same routes without a browser URL bar, for component tests. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}
