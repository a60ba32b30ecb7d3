import { useCallback, useState } from 'react';
import { errorMessage } from '../api/index.js';

export interface RunOptions {
  /** The action leaves the page on success (navigation, checkout): keep the button disabled. */
  keepBusyOnSuccess?: boolean;
}

/**
 * A button's or a form's call to the API: `busy` while it runs (to disable the control), and the
 * server's own message in `error` when it fails, shown to the learner.
 */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = useCallback(async (action: () => Promise<void>, options: RunOptions = {}) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      if (!options.keepBusyOnSuccess) setBusy(false);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }, []);

  return { busy, error, run };
}
