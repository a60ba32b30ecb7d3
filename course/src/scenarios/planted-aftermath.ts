import type { SkippedAftermath, TradeAftermath } from './aftermath.js';
import type { Direction, MarketScript } from './market-script.js';
import { directionOf, nearEdge, type PlantedBand } from './planted-band.js';
import { REACTION_WINDOW_CANDLES } from './reaction.js';
import { touchZone } from './zone-returns.js';
import { newYorkDayNumber } from '../market-sim.js';
import { sessionCloseTime } from '../session-close.js';

// The aftermath drawn by the odds of aftermath.ts, written as candles after the puzzle.

/** The three prices of a plan at the zone. */
export interface PlannedTrade {
  entry: number;
  stop: number;
  target: number;
}

const farEdge = (band: PlantedBand) => (band.type === 'demand' ? band.lower : band.upper);

/**
 * Price comes back into the zone in one candle that closes at a share `closeDepth` of its height
 * inside it (below 0: that share of a height short of it), without a long wick: the return of a
 * zone that is not going to bounce hard.
 */
function sinkInto(script: MarketScript, band: PlantedBand, closeDepth: [number, number]): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const edge = nearEdge(band);
  const height = band.upper - band.lower;
  const yardstick = script.yardstick();
  const close = edge - direction * height * random.between(...closeDepth);
  const small = () => yardstick * random.between(0.02, 0.15);
  // The candle trades at least a tenth of the zone's height inside it.
  const deepest = edge - direction * height * 0.1;
  const reach = direction > 0 ? Math.min(close, deepest) : Math.max(close, deepest);
  const bodyNear = direction > 0 ? Math.min(script.price, close) : Math.max(script.price, close);
  const intoWick = Math.max(small(), direction * (bodyNear - reach));
  return script.shaped({
    body: close - script.price,
    upperWick: direction > 0 ? small() : intoWick,
    lowerWick: direction > 0 ? intoWick : small(),
  });
}

/**
 * Candles wandering `between` average ranges beyond the zone's near edge until the
 * reaction's window from `returnIndex` is over: a stall, which free candles could turn into a
 * bounce or a break.
 */
function stall(
  script: MarketScript,
  band: PlantedBand,
  returnIndex: number,
  between: [number, number],
): void {
  const yardstick = script.yardstick();
  wanderNearZone(
    script,
    band,
    between,
    () => returnIndex + REACTION_WINDOW_CANDLES - script.length,
    () => yardstick,
  );
}

/**
 * Steers price, a few candles at a time, to `between` yardsticks beyond the zone's near edge
 * until `candlesLeft` says none are left.
 */
function wanderNearZone(
  script: MarketScript,
  band: PlantedBand,
  between: [number, number],
  candlesLeft: () => number,
  yardstick: () => number,
): void {
  const { random } = script;
  const direction = directionOf(band.type);
  for (let left = candlesLeft(); left > 0; left = candlesLeft()) {
    script.steerTo(
      nearEdge(band) + direction * yardstick() * random.between(...between),
      Math.min(left, random.integer(6, 9)),
      0.85,
    );
  }
}

/**
 * Candles still to come in the session of the return at `returnIndex`: 0 once the last candle
 * written is the session's last, or when price has already crossed into another session.
 */
function candlesLeftInSession(script: MarketScript, returnIndex: number): number {
  const last = script.at(script.length - 1);
  const day = newYorkDayNumber(script.at(returnIndex).time);
  if (newYorkDayNumber(last.time) !== day) return 0;
  const period = last.time - script.at(script.length - 2).time;
  return Math.max(0, Math.round((sessionCloseTime(day) - last.time) / period) - 1);
}

/**
 * Keeps price wandering `between` average ranges beyond the zone's near edge until the session's
 * last candle: a trade that neither stop nor target ends is closed flat at the close there.
 */
function stallToSessionClose(
  script: MarketScript,
  band: PlantedBand,
  returnIndex: number,
  between: [number, number],
): void {
  wanderNearZone(
    script,
    band,
    between,
    () => candlesLeftInSession(script, returnIndex),
    () => script.yardstick(),
  );
}

/**
 * A weak reaction: price pokes back into the zone, lifts less than an average range and a half,
 * sinks back into the zone's upper part (demand) and stalls there without closing beyond it.
 */
export function plantWeakReaction(script: MarketScript, band: PlantedBand): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const yardstick = script.yardstick();
  const edge = nearEdge(band);
  const height = band.upper - band.lower;
  const returnIndex = sinkInto(script, band, [-0.1, 0.3]);
  script.steerTo(
    edge + direction * yardstick * random.between(0.5, 1.2),
    random.integer(2, 4),
    0.6,
  );
  script.steerTo(edge - direction * height * random.between(0.1, 0.45), random.integer(3, 6), 0.5);
  stall(script, band, returnIndex, [-0.1, 0.8]);
  return returnIndex;
}

/**
 * A break: price comes back, barely reacts, and closes beyond the far side on its way through,
 * then keeps going (`beyond` average ranges past the far side at least).
 */
