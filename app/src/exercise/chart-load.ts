import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/index.js';
import { loadErrorOf } from '../api/queries.js';

export interface ChartLoadState {
  /** Why what the exercise shows could not be loaded, in the server's words. */
  loadError: string | undefined;
  /** A 403 for the Pro Plan: the page shows the subscription wall, not an error. */
  gated: boolean;
  /** Asks again for what failed. */
  reload: () => void;
}

/**
 * What an exercise makes of the queries that load what it shows (its chart, its 1-hour twin, a
 * practice chart with its setup): the first failure, or the wall when the Pro Plan is asked for.
 * A query that is not asked (no twin, not a practice chart) never fails.
 */
export function chartLoadState(loads: readonly UseQueryResult[]): ChartLoadState {
  const gated = loads.some(({ error }) => error instanceof ApiError && error.subscriptionRequired);
  const loadError = loads.map(loadErrorOf).find((message) => message !== undefined);
  return {
    loadError: gated ? undefined : loadError,
    gated,
    reload: () => {
      for (const load of loads) if (load.isError) void load.refetch();
    },
  };
}
