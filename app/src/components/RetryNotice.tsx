import { Notice } from './Notice.js';

/** "Could not load …: why. Try again", the one way every page offers a failed load again. */
export function RetryNotice({
  what,
  error,
  onRetry,
}: {
  /** What failed, after "Could not load": "the chart", "your lessons". */
  what: string;
  error: string;
  onRetry: () => void;
}) {
  return (
    <Notice tone="error">
      Could not load {what}: {error}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}
