import { type ApiError, toApiError } from './api-error.js';

/**
 * What a refresh came to. 'ended': the server said the session is over (401), the only answer
 * that logs the learner out. 'failed': no verdict (offline, a 503, a time-out): the session may
 * well be alive, so the learner stays signed in and the refresh is tried again later.
 */
export type RefreshResult =
  | { outcome: 'refreshed' }
  | { outcome: 'ended'; error: ApiError }
  | { outcome: 'failed'; error: ApiError };

/** The part of the Web Locks API the refresher uses (navigator.locks). */
export interface TabLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Where tabs leave the time of the last refresh (localStorage: shared by a browser's tabs). */
export type SharedStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SessionRefresherOptions {
  /** Sends the refresh (POST api/login/refresh/); rejects with what the HTTP client throws. */
  send: () => Promise<unknown>;
  /** The browser's Web Locks, when it has them (secure contexts of current browsers). */
  locks?: TabLocks;
  storage?: SharedStorage;
  now?: () => number;
}

export const REFRESH_LOCK = 'course-session-refresh';
export const LAST_REFRESH_KEY = 'sessionRefreshedAt';

/**
 * Refreshes the session so that the tabs of one browser do it one at a time. A browser's tabs
 * share the session cookies, so a refresh by one serves all: each refresh runs under a Web Lock
 * held across the tabs, and a tab that waited for the lock while another refreshed finds the
 * newer time in localStorage and does not refresh again. Web Locks serialise across tabs and are
 * released when a tab closes or crashes, which a lock built on localStorage or BroadcastChannel
 * cannot promise without leases and timeouts. Where Web Locks are missing (older browsers, plain
 * http off localhost) the tabs refresh independently and the server's grace period for a
 * just-rotated token keeps two refreshes at one moment from ending the session.
 */
export function createSessionRefresher(options: SessionRefresherOptions) {
  const now = options.now ?? Date.now;
  let inFlight: Promise<RefreshResult> | undefined;

  function lastRefreshAt(): number {
    try {
      return Number(options.storage?.getItem(LAST_REFRESH_KEY) ?? 0) || 0;
    } catch {
      return 0; // storage refused (privacy settings): every tab refreshes for itself
    }
  }

  async function send(): Promise<RefreshResult> {
    try {
      await options.send();
    } catch (caught) {
      const error = toApiError(caught);
      return error.status === 401 ? { outcome: 'ended', error } : { outcome: 'failed', error };
    }
    try {
      options.storage?.setItem(LAST_REFRESH_KEY, String(now()));
    } catch {
      // Not shared: the other tabs refresh for themselves.
    }
    return { outcome: 'refreshed' };
  }

  async function run(freshSince: number): Promise<RefreshResult> {
    const underLock = (): Promise<RefreshResult> =>
      lastRefreshAt() >= freshSince ? Promise.resolve({ outcome: 'refreshed' }) : send();
    return options.locks ? options.locks.request(REFRESH_LOCK, underLock) : underLock();
  }

  return {
    /**
     * Refreshes unless some tab of this browser did so within the last `freshForMs` (0: only a
     * refresh that finished while this one waited counts). One refresh at a time per tab.
     */
    refresh(freshForMs = 0): Promise<RefreshResult> {
      inFlight ??= run(now() - freshForMs).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}

export type SessionRefresher = ReturnType<typeof createSessionRefresher>;

/** The browser's Web Locks and localStorage, where this page may use them. */
export function browserTabCoordination(): Pick<SessionRefresherOptions, 'locks' | 'storage'> {
  const locks =
    typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  let storage: SharedStorage | undefined;
  try {
    storage = typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    storage = undefined; // access to storage denied
  }
  return { ...(locks ? { locks } : {}), ...(storage ? { storage } : {}) };
}
