/** @jest-environment node */
import { type AnalyticsHost, createAnalytics, VISITOR_ID_KEY } from './analytics.js';

interface Sent {
  url: string;
  body: { visitorId: string; sentAt: number; events: { name: string; at: number }[] };
}

/** A browser stand-in: storage in a map, beacons collected, a clock the test moves. */
function host(navigatorFields: Partial<AnalyticsHost['navigator']> = {}) {
  const stored = new Map<string, string>();
  const beacons: Sent[] = [];
  const pending: Promise<void>[] = [];
  let now = 1_764_000_000_000;
  const browser: AnalyticsHost = {
    navigator: {
      doNotTrack: null,
      sendBeacon: (url: string | URL, data?: BodyInit | null) => {
        pending.push(
          (data as Blob).text().then((text) => {
            beacons.push({ url: String(url), body: JSON.parse(text) as Sent['body'] });
          }),
        );
        return true;
      },
      ...navigatorFields,
    },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    randomId: () => '0b9f6f3e-5a7c-4d1e-9a53-2f3c1d7e8a90',
    now: () => (now += 1000),
    fetch: undefined,
  };
  const sent = async () => {
    await Promise.all(pending);
    return beacons;
  };
  return { browser, stored, sent };
}

describe('analytics client', () => {
  it('batches events and sends them with sendBeacon when flushed, under a stored random id', async () => {
    const { browser, stored, sent } = host();
    const analytics = createAnalytics(browser);
    analytics.track('page_view', { route: '/' });
    analytics.track('lesson_opened', { lessonId: 13 });
    expect(await sent()).toEqual([]);
    analytics.flush();
    const [beacon] = await sent();
    expect(beacon?.url).toBe('/api/events');
    expect(beacon?.body.visitorId).toBe('0b9f6f3e-5a7c-4d1e-9a53-2f3c1d7e8a90');
    expect(beacon?.body.events.map((event) => event.name)).toEqual(['page_view', 'lesson_opened']);
    expect(stored.get(VISITOR_ID_KEY)).toBe('0b9f6f3e-5a7c-4d1e-9a53-2f3c1d7e8a90');
    expect(analytics.requestHeaders()).toEqual({
      'X-Visitor-Id': '0b9f6f3e-5a7c-4d1e-9a53-2f3c1d7e8a90',
    });
    // Nothing waiting: nothing sent.
    analytics.flush();
    expect(await sent()).toHaveLength(1);
  });

  it('sends a batch by itself once it holds 20 events', async () => {
    const { browser, sent } = host();
    const analytics = createAnalytics(browser);
    for (let index = 0; index < 20; index += 1) analytics.track('page_view', { route: '/home' });
    expect((await sent())[0]?.body.events).toHaveLength(20);
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('with %s on, sends nothing, stores no id and names no visitor', async (_what, fields) => {
    const { browser, stored, sent } = host(fields);
    const analytics = createAnalytics(browser);
    expect(analytics.enabled).toBe(false);
    analytics.track('page_view', { route: '/' });
    analytics.flush();
    expect(await sent()).toEqual([]);
    expect(stored.size).toBe(0);
    expect(analytics.requestHeaders()).toEqual({});
  });
});