export function plantBreak(script: MarketScript, band: PlantedBand, beyond = 0.5): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const yardstick = script.yardstick();
  const returnIndex = sinkInto(script, band, [0.1, 0.6]);
  if (random.chance(0.5)) {
    script.steerTo(
      nearEdge(band) + direction * yardstick * random.between(0.2, 0.7),
      random.integer(1, 3),
      0.6,
    );
  }
  const far = farEdge(band);
  script.steerTo(
    far - direction * yardstick * (beyond + random.between(0.3, 0.9)),
    random.integer(2, 4),
    0.8,
  );
  script.steerTo(
    far - direction * yardstick * (beyond + random.between(1.5, 3)),
    random.integer(4, 8),
    0.8,
  );
  return returnIndex;
}

/** Writes how the course's trade at the zone plays out. Returns the return's index. */
export function plantTradeAftermath(
  script: MarketScript,
  band: PlantedBand,
  trade: PlannedTrade,
  aftermath: TradeAftermath,
): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const yardstick = script.yardstick();
  const reward = Math.abs(trade.target - trade.entry);
  const belowStop = (ranges: number) => trade.stop - direction * yardstick * ranges;
  switch (aftermath) {
    case 'target': {
      const returnIndex = touchZone(script, band);
      script.steerTo(
        trade.target + direction * yardstick * random.between(0.2, 0.6),
        random.integer(5, 9),
        0.7,
      );
      return returnIndex;
    }
    case 'stop-break': {
      const beyond = Math.abs(trade.stop - farEdge(band)) / yardstick + 0.2;
      return plantBreak(script, band, beyond);
    }
    case 'stop-after-bounce': {
      const returnIndex = sinkInto(script, band, [0, 0.4]);
      script.steerTo(
        trade.entry + direction * reward * random.between(0.35, 0.7),
        random.integer(4, 7),
        0.6,
      );
      script.steerTo(belowStop(random.between(0.4, 1.0)), random.integer(6, 10), 0.8);
      script.steerTo(belowStop(random.between(1.5, 2.5)), random.integer(3, 6), 0.8);
      return returnIndex;
    }
    case 'stop-hunt': {
      const returnIndex = sinkInto(script, band, [-0.1, 0.3]);
      script.steerTo(
        trade.entry + direction * yardstick * random.between(0.5, 1.1),
        random.integer(2, 4),
        0.6,
      );
      const height = band.upper - band.lower;
      script.steerTo(
        farEdge(band) + direction * height * random.between(0.2, 0.45),
        random.integer(3, 5),
        0.5,
      );
      // One candle's wick runs through the stop; its body closes back inside the zone.
      const pierce = Math.abs(script.price - belowStop(random.between(0.05, 0.3)));
      script.shaped({
        body: direction * yardstick * random.between(0.1, 0.35),
        upperWick: direction > 0 ? yardstick * random.between(0.02, 0.15) : pierce,
        lowerWick: direction > 0 ? pierce : yardstick * random.between(0.02, 0.15),
      });
      stall(script, band, returnIndex, [0.2, 1.2]);
      return returnIndex;
    }
    case 'open': {
      const returnIndex = sinkInto(script, band, [-0.1, 0.3]);
      stall(script, band, returnIndex, [0.1, 1.0]);
      stallToSessionClose(script, band, returnIndex, [0.1, 1.0]);
      return returnIndex;
    }
  }
}

/**
 * A chart to skip: what a 2R trade from the zone does (see {@link SkippedAftermath}). The
 * opposing zone in the way (the wall) lies `toWall` dollars beyond the zone's near edge. Returns
 * the return's index.
 */
export function plantSkippedAftermath(
  script: MarketScript,
  band: PlantedBand,
  trade: PlannedTrade,
  toWall: number,
  aftermath: SkippedAftermath,
): number {
  const { random } = script;
  const direction: Direction = directionOf(band.type);
  const yardstick = script.yardstick();
  const risk = Math.abs(trade.entry - trade.stop);
  if (aftermath === 'break') {
    return plantBreak(script, band, Math.abs(trade.stop - farEdge(band)) / yardstick + 0.2);
  }
  if (aftermath === 'open') {
    const returnIndex = plantWeakReaction(script, band);
    stallToSessionClose(script, band, returnIndex, [-0.1, 0.8]);
    return returnIndex;
  }
  const returnIndex = touchZone(script, band);
  script.steerTo(
    nearEdge(band) + direction * toWall * random.between(0.85, 1),
    random.integer(3, 6),
    0.6,
  );
  if (aftermath === 'turned') {
    script.steerTo(farEdge(band) - direction * (risk + yardstick), random.integer(6, 10));
  } else {
    script.lean(random.integer(2, 4), direction, 0.05, 0.6);
    script.steerTo(
      trade.target + direction * yardstick * random.between(0.3, 0.8),
      random.integer(6, 10),
      0.7,
    );
  }
  return returnIndex;
}
