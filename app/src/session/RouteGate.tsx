import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
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
  const [subscribed, setSubscribed] = useState<boolean>();
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    if (status !== 'logged-in') return;
    let current = true;
    api.subscriptionStatus().then(
      (answer) => {
        if (!current) return;
        setSubscribed(answer.subscription);
        setEndsOn(answer.endsOn);
      },
      // An unknown status is treated as "not subscribed": the server still enforces access.
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [api, status, pathname, checks]);

  const recheck = useCallback(() => setChecks((count) => count + 1), []);

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
