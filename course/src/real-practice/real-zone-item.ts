import { TIMEFRAMES, type Candle } from '@chart-kit/core';
import {
  framingShortfall,
  MIN_ZONE_PX,
  openingTimeWindow,
  placement,
} from '../scenarios/framing.js';
import {
  detectZones,
  type DetectedZone,
  firstReturnIndex,
  type ZoneType,
  zonesAsTheyForm,
} from '../zones.js';

/**
 * The opening view shows at least this many 5-minute candles up to the cut, and at least this
 * many before the best zone's base: framed on the base, the move away and the zone, as the
 * simulated practice charts open, with earlier candles a pan away.
 */
export const REAL_OPENING_CANDLES = 40;
export const REAL_CANDLES_BEFORE_BASE = 20;
/** Candles of the session left after the cut for the replay: at least an hour of what came next. */
export const REAL_MIN_REPLAY_CANDLES = 12;
/** The session's first candles are never the cut: the open must have traded a little first. */
export const REAL_FIRST_CUT = 6;
/**
 * Candles between the end of the best zone's move and the cut, at least: 3 plus a number from 0
 * to 9 chosen by the session, so the answer is not always the last thing drawn.
 */
const MIN_CANDLES_AFTER_MOVE = 3;
const EXTRA_CANDLES_AFTER_MOVE = 10;

/** A zone of the course's rules on a real chart, as grading and the reveal use it. */
export interface RealZone {
  type: ZoneType;
  upper: number;
  lower: number;
  /** The near side's wick of the base, which grading also accepts (see GradedZone). */
  nearSideWick: number;
  /** Times of the base candles. */
  baseTimes: number[];
  /** How far the move carried price beyond the zone, in average candle ranges. */
  departure: number;
  strength: number;
}

/** A real session made into a "find a zone" exercise. */
export interface RealZoneItem {
  type: ZoneType;
  /** The previous session(s) and the whole session: the exercise, then what really came next. */
  candles: Candle[];
  /** How many candles the exercise shows (`candles.slice(0, exerciseEnd)`). */
  exerciseEnd: number;
  /** Opening time of the first candle in view and of the last slot (3 empty slots to draw in). */
  openingView: { from: number; to: number };
  /**
   * Every fresh zone of the asked type the course's rules find in the candles shown, strongest
   * first: an answer that grades as a pass on any of them passes. The first is the best one, in
   * the opening view and tall enough to see on a desktop and a phone; the reveal shows it.
   */
  zones: RealZone[];
}

function stableNumber(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  }
  return hash >>> 0;
}

function realZone(candles: readonly Candle[], zone: DetectedZone): RealZone {
  const base = candles.slice(zone.baseStart, zone.baseEnd + 1);
  const nearSideWick =
    zone.type === 'demand'
      ? Math.max(...base.map((candle) => candle.high))
      : Math.min(...base.map((candle) => candle.low));
  return {
    type: zone.type,
    upper: zone.upper,
    lower: zone.lower,
    nearSideWick,
    baseTimes: base.map((candle) => candle.time),
    departure: zone.departure,
    strength: zone.strength,
  };
}

/** The opening view of `shown` framed on `zone`, with 3 empty slots to draw in. */
function openingView(shown: readonly Candle[], zone: DetectedZone) {
  const last = shown.length - 1;
  const fromIndex = Math.max(
    0,
    Math.min(zone.baseStart - REAL_CANDLES_BEFORE_BASE, last + 1 - REAL_OPENING_CANDLES),
  );
  return {
    fromIndex,
    ...openingTimeWindow(shown, { from: fromIndex, to: last }, TIMEFRAMES['5min']),
  };
}

/**
 * A quick necessary condition for {@link framingShortfall} (which is exact but costs a few
 * milliseconds): even filling the whole chart's height with the candles in view, the zone would
 * be tall enough on both screens.
 */
function couldBeTallEnough(shown: readonly Candle[], fromIndex: number, zone: DetectedZone) {
  let high = -Infinity;
  let low = Infinity;
  for (let index = fromIndex; index < shown.length; index++) {
    const candle = shown[index];
    if (!candle) continue;
    high = Math.max(high, candle.high);
    low = Math.min(low, candle.low);
  }
  const share = (zone.upper - zone.lower) / (high - low);
  const { desktop, phone } = placement('practice');
  return share * desktop.height >= MIN_ZONE_PX.desktop && share * phone.height >= MIN_ZONE_PX.phone;
}

/**
 * Makes a real session into a "find a `type` zone" exercise, or null when it has none. The chart
 * shows `previous` (the same symbol's earlier session(s)) and the session up to a cut: the first
 * cut, from {@link REAL_FIRST_CUT} candles into the session to {@link REAL_MIN_REPLAY_CANDLES}
 * before its close, at which the course's rules (detectZones on exactly the candles shown) find a
 * fresh zone of that type, the strongest such zone is in the opening view, its move ended a few
 * candles before the cut (how many depends on `key`, e.g. the session's id), and it is at least
 * 24 CSS px tall on the practice chart at 1280x800 and 18 px at 390x844. Everything after the cut
 * is what really happened.
 */
export function realZoneItem(
  previous: readonly Candle[],
  session: readonly Candle[],
  type: ZoneType,
  key: string,
): RealZoneItem | null {
  const candles = [...previous, ...session];
  const afterMove =
    MIN_CANDLES_AFTER_MOVE + (stableNumber(`${key}:${type}`) % EXTRA_CANDLES_AFTER_MOVE);
  const where = placement('practice');
  // Every zone as it forms, with the first candle that comes back into it: a quick look for the
  // cuts worth checking, each then checked with detectZones on exactly the candles shown.
  const forming = zonesAsTheyForm(candles)
    .filter((zone) => zone.type === type)
    .map((zone) => ({ zone, back: firstReturnIndex(candles, zone, zone.moveEnd + 1) }));
  const lastCut = candles.length - REAL_MIN_REPLAY_CANDLES;
  for (let end = previous.length + REAL_FIRST_CUT; end <= lastCut; end++) {
    // The strongest zone that has formed and is still fresh at this cut, as far as the quick look
    // sees (zones whose move the cut cuts short are left to the check below).
    const likely = forming
      .filter(({ zone, back }) => zone.moveEnd < end && (back === -1 || back >= end))
      .reduce<DetectedZone | undefined>(
        (best, { zone }) => (best && best.strength >= zone.strength ? best : zone),
        undefined,
      );
    if (!likely || end - 1 - likely.moveEnd < afterMove) continue;
    const shown = candles.slice(0, end);
    const view = openingView(shown, likely);
    if (!couldBeTallEnough(shown, view.fromIndex, likely)) continue;
    if (
      !framingShortfall(shown, { from: view.from, to: view.to }, likely, where, TIMEFRAMES['5min'])
        .ok
    )
      continue;
    const fresh = detectZones(shown).filter(
      (zone) => zone.type === type && zone.firstReturn === null,
    );
    const best = fresh[0];
    if (best?.baseStart !== likely.baseStart || best.moveEnd !== likely.moveEnd) continue;
    return {
      type,
      candles,
      exerciseEnd: end,
      openingView: { from: view.from, to: view.to },
      zones: fresh.map((zone) => realZone(shown, zone)),
    };
  }
  return null;
}
