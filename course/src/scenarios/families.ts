import type { ZoneType } from '../zones.js';
import type { Direction, MarketScript } from './market-script.js';
import { directionOf } from './planted-band.js';

/**
 * What the market did before a zone formed, as traders name the shapes. A practice round that
 * always shows the same shape teaches the shape, not the idea: the portal draws them all.
 * - drop-base-rally / rally-base-drop: a trend into the zone, which reverses it;
 * - rally-base-rally / drop-base-drop: a pause inside a trend, which goes on;
 * - range: sideways trading, then a drift out of the range into the zone, and back up through it;
 * - failed-breakout: a range whose low (for demand) is broken by a sharp leg that fails at once:
 *   the base sits just beyond the range and the move away runs back through it;
 * - trend-pullbacks: a trend with pullbacks along the way; the zone is the base of a sharp one.
 */
export type ShapeFamily =
  | 'drop-base-rally'
  | 'rally-base-drop'
  | 'rally-base-rally'
  | 'drop-base-drop'
  | 'range'
  | 'failed-breakout'
  | 'trend-pullbacks';

/** How a practice chart's context is drawn, whatever the zone's type. */
export type ContextKind = 'reversal' | 'continuation' | 'range' | 'failed-breakout' | 'trend';

/** Odds of each context on a practice chart: no family above a quarter of the charts. */
export const CONTEXT_ODDS: Readonly<Record<ContextKind, number>> = {
  reversal: 0.26,
  continuation: 0.2,
  range: 0.18,
  'failed-breakout': 0.16,
  trend: 0.2,
};

/** Every context, in the order of {@link CONTEXT_ODDS}. */
export const CONTEXT_KINDS = Object.keys(CONTEXT_ODDS) as readonly ContextKind[];

/** The family a context gives at a zone of `type`. */
export function familyOf(context: ContextKind, type: ZoneType): ShapeFamily {
  const demand = type === 'demand';
  switch (context) {
    case 'reversal':
      return demand ? 'drop-base-rally' : 'rally-base-drop';
    case 'continuation':
      return demand ? 'rally-base-rally' : 'drop-base-drop';
    case 'trend':
      return 'trend-pullbacks';
    default:
      return context;
  }
}

/**
 * How lively a range's candles are, as a share of the market's. Quieter ranges (0.55) left the
 * zone beyond them a few cents tall, under the average ranges of the range: a third of the
 * charts with an older extreme before the range found no fair attempt.
 */
const RANGE_VOLATILITY = 0.9;

/**
 * Sideways trading for `candles` candles around the current price, `halfHeight` average ranges
 * above and below it: swings from one edge to the other, calming as each nears its edge.
 */
function plantRange(script: MarketScript, candles: number, halfHeight: number): void {
  const { random } = script;
  const centre = script.price;
  const yardstick = script.yardstick();
  let side: Direction = random.chance(0.5) ? 1 : -1;
  const end = script.length + candles;
  while (script.length < end) {
    const swing = Math.min(end - script.length, random.integer(3, 5));
    script.steerTo(
      centre + side * yardstick * halfHeight * random.between(0.6, 1),
      swing,
      RANGE_VOLATILITY,
    );
    side = -side as Direction;
  }
}

/**
 * Contexts that show an older extreme first (see {@link plantOlderExtreme}). A range or a failed
 * breakout already holds the zone in a sideways stretch; only the reversal, whose leg in runs
 * down to the zone from above, would otherwise end at the view's lowest low.
 */
export const CONTEXTS_AFTER_OLDER_EXTREME: readonly ContextKind[] = [
  'reversal',
  'range',
  'failed-breakout',
];

/** An older extreme's price and candle, and the average range its climb was measured in. */
export interface OlderExtreme {
  price: number;
  index: number;
  yardstick: number;
}

/** How far a trend context climbs before the zone's pullback, in average ranges. */
const TREND_CLIMB_IN_RANGES = [9, 11] as const;

/** Candles {@link plantOlderExtreme} writes, at the most. */
export const OLDER_EXTREME_CANDLES = 17;

/**
 * An older extreme beyond the zone's far side (a lower low for demand), in view before the
 * context: price slides there, rounds the turn slowly and climbs briskly well past where the
 * zone will form. The zone is then a higher low (a lower high for supply), not the lowest price
 * on screen: a learner who boxes the view's extreme misses it. The turn's slow start keeps it
 * from being a sharp turn that rivals the answer, and the brisk climb crosses the zone's band in
 * a few candles, so the band is no earlier congestion.
 */
