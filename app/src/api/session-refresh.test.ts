/** @jest-environment node */
import { jest } from '@jest/globals';
import { ApiError } from './api-error.js';
import {
  createSessionRefresher,
  LAST_REFRESH_KEY,
  type SharedStorage,
  type TabLocks,
} from './session-refresh.js';

/** A browser's Web Locks as its tabs see them: one holder of a name at a time, in order. */
function sharedLocks(): TabLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const granted = previous.then(callback, callback);
      tails.set(
        name,
        granted.catch(() => undefined),
      );
      return granted;
    },
  };
}

function sharedStorage(): SharedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** One refresh endpoint the tabs share, answering as told and counting what it was sent. */
function server(answer: () => Promise<unknown> = () => Promise.resolve({ email: 'a@b.c' })) {
  const send = jest.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer();
  });
  return send;
}

describe('session refresher', () => {
  it('refreshes once for two tabs that ask at the same moment, under the shared lock', async () => {
    const locks = sharedLocks();
    const storage = sharedStorage();
    const send = server();
    const tabA = createSessionRefresher({ send, locks, storage });
    const tabB = createSessionRefresher({ send, locks, storage });
    const results = await Promise.all([tabA.refresh(), tabB.refresh()]);
    expect(results).toEqual([{ outcome: 'refreshed' }, { outcome: 'refreshed' }]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(Number(storage.items.get(LAST_REFRESH_KEY))).toBeGreaterThan(0);
  });

  it('shares one refresh between the calls of one tab', async () => {
    const send = server();
    const tab = createSessionRefresher({ send });
    await Promise.all([tab.refresh(), tab.refresh(), tab.refresh()]);
    expect(send).toHaveBeenCalledTimes(1);
    await tab.refresh();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('skips the periodic refresh when another tab refreshed within the given time', async () => {
    let clock = 1_000_000;
    const storage = sharedStorage();
    const send = server();
    const tabA = createSessionRefresher({ send, storage, locks: sharedLocks(), now: () => clock });
    const tabB = createSessionRefresher({ send, storage, locks: sharedLocks(), now: () => clock });
    await tabA.refresh();
    clock += 60_000;
    expect(await tabB.refresh(270_000)).toEqual({ outcome: 'refreshed' });
    expect(send).toHaveBeenCalledTimes(1);
    clock += 300_000;
    await tabB.refresh(270_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('says the session ended only when the refresh is answered 401', async () => {
    const ended = createSessionRefresher({
      send: server(() => Promise.reject(new ApiError('Your session has ended.', 401))),
    });
    expect(await ended.refresh()).toMatchObject({ outcome: 'ended', error: { status: 401 } });

    for (const failure of [
      new ApiError('The course is unavailable for a moment.', 503),
      new ApiError('Cannot reach the server.', 0),
      new ApiError('Something went wrong on our side.', 500),
    ]) {
      const storage = sharedStorage();
      const failed = createSessionRefresher({
        send: server(() => Promise.reject(failure)),
        storage,
      });
      expect(await failed.refresh()).toEqual({ outcome: 'failed', error: failure });
      // A failed refresh is no refresh: the other tabs still try their own.
      expect(storage.items.has(LAST_REFRESH_KEY)).toBe(false);
    }
  });

  it('lets the next tab refresh when the one holding the lock failed', async () => {
    const locks = sharedLocks();
    const storage = sharedStorage();
    let answers = 0;
    const send = server(() =>
      ++answers === 1 ? Promise.reject(new ApiError('busy', 503)) : Promise.resolve({}),
    );
    const tabA = createSessionRefresher({ send, locks, storage });
    const tabB = createSessionRefresher({ send, locks, storage });
    const [first, second] = await Promise.all([tabA.refresh(), tabB.refresh()]);
    expect(first.outcome).toBe('failed');
    expect(second.outcome).toBe('refreshed');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('refreshes for itself where the browser has no Web Locks or refuses storage', async () => {
    const send = server();
    const refusing: SharedStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    const tab = createSessionRefresher({ send, storage: refusing });
    expect(await tab.refresh(270_000)).toEqual({ outcome: 'refreshed' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
