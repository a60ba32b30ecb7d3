import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ApiError, type CourseApi } from '../api/index.js';
import { forgetLearnerData, queryKeys } from '../api/queries.js';

/** The spec's token refresh period (9 minutes, under the access token's 10-minute life). */
export const SESSION_REFRESH_MS = 540_000;

/**
 * After a refresh that could not be made (offline, the API answering 503), the next try comes
 * this much sooner than the period: the learner stays signed in meanwhile.
 */
export const SESSION_RETRY_MS = 30_000;

/** How long a failed session check waits before asking again (the learner is not logged out). */
export const SESSION_CHECK_RETRY_MS = 5_000;

export type SessionStatus = 'checking' | 'logged-in' | 'logged-out';

/**
 * The cookie the API sets beside the httpOnly session cookies, for as long as the refresh token
 * lasts: the one sign of a session a script can read. Without it the app asks nothing, so a
 * visitor (on a public page, or sent there from a guarded one) meets no 401.
 */
const SIGNED_IN_COOKIE = 'signed_in';

/** The sign sessions kept before the cookie existed; read until they end, never written. */
const LEGACY_SESSION_HINT_KEY = 'hasSession';

function sessionHint(): boolean {
  const cookies = document.cookie.split(';').map((cookie) => cookie.trim());
  return (
    cookies.includes(`${SIGNED_IN_COOKIE}=1`) ||
    window.localStorage.getItem(LEGACY_SESSION_HINT_KEY) === '1'
  );
}

function forgetSessionHint(): void {
  window.localStorage.removeItem(LEGACY_SESSION_HINT_KEY);
  // The API clears the cookie when it ends a session; this covers answers that never arrived.
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export interface SessionValue {
  api: CourseApi;
  status: SessionStatus;
  email: string | undefined;
  login: (email: string, password: string) => Promise<void>;
  register: (email: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

interface SessionProviderProps {
  api: CourseApi;
  children: ReactNode;
}

/** Who is signed in, as the session check, login or register last said. */
interface SignedIn {
  email: string;
}

/**
 * The session as a query the provider owns: the check (POST api/auth/) fills it once, login,
 * register and logout set it. null: nobody is signed in.
 */
function sessionQuery(api: CourseApi, hinted: boolean) {
  return queryOptions({
    queryKey: queryKeys.session(),
    queryFn: async (): Promise<SignedIn | null> => {
      try {
        return { email: (await api.currentSession()).email };
      } catch (error) {
        // Only the API saying "no session" (401) logs out; offline or a 503 asks again later.
        if (error instanceof ApiError && error.status === 401) {
          forgetSessionHint();
          return null;
        }
        throw error;
      }
    },
    // A browser without the sign is a visitor's: nothing is asked.
    enabled: hinted,
    staleTime: Infinity,
    gcTime: Infinity,
    // Until the API answers, the learner stays signed in and the check is asked again.
    retry: true,
    retryDelay: SESSION_CHECK_RETRY_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Knows who is logged in: checks the session once on load, keeps it alive with a refresh every
 * SESSION_REFRESH_MS while logged in, and forgets it when the API reports it expired. The data
 * of whoever was signed in is forgotten when someone else signs in or nobody is.
 */
export function SessionProvider({ api, children }: SessionProviderProps) {
  const queryClient = useQueryClient();
  // Read once, as the app opens.
  const [hinted] = useState(sessionHint);
  const query = sessionQuery(api, hinted);
  const check = useQuery(query);
  const sessionKey = query.queryKey;
  const session = check.data;
  const status: SessionStatus = session
    ? 'logged-in'
    : session === null || !hinted
      ? 'logged-out'
      : 'checking';
  const email = session?.email;

  const loggedIn = useCallback(
    (address: string) => {
      // Nothing a visitor or an earlier learner of this browser was shown carries over.
      forgetLearnerData(queryClient, true);
      const signedIn: SignedIn = { email: address };
      queryClient.setQueryData(sessionKey, signedIn);
    },
    [queryClient, sessionKey],
  );
  const loggedOut = useCallback(() => {
    forgetSessionHint();
    queryClient.setQueryData(sessionKey, null);
  }, [queryClient, sessionKey]);

  // What the pages still on screen show goes when they close (they do, now that nobody is in).
  useEffect(() => {
    if (status === 'logged-out') forgetLearnerData(queryClient, false);
  }, [queryClient, status]);

  useEffect(() => api.onSessionExpired(loggedOut), [api, loggedOut]);

  useEffect(() => {
    if (status !== 'logged-in') return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = (delayMs: number) => {
      timer = setTimeout(() => {
        // Another tab's refresh in the last half period serves this one too (shared cookies).
        void api.keepSessionAlive(SESSION_REFRESH_MS / 2).then((result) => {
          if (stopped) return;
          if (result.outcome === 'ended') loggedOut();
          else schedule(result.outcome === 'failed' ? SESSION_RETRY_MS : SESSION_REFRESH_MS);
        });
      }, delayMs);
    };
    schedule(SESSION_REFRESH_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, status, loggedOut]);

  const value = useMemo<SessionValue>(
    () => ({
      api,
      status,
      email,
      async login(address, password) {
        loggedIn((await api.login(address, password)).email);
      },
      async register(address, password) {
        loggedIn((await api.register(address, password)).email);
      },
      async logout() {
        await api.logout();
        loggedOut();
      },
    }),
    [api, status, email, loggedIn, loggedOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider above it');
  return value;
}

/** The API client of the session (tests give the provider their own). */
export function useApi(): CourseApi {
  return useSession().api;
}