export function plantOlderExtreme(script: MarketScript, type: ZoneType): OlderExtreme {
  const { random } = script;
  const direction = directionOf(type);
  const yardstick = script.yardstick();
  const from = script.length;
  script.steerTo(
    script.price - direction * yardstick * random.between(1.5, 2.5),
    random.integer(4, 6),
  );
  let index = from;
  for (let at = from; at < script.length; at++) {
    const beyond =
      direction > 0
        ? script.at(at).low < script.at(index).low
        : script.at(at).high > script.at(index).high;
    if (beyond) index = at;
  }
  const extreme = direction > 0 ? script.at(index).low : script.at(index).high;
  script.steerTo(extreme + direction * yardstick * random.between(0.7, 1), random.integer(4, 5));
  // The reversal's drift back ends a few ranges above the extreme, and its leg in a little lower.
  const climb = random.between(6.8, 7.6);
  script.steerTo(extreme + direction * yardstick * climb, random.integer(5, 6));
  return { price: extreme, index, yardstick };
}

/**
 * Room a range needs above an older extreme besides its own half height, in average ranges:
 * the drift or breakout beyond its edge (up to 0.9), the leg in (up to 1.7), the base's deepest
 * wick (1.1) and the gap the zone keeps from the extreme (0.6).
 */
const ROOM_BELOW_A_RANGE = 4.3;

/**
 * Climbs on from an older extreme until a range of `halfHeight` average ranges, and the zone
 * that forms beyond its edge, fit above it. The climb from the extreme was measured in the
 * calmer ranges before it; the range's candles may be larger.
 */
function climbClearOf(
  script: MarketScript,
  olderExtreme: OlderExtreme,
  type: ZoneType,
  halfHeight: number,
): void {
  const direction = directionOf(type);
  const needed =
    olderExtreme.price + direction * script.yardstick() * (halfHeight + ROOM_BELOW_A_RANGE);
  if (direction * (script.price - needed) < 0) {
    script.steerTo(needed, script.random.integer(2, 3));
  }
}

/**
 * Writes the context of a practice zone before its pattern and returns the leg in's direction
 * relative to the move away (-1: against it, as into a reversal; +1: with it). After an older
 * extreme (see {@link plantOlderExtreme}), a reversal's drift ends well inside the climb from it.
 */
export function plantContext(
  script: MarketScript,
  context: ContextKind,
  type: ZoneType,
  contextLength: number,
  olderExtreme: OlderExtreme | null = null,
): Direction {
  const { random } = script;
  const direction = directionOf(type);
  switch (context) {
    case 'reversal':
      if (olderExtreme !== null) {
        const above = olderExtreme.yardstick * random.between(5.8, 6.5);
        // A short drift, so the older extreme stays in the opening view.
        const drift = Math.min(contextLength, random.integer(8, 14));
        script.steerTo(olderExtreme.price + direction * above, drift);
      } else script.lean(contextLength, -direction as Direction, 0.1);
      return -1;
    case 'continuation':
      script.lean(contextLength, direction, 0.5);
      return 1;
    case 'range': {
      const candles = random.integer(14, 22);
      const halfHeight = random.between(0.9, 1.4);
      if (olderExtreme !== null) climbClearOf(script, olderExtreme, type, halfHeight);
      const edge = script.price - direction * script.yardstick() * halfHeight;
      plantRange(script, candles, halfHeight);
      // Out of the range on the side the zone forms, so the range is not the zone's band; after
      // an older extreme, steered to just beyond the range, so the zone stays inside that extreme.
      if (olderExtreme === null) script.lean(random.integer(5, 9), -direction as Direction, 0.35);
      else {
        const beyond = script.yardstick() * random.between(0.3, 0.9);
        script.steerTo(edge - direction * beyond, random.integer(5, 9));
      }
      return -1;
    }
    case 'failed-breakout': {
      const halfHeight = random.between(0.9, 1.3);
      if (olderExtreme !== null) climbClearOf(script, olderExtreme, type, halfHeight);
      plantRange(script, random.integer(12, 18), halfHeight);
      // The leg in is the breakout: it starts at the range's edge and runs through it.
      script.steerTo(
        script.price - direction * script.yardstick() * halfHeight * random.between(0.5, 0.8),
        random.integer(2, 3),
      );
      return -1;
    }
    case 'trend': {
      // A steady trend with its own small pullbacks; the zone is the base of a sharper one. The
      // trend climbs well past what the pullback gives back, so the zone is a higher low, not
      // the view's extreme.
      const candles = contextLength + random.integer(12, 24);
      const climb = script.yardstick() * random.between(...TREND_CLIMB_IN_RANGES);
      script.steerTo(script.price + direction * climb, candles);
      return -1;
    }
  }
}
