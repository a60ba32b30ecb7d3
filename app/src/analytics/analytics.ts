/**
 * First-party analytics: events go to the course's own API (no third-party script), in batches
 * sent with navigator.sendBeacon when the page is hidden. The visitor is a random id kept in this
 * browser's storage; nothing personal is sent. With Do Not Track or Global Privacy Control on,
 * nothing is sent at all and no id is stored.
 */

import type {
  AnalyticsEvent,
  AnalyticsEventFields,
  ClientEventName,
  EventBatch,
} from '@course/contract';

export const EVENTS_ENDPOINT = '/api/events';
export const VISITOR_ID_KEY = 'visitorId';
/** The header naming the visitor on the API calls the server records events for. */
export const VISITOR_ID_HEADER = 'X-Visitor-Id';
/** A batch is sent once it holds this many events, and when the page is hidden. */
const SEND_AT = 20;
/** The API takes at most 50 events a batch; a page keeps no more than that waiting. */
const MAX_WAITING = 50;

export type AnalyticsEventName = ClientEventName;
export type AnalyticsFields = AnalyticsEventFields;

/** Which exercise an event is about: a lesson's, a Practice Portal chart or a demo chart. */
export type ExerciseSubject =
  { lessonId: number } | { practiceIndex: number } | { chartNumber: number };

/** What the module needs of the browser (a test gives its own). */
export interface AnalyticsHost {
  navigator: Pick<Navigator, 'sendBeacon' | 'doNotTrack'> & { globalPrivacyControl?: boolean };
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  randomId: () => string;
  now: () => number;
  /** Sends with fetch when sendBeacon is missing or refuses the batch. */
  fetch: typeof fetch | undefined;
}

export interface Analytics {
  /** Whether this browser lets the course count anything. */
  readonly enabled: boolean;
  track(name: AnalyticsEventName, fields?: AnalyticsFields): void;
  /** Sends what is waiting, e.g. when the page is hidden. */
  flush(): void;
  /** Headers for API calls, naming the visitor (none when tracking is off). */
  requestHeaders(): Record<string, string>;
}

/** Do Not Track ("1") or Global Privacy Control (true): the browser asked not to be tracked. */
export function trackingDeclined(navigator: AnalyticsHost['navigator']): boolean {
  return navigator.doNotTrack === '1' || navigator.globalPrivacyControl === true;
}

export function createAnalytics(host: AnalyticsHost): Analytics {
  const enabled = !trackingDeclined(host.navigator);
  let visitor: string | undefined;
  let waiting: AnalyticsEvent[] = [];

  const visitorId = (): string => {
    if (visitor) return visitor;
    let stored: string | null = null;
    try {
      stored = host.storage?.getItem(VISITOR_ID_KEY) ?? null;
    } catch {
      // Storage can be blocked; the id then lasts as long as the page.
    }
    visitor = stored && /^[0-9a-f-]{36}$/i.test(stored) ? stored : host.randomId();
    if (visitor !== stored) {
      try {
        host.storage?.setItem(VISITOR_ID_KEY, visitor);
      } catch {
        // As above: a page-long id.
      }
    }
    return visitor;
  };

  const flush = () => {
    if (!enabled || waiting.length === 0) return;
    const batch: EventBatch = { visitorId: visitorId(), sentAt: host.now(), events: waiting };
    const body = JSON.stringify(batch);
    waiting = [];
    let sent: boolean;
    try {
      sent = host.navigator.sendBeacon(
        EVENTS_ENDPOINT,
        new Blob([body], { type: 'application/json' }),
      );
    } catch {
      sent = false;
    }
    if (!sent && host.fetch) {
      void host
        .fetch(EVENTS_ENDPOINT, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          keepalive: true,
        })
        .catch(() => undefined);
    }
  };

  return {
    enabled,
    track(name, fields = {}) {
      if (!enabled) return;
      if (waiting.length >= MAX_WAITING) waiting.shift();
      waiting.push({ name, at: host.now(), ...fields });
      if (waiting.length >= SEND_AT) flush();
    },
    flush,
    requestHeaders: (): Record<string, string> =>
      enabled ? { [VISITOR_ID_HEADER]: visitorId() } : {},
  };
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's analytics: sends what is waiting whenever the page is hidden or left. */
export function createBrowserAnalytics(): Analytics {
  const analytics = createAnalytics({
    navigator,
    storage: browserStorage(),
    randomId: () => crypto.randomUUID(),
    now: () => Date.now(),
    fetch: typeof fetch === 'function' ? fetch.bind(window) : undefined,
  });
  if (analytics.enabled) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') analytics.flush();
    });
    window.addEventListener('pagehide', () => analytics.flush());
  }
  return analytics;
}

/** Analytics that count nothing: tests, and renders outside the app. */
export const NO_ANALYTICS: Analytics = {
  enabled: false,
  track: () => undefined,
  flush: () => undefined,
  requestHeaders: () => ({}),
};

/**
 * The subject of an exercise target, as events name it; undefined for a real chart, which the
 * events do not name yet.
 */
export function subjectOf(
  target: { chart: number } | { lesson: number } | { practice: number } | { real: number },
): ExerciseSubject | undefined {
  if ('real' in target) return undefined;
  if ('lesson' in target) return { lessonId: target.lesson };
  if ('practice' in target) return { practiceIndex: target.practice };
  return { chartNumber: target.chart };
}
