import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { courseQueries, invalidateSubscription } from '../api/queries.js';
import { PageLoading } from '../components/LoadingState.js';
import { useSession } from './session-context.js';

export interface SubscriptionValue {
  /** undefined until the first check answers. */
  subscribed: boolean | undefined;
  /** For a canceled plan that still runs, its last day (YYYY-MM-DD); null when it renews. */
  endsOn: string | null;
  /** Asks the API again (after checkout or cancel). */
  recheck: () => void;
}

const SubscriptionContext = createContext<SubscriptionValue>({
  subscribed: undefined,
  endsOn: null,
  recheck: () => undefined,
});

export function useSubscription(): SubscriptionValue {
  return useContext(SubscriptionContext);
}

interface RouteGateProps {
  /** Without children the gate guards the nested routes (an Outlet). */
  children?: ReactNode;
}

/**
 * Guards routes that need a session (spec, section 4): 'Loading...' while the session is checked,
 * the start page at once (nothing asked) in a browser with no sign of a session,
 * the start page without one, and the subscription checked again on every path change.
 */
export function RouteGate({ children }: RouteGateProps) {
  const { api, status } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const check = useQuery({
    ...courseQueries.subscription(api, pathname),
    enabled: status === 'logged-in',
  });
  // An unknown status is treated as "not subscribed": the server still enforces access.
  const subscribed = check.data?.subscription ?? (check.isError ? false : undefined);
  const endsOn = check.data?.endsOn ?? null;

  const recheck = useCallback(() => void invalidateSubscription(queryClient), [queryClient]);

  if (status === 'checking' || (status === 'logged-in' && subscribed === undefined)) {
    return <PageLoading />;
  }
  if (status === 'logged-out') return <Navigate to="/" replace />;
  return (
    <SubscriptionContext.Provider value={{ subscribed, endsOn, recheck }}>
      {children ?? <Outlet />}
    </SubscriptionContext.Provider>
  );
}
