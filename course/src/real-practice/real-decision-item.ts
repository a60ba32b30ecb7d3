import { TIMEFRAMES, type Candle } from '@chart-kit/core';
import { measureSetups, type MeasuredSetup } from '../measured-rates/index.js';
import { framingShortfall, openingTimeWindow, placement } from '../scenarios/framing.js';
import type { HigherTimeframeTrend } from '../trade-decision.js';
import type { ZoneType } from '../zones.js';
import { REAL_CANDLES_BEFORE_BASE, REAL_OPENING_CANDLES } from './real-zone-item.js';
import { REAL_MAX_EMPTY_BARS, type RealPoolSession } from './real-zone-pool.js';

/**
 * Sessions shown before the return's session, at most: enough 1-hour candles to read the trend
 * the third check reads (the measured setups read 30 hours), and the zone's own session.
 */
export const REAL_DECISION_CONTEXT_SESSIONS = 4;

/** A real return to a zone made into a take-or-skip exercise. */
export interface RealDecisionItem {
  sessionId: string;
  symbol: string;
  day: string;
  /** The sessions before (context) and the session of the return, to its close. */
  candles: Candle[];
  /** Candles shown: everything before the candle that came back into the zone. */
  exerciseEnd: number;
  openingView: { from: number; to: number };
  zone: { type: ZoneType; upper: number; lower: number; baseTimes: number[] };
  /** The setting the course's `gradeDecision` reads, as the measured setup found it. */
  decision: {
    opposing: { upper: number; lower: number };
    averageRange: number;
    touches: number;
    higherTimeframe: HigherTimeframeTrend;
  };
}

function itemOf(
  candles: readonly Candle[],
  sessionStarts: readonly number[],
  session: RealPoolSession,
  ordinal: number,
  setup: MeasuredSetup,
): RealDecisionItem | null {
  const first = sessionStarts[Math.max(0, ordinal - REAL_DECISION_CONTEXT_SESSIONS)] ?? 0;
  const end = (sessionStarts[ordinal] ?? 0) + session.candles.length;
  const shown = candles.slice(first, setup.returnIndex);
  const zone = setup.zone;
  const baseStart = zone.baseStart - first;
  const last = shown.length - 1;
  const from = Math.max(
    0,
    Math.min(baseStart - REAL_CANDLES_BEFORE_BASE, last + 1 - REAL_OPENING_CANDLES),
  );
  const view = openingTimeWindow(shown, { from, to: last }, TIMEFRAMES['5min']);
  const framed = framingShortfall(shown, view, zone, placement('practice'), TIMEFRAMES['5min'], [
    setup.opposing.upper,
    setup.opposing.lower,
  ]);
  if (!framed.ok) return null;
  return {
    sessionId: session.id,
    symbol: session.symbol,
    day: session.day,
    candles: candles.slice(first, end),
    exerciseEnd: setup.returnIndex - first,
    openingView: view,
    zone: {
      type: zone.type,
      upper: zone.upper,
      lower: zone.lower,
      baseTimes: candles.slice(zone.baseStart, zone.baseEnd + 1).map((candle) => candle.time),
    },
    decision: {
      opposing: { upper: setup.opposing.upper, lower: setup.opposing.lower },
      averageRange: setup.averageRange,
      touches: setup.touchesBefore,
      higherTimeframe: setup.higherTimeframe,
    },
  };
}

/**
 * Every real take-or-skip exercise the sample makes: for each session, the first return to a zone
 * (measureSetups, the course's rules as a trader saw them then) that a day trader could have
 * traded (not on the session's first candle, the opening gap), with a session before it and the zone and the next wall tall
 * enough in view. The chart shows up to {@link REAL_DECISION_CONTEXT_SESSIONS} sessions before
 * and the session up to the candle that came back; what came next is what really happened.
 */
export function realDecisionPool(sessions: readonly RealPoolSession[]): RealDecisionItem[] {
  const items: RealDecisionItem[] = [];
  let start = 0;
  while (start < sessions.length) {
    const symbol = sessions[start]?.symbol;
    let stop = start;
    while (sessions[stop]?.symbol === symbol) stop++;
    const series = sessions.slice(start, stop);
    const sessionStarts: number[] = [];
    const candles: Candle[] = [];
    for (const session of series) {
      sessionStarts.push(candles.length);
      candles.push(...session.candles);
    }
    const taken = new Set<number>();
    for (const setup of measureSetups(candles)) {
      // Price came back with the session's opening gap: no day trader's order rested there.
      if (sessionStarts.includes(setup.returnIndex)) continue;
      let ordinal = sessionStarts.findIndex(
        (sessionStart, at) => setup.returnIndex < (sessionStarts[at + 1] ?? candles.length),
      );
      if (ordinal < 0) ordinal = series.length - 1;
      const session = series[ordinal];
      if (!session || ordinal === 0 || taken.has(ordinal)) continue;
      if (session.emptyBars > REAL_MAX_EMPTY_BARS) continue;
      const item = itemOf(candles, sessionStarts, session, ordinal, setup);
      if (item) {
        items.push(item);
        taken.add(ordinal);
      }
    }
    start = stop;
  }
  return items;
}
