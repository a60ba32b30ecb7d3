import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppShell } from '../AppShell.js';
import { isChunkLoadError, RouteErrorBoundary } from './RouteErrorBoundary.js';

/** What Chromium's dynamic import rejects with when a chunk is gone from the server. */
const missingChunk = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: https://course.example/assets/HubPage-1a2b3c.js',
  );

function Broken(): never {
  throw new Error('a bug in the page');
}

describe('RouteErrorBoundary', () => {
  // React reports every error a boundary catches; the boundary itself logs the faults.
  const consoleError = jest.spyOn(console, 'error');
  beforeEach(() => {
    consoleError.mockImplementation(() => undefined);
  });
  afterAll(() => {
    consoleError.mockRestore();
  });

  it('tells a failed chunk from other errors', () => {
    expect(isChunkLoadError(missingChunk())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('a bug in the page'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('offers a Reload, under an h1, when a route’s code fails to load (an old tab)', async () => {
    const StalePage = lazy(() => Promise.reject(missingChunk()));
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/home" element={<StalePage />} />
            <Route path="/" element={<h1>Start</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'A new version of the course is out' },
        { timeout: 5_000 },
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
  });

  it('reloads the page with its Reload button', () => {
    const reload = jest.fn();
    render(
      <MemoryRouter>
        <RouteErrorBoundary reload={reload}>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This page could not be shown',
    );
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the error to its route: another route shows normally', async () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/broken" element={<Broken />} />
            <Route path="/" element={<h1>Start</h1>} />
          </Route>
        </Routes>
        <Link to="/">to the start</Link>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This page could not be shown',
    );
    await act(async () => {
      screen.getByRole('link', { name: 'to the start' }).click();
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Start');
  });
});
