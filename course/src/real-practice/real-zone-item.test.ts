import { TIMEFRAMES, type Candle } from '@chart-kit/core';
import { loadRealSample } from '../real-data/index.js';
import { framingShortfall, placement } from '../scenarios/framing.js';
import { detectZones } from '../zones.js';
import { REAL_MIN_REPLAY_CANDLES, realZoneItem } from './real-zone-item.js';
import { REAL_MAX_EMPTY_BARS, realZonePool } from './real-zone-pool.js';

// Two symbols' sessions are enough to see the rules at work (a few ms a session).
const SESSIONS = loadRealSample().sessions.filter(({ symbol }) => ['CPAY', 'SW'].includes(symbol));
const POOL = realZonePool(SESSIONS);

describe('realZonePool', () => {
  it('makes exercises of both types from the real sample', () => {
    expect(POOL.filter((item) => item.type === 'demand').length).toBeGreaterThan(3);
    expect(POOL.filter((item) => item.type === 'supply').length).toBeGreaterThan(3);
  });

  it('shows the previous session of the same symbol and then the session itself', () => {
    for (const item of POOL) {
      const index = SESSIONS.findIndex((session) => session.id === item.sessionId);
      const session = SESSIONS[index];
      const previous = SESSIONS[index - 1];
      expect(previous?.symbol).toBe(item.symbol);
      expect(item.candles).toEqual([...(previous?.candles ?? []), ...(session?.candles ?? [])]);
      expect(session?.emptyBars).toBeLessThanOrEqual(REAL_MAX_EMPTY_BARS);
      // The cut is inside the session, with at least an hour of what really came next.
      expect(item.exerciseEnd).toBeGreaterThan(previous?.candles.length ?? 0);
      expect(item.candles.length - item.exerciseEnd).toBeGreaterThanOrEqual(
        REAL_MIN_REPLAY_CANDLES,
      );
    }
  });

  it("grades against every fresh zone of the asked type that the course's rules find", () => {
    for (const item of POOL) {
      const shown = item.candles.slice(0, item.exerciseEnd);
      const fresh = detectZones(shown).filter(
        (zone) => zone.type === item.type && zone.firstReturn === null,
      );
      expect(item.zones.map(({ upper, lower }) => ({ upper, lower }))).toEqual(
        fresh.map(({ upper, lower }) => ({ upper, lower })),
      );
      const wickSide = item.zones.every((zone) =>
        zone.type === 'demand' ? zone.nearSideWick >= zone.upper : zone.nearSideWick <= zone.lower,
      );
      expect(wickSide).toBe(true);
    }
  });

  it('opens with the best zone in view and tall enough on a desktop and a phone', () => {
    for (const item of POOL) {
      const shown = item.candles.slice(0, item.exerciseEnd);
      const [best] = item.zones;
      if (!best) throw new Error(`${item.sessionId} has no zone`);
      expect(best.baseTimes[0]).toBeGreaterThanOrEqual(item.openingView.from);
      const framing = framingShortfall(
        shown,
        item.openingView,
        best,
        placement('practice'),
        TIMEFRAMES['5min'],
      );
      expect({ session: item.sessionId, ...framing }).toMatchObject({ ok: true });
      // The opening view ends three empty slots after the last candle shown.
      expect(item.openingView.to).toBe((shown.at(-1)?.time ?? 0) + 3 * TIMEFRAMES['5min']);
    }
  });
});

describe('realZoneItem', () => {
  it('makes nothing of a market that never moved', () => {
    const flat: Candle[] = Array.from({ length: 156 }, (_, index) => ({
      time: 1_400_000_000 + index * 300,
      open: 100,
      high: 100.1,
      low: 99.9,
      close: 100,
    }));
    expect(realZoneItem(flat.slice(0, 78), flat.slice(78), 'demand', 'FLAT:2014-01-02')).toBe(null);
  });
});
