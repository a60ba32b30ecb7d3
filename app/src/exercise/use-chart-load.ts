import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../api/index.js';

/**
 * Loads what an exercise shows (its chart, or a practice chart with its setup) with `load`, again
 * when `load` or `reloadKey` changes (an exercise is loaded again once revealed, with what price
 * did next) and on `reload`. A 403 for the Pro Plan is `gated`, not an error.
 */
export function useChartLoad<T>(load: () => Promise<T>, reloadKey?: unknown) {
  const [data, setData] = useState<T>();
  const [loadError, setLoadError] = useState<string>();
  const [gated, setGated] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (body) => current && setData(body),
      (caught: unknown) => {
        if (!current) return;
        if (caught instanceof ApiError && caught.subscriptionRequired) setGated(true);
        else setLoadError(errorMessage(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [load, loads, reloadKey]);

  const reload = useCallback(() => {
    setLoadError(undefined);
    setLoads((count) => count + 1);
  }, []);

  return { data, loadError, gated, reload };
}
