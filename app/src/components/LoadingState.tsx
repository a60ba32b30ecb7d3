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
