interface LoadingStateProps {
  /** What is loading, for screen readers; the visible text is the spec's 'Loading...'. */
  label?: string;
}

export function LoadingState({ label }: LoadingStateProps) {
  return (
    <div className="loading-state" role="status" aria-label={label}>
      <span className="loading-state__spinner" aria-hidden="true" />
      Loading...
    </div>
  );
}

/**
 * A whole page still loading (its code, the session check): an h1 names it for screen readers,
 * as on every page, and the spec's 'Loading...' shows.
 */
export function PageLoading({ label }: LoadingStateProps) {
  return (
    <main className="page-loading">
      <h1 className="visually-hidden">{label ?? 'Loading the page'}</h1>
      <LoadingState label={label} />
    </main>
  );
}
