import { TIMEFRAMES } from '@chart-kit/core';
import { loadRealSample } from '../real-data/index.js';
import { framingShortfall, placement } from '../scenarios/framing.js';
import { decideTrade, decisionSettingOf } from '../trade-decision.js';
import { realDecisionPool } from './real-decision-item.js';

// Two symbols' sessions: enough returns to zones to see the rules at work.
const SESSIONS = loadRealSample().sessions.filter(({ symbol }) => ['AZO', 'TPL'].includes(symbol));
const POOL = realDecisionPool(SESSIONS);

describe('realDecisionPool', () => {
  it('makes take-or-skip exercises of real returns to zones, trades to take and to skip', () => {
    const takes = POOL.filter(
      (item) => decideTrade(decisionSettingOf({ ...item, baseTimes: item.zone.baseTimes })).take,
    );
    expect(takes.length).toBeGreaterThan(0);
    expect(POOL.length - takes.length).toBeGreaterThan(0);
    // One a session, so no session comes back in the pool.
    expect(new Set(POOL.map((item) => item.sessionId)).size).toBe(POOL.length);
  });

  it('shows the chart up to the candle that comes back into the zone, then the rest of the day', () => {
    for (const item of POOL) {
      const shown = item.candles.slice(0, item.exerciseEnd);
      const back = item.candles[item.exerciseEnd];
      if (!back) throw new Error(`${item.sessionId} has no return candle`);
      // The return candle trades into the zone; it and the rest of its session are the replay.
      expect(back.low <= item.zone.upper && back.high >= item.zone.lower).toBe(true);
      const day = new Date(((item.candles.at(-1)?.time ?? 0) - 5 * 3600) * 1000);
      expect(day.toISOString().slice(0, 10)).toBe(item.day);
      // The zone's base is in the opening view, tall enough to see with the next wall in range.
      expect(item.zone.baseTimes[0]).toBeGreaterThanOrEqual(item.openingView.from);
      const framing = framingShortfall(
        shown,
        item.openingView,
        item.zone,
        placement('practice'),
        TIMEFRAMES['5min'],
        [item.decision.opposing.upper, item.decision.opposing.lower],
      );
      expect({ session: item.sessionId, ok: framing.ok }).toEqual({
        session: item.sessionId,
        ok: true,
      });
    }
  });
});
