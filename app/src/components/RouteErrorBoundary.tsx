import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SiteHeader } from './SiteHeader.js';

/**
 * Whether an error is a page's code that did not arrive: after a redeploy an old tab asks for
 * chunk files that are no longer on the server, and the browsers word the failed import each
 * their own way (Chromium, Firefox, Safari; Vite's preload helper for a chunk's CSS).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Loads the page afresh (tests pass their own; the browser reloads). */
  reload?: () => void;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches what a route throws while rendering, its page's code failing to load included, and
 * offers a Reload in place of a blank page. A new route gets a new boundary (the app shell keys
 * it by path), so going elsewhere leaves the error behind.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A missing chunk is expected after a redeploy; anything else is a fault worth a log line.
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    const outdated = isChunkLoadError(this.state.error);
    return (
      <>
        <SiteHeader />
        <main className="route-error">
          <h1>
            {outdated ? 'A new version of the course is out' : 'This page could not be shown'}
          </h1>
          <p>
            {outdated
              ? 'This tab still runs the version before it, and the page’s code has moved. Reload to get the new version; your progress is kept on the server.'
              : 'Something went wrong while showing this page. Reloading it usually helps; your progress is kept on the server.'}
          </p>
          <button type="button" className="button button--primary" onClick={reload}>
            Reload
          </button>
        </main>
      </>
    );
  }
}
