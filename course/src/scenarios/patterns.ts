import { zoneBounds, type ZoneType } from '../zones.js';
import type { Direction, MarketScript } from './market-script.js';

/** The answer of an exercise: a band of prices and the candles that made it. */
export interface PlantedBand {
  type: ZoneType;
  upper: number;
  lower: number;
  /** The base's wick on the near side (demand: highest high; supply: lowest low), if a base. */
  nearSideWick?: number;
}

/** A zone planted as leg in, base, move away. Indexes into the script's candles. */
export interface PlantedZone {
  band: PlantedBand;
  legInStart: number;
  baseIndexes: number[];
  moveStart: number;
  moveEnd: number;
  /** Distance of the move's farthest close from the near edge, in average ranges. */
  departure: number;
  /** The average range the move is measured against (the 20 candles before it). */
  yardstick: number;
}

export const directionOf = (type: ZoneType): Direction => (type === 'demand' ? 1 : -1);

/** The near (proximal) edge: where price comes back into the zone first. */
export const nearEdge = (band: { type: ZoneType; upper: number; lower: number }) =>
  band.type === 'demand' ? band.upper : band.lower;

export interface ZoneShape {
  /** +1: the leg in runs the same way as the move away (continuation); -1: opposite (reversal). */
  legIn: Direction;
  legInCandles: number;
  baseCandles: number;
  moveCandles: number;
  /** The move's farthest close beyond the near edge, in average ranges. */
  departure: number;
  /** Body of each leg-in candle, in average ranges. Default [1.1, 1.7]. */
  legInBody?: [number, number];
  /** Where the move's last close lands, instead of `departure` (a price). */
  moveTo?: number;
  /** How far beyond the near edge the move's last close lands, instead of `departure` (dollars). */
  moveDistance?: number;
  /** The base candles' long wick on the far side, in average ranges. Default [0.45, 0.95]. */
  farWick?: [number, number];
  /**
   * Draw each base candle's look and the move's rhythm at random (dojis, quiet candles and long
   * far wicks; an even, accelerating or explosive move), as practice charts do. Default false:
   * every base candle has its long wick on the far side and the move's candles are even.
   */
  varied?: boolean;
}

/**
 * One base candle with its long wick on the far side, a doji, or (after the first, which gives
 * the zone its height) a quiet small candle.
 */
function plantBaseCandle(
  script: MarketScript,
  direction: Direction,
  yardstick: number,
  shape: ZoneShape,
  first: boolean,
): number {
  const { random } = script;
  const looks = first ? (['far-wick', 'doji'] as const) : (['far-wick', 'doji', 'quiet'] as const);
  const look = shape.varied ? random.pick(looks) : 'far-wick';
  if (look === 'doji') {
    return script.shaped({
      body: yardstick * random.between(-0.06, 0.06),
      upperWick: yardstick * random.between(0.3, 0.65),
      lowerWick: yardstick * random.between(0.3, 0.65),
    });
  }
  if (look === 'quiet') {
    return script.shaped({
      body: yardstick * random.between(-0.25, 0.25),
      upperWick: yardstick * random.between(0.05, 0.2),
      lowerWick: yardstick * random.between(0.05, 0.2),
    });
  }
  return script.small(-direction as Direction, yardstick, 0.3, shape.farWick ?? [0.45, 0.95]);
}

/** Relative sizes of the move's candles: even, growing (accelerating) or front-loaded. */
function moveWeights(script: MarketScript, shape: ZoneShape): number[] {
  const { random } = script;
  const even = () => Array.from({ length: shape.moveCandles }, () => random.between(0.8, 1.25));
  if (!shape.varied) return even();
  const rhythm = random.pick(['even', 'accelerating', 'explosive'] as const);
  if (rhythm === 'even') return even();
  return Array.from({ length: shape.moveCandles }, (_, index) => {
    const step = rhythm === 'accelerating' ? index : shape.moveCandles - 1 - index;
    return (0.75 + 0.35 * step) * random.between(0.9, 1.1);
  });
}

/**
 * Leg in, base, move away. The base candles are small with their long wicks on the far side, where
 * the orders waited; the move is `moveCandles` strong candles of uneven size that carry the close
 * `departure` average ranges beyond the zone's near edge.
 */
export function plantZone(script: MarketScript, type: ZoneType, shape: ZoneShape): PlantedZone {
  const { random } = script;
  const direction = directionOf(type);
  const legInStart = script.length;
  const legYardstick = script.yardstick();
  for (let index = 0; index < shape.legInCandles; index++) {
    const [smallest, largest] = shape.legInBody ?? [1.1, 1.7];
    script.strong(
      (direction * shape.legIn) as Direction,
      random.between(smallest, largest),
      legYardstick,
    );
  }
  const baseYardstick = script.yardstick();
  const baseIndexes: number[] = [];
  for (let index = 0; index < shape.baseCandles; index++) {
    baseIndexes.push(plantBaseCandle(script, direction, baseYardstick, shape, index === 0));
  }
  const baseCandles = baseIndexes.map((index) => script.at(index));
  const band: PlantedBand = {
    type,
    ...zoneBounds(type, baseCandles),
    nearSideWick:
      type === 'demand'
        ? Math.max(...baseCandles.map((candle) => candle.high))
        : Math.min(...baseCandles.map((candle) => candle.low)),
  };

  const moveStart = script.length;
  const yardstick = script.yardstick();
  const beyondNearEdge = shape.moveDistance ?? shape.departure * yardstick;
  const travel =
    shape.moveTo === undefined
      ? beyondNearEdge + direction * (nearEdge(band) - script.price)
      : direction * (shape.moveTo - script.price);
  const weights = moveWeights(script, shape);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  for (const weight of weights) {
    script.strong(direction, (travel * weight) / total / yardstick, yardstick);
  }
  const moveEnd = script.length - 1;
  let farthest = 0;
  for (let index = moveStart; index <= moveEnd; index++) {
    farthest = Math.max(farthest, direction * (script.at(index).close - nearEdge(band)));
  }
  return {
    band,
    legInStart,
    baseIndexes,
    moveStart,
    moveEnd,
    departure: farthest / yardstick,
    yardstick,
  };
}

/**
 * Price comes back to a zone: a candle reaches into it with a wick (a share `depth` of its height)
 * and turns away with its body outside. Returns the candle's index.
 */
export function touchZone(
  script: MarketScript,
  band: PlantedBand,
  depth: [number, number] = [0.25, 0.7],
): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const edge = nearEdge(band);
  const height = band.upper - band.lower;
  const yardstick = script.yardstick();
  const reachInto = Math.max(0.01, height * random.between(...depth));
  const reachWick = Math.abs(script.price - (edge - direction * reachInto));
  const awayWick = yardstick * random.between(0.02, 0.2);
  return script.shaped({
    body: direction * yardstick * random.between(0.15, 0.45),
    upperWick: direction > 0 ? awayWick : reachWick,
    lowerWick: direction > 0 ? reachWick : awayWick,
  });
}

/**
 * Before the puzzle ends, price comes back to the zone once and bounces: the zone is no longer
 * fresh (the orders waiting there were partly used), which a take-or-skip learner must see.
 */
export function plantEarlierReturn(script: MarketScript, band: PlantedBand): number {
  const { random } = script;
  const direction = directionOf(band.type);
  const yardstick = script.yardstick();
  script.steerTo(
    nearEdge(band) + direction * yardstick * random.between(0.3, 0.6),
    random.integer(4, 7),
    0.6,
  );
  const touch = touchZone(script, band, [0.2, 0.6]);
  script.steerTo(
    nearEdge(band) + direction * yardstick * random.between(1.7, 2.3),
    random.integer(3, 5),
    0.7,
  );
  return touch;
}

/**
 * Price comes back to a zone ({@link touchZone}), then a reaction of `reactionInRanges` average
 * ranges carries price away again.
 */
export function returnAndReact(
  script: MarketScript,
  band: PlantedBand,
  reactionInRanges: number,
): number {
  const direction = directionOf(band.type);
  const yardstick = script.yardstick();
  const returnIndex = touchZone(script, band);
  script.steerTo(
    nearEdge(band) + direction * reactionInRanges * yardstick,
    script.random.integer(3, 6),
    0.6,
  );
  return returnIndex;
}

/** A level touched again and again: support (demand) or resistance (supply). */
export interface PlantedLevel {
  band: PlantedBand;
  /** The first candle of the pattern: the start of the approach to the first touch. */
  start: number;
  /** The candles whose wicks touched the level. */
  touches: number[];
  /** The largest bounce away from the band after a touch, in average ranges. */
  departure: number;
  yardstick: number;
}

/**
 * `touches` visits of a level at the current price: each time price comes to it, a candle's wick
 * reaches the level and its body turns away a little short of it, then price bounces off by
 * `bounce` average ranges. The band runs from the most extreme touch to the body edge nearest the
 * level's far side (support: from the lowest low of the touches to their highest body bottom).
 */
export function plantLevel(
  script: MarketScript,
  type: ZoneType,
  touchCount: number,
  bounce: [number, number],
): PlantedLevel {
  const { random } = script;
  const direction = directionOf(type);
  const yardstick = script.yardstick();
  const level = script.price - direction * yardstick * random.between(0.6, 1.0);
  const start = script.length;
  const touches: number[] = [];
  let departure = 0;
  for (let touch = 0; touch < touchCount; touch++) {
    const approach = level + direction * yardstick * random.between(0.5, 0.75);
    if (touch > 0) script.lean(random.integer(2, 6), direction, 0.1);
    script.steerTo(approach, touch > 0 ? random.integer(5, 9) : random.integer(3, 5), 0.55);
    // A wick reaches the level; the body stays a little short of it and turns away.
    const reach = level + direction * yardstick * random.between(-0.15, 0.15);
    const open = script.price;
    const close = open + direction * yardstick * random.between(-0.12, 0.35);
    const bodyNearLevel = direction > 0 ? Math.min(open, close) : Math.max(open, close);
    const levelWick = Math.max(0, direction * (bodyNearLevel - reach));
    const otherWick = yardstick * random.between(0.03, 0.2);
    touches.push(
      script.shaped({
        body: close - open,
        upperWick: direction > 0 ? otherWick : levelWick,
        lowerWick: direction > 0 ? levelWick : otherWick,
      }),
    );
    const size = random.between(bounce[0], bounce[1]);
    script.steerTo(level + direction * (0.45 + size) * yardstick, random.integer(3, 6), 0.7);
    const band = levelBand(script, type, touches);
    const after = touches[touches.length - 1] ?? 0;
    for (let index = after + 1; index < script.length; index++) {
      departure = Math.max(
        departure,
        (direction * (script.at(index).close - nearEdge(band))) / yardstick,
      );
    }
  }
  return { band: levelBand(script, type, touches), start, touches, departure, yardstick };
}

/** Support: lowest low of the touches to their highest body bottom; resistance mirrored. */
export function levelBand(
  script: MarketScript,
  type: ZoneType,
  touches: readonly number[],
): PlantedBand {
  const candles = touches.map((index) => script.at(index));
  if (type === 'demand') {
    return {
      type,
      lower: Math.min(...candles.map((candle) => candle.low)),
      upper: Math.max(...candles.map((candle) => Math.min(candle.open, candle.close))),
    };
  }
  return {
    type,
    upper: Math.max(...candles.map((candle) => candle.high)),
    lower: Math.min(...candles.map((candle) => Math.max(candle.open, candle.close))),
  };
}

/** A broken level retested from the other side: the old ceiling becomes a floor (or vice versa). */
export interface PlantedFlip {
  band: PlantedBand;
  start: number;
  touches: number[];
  breakIndex: number;
  retestIndex: number;
  /** The bounce after the retest, in average ranges. */
  departure: number;
  yardstick: number;
}

/**
 * Role reversal. For demand: resistance touched `touchCount` times from below, a candle that
 * breaks it and closes well above, a pull-back whose wick dips into the old resistance band while
 * its body stays above, and a bounce. The answer is the old band, now a demand zone.
 */
export function plantFlip(script: MarketScript, type: ZoneType, touchCount: number): PlantedFlip {
  const { random } = script;
  const direction = directionOf(type);
  const oldRole: ZoneType = type === 'demand' ? 'supply' : 'demand';
  const level = plantLevel(script, oldRole, touchCount, [1.4, 2.4]);
  const { yardstick } = level;
  const old = level.band;
  const farSide = direction > 0 ? old.upper : old.lower;
  const nearSide = direction > 0 ? old.lower : old.upper;
  script.steerTo(nearSide - direction * yardstick * random.between(0.3, 0.6), random.integer(4, 8));
  const breakClose = farSide + direction * yardstick * random.between(1.0, 1.6);
  const breakIndex = script.strong(
    direction,
    (direction * (breakClose - script.price)) / yardstick,
    yardstick,
  );
  script.lean(random.integer(3, 7), direction, 0.25);
  script.steerTo(
    farSide + direction * yardstick * random.between(0.5, 0.8),
    random.integer(5, 9),
    0.6,
  );
  const height = old.upper - old.lower;
  const reach = farSide - direction * height * random.between(0.25, 0.7);
  const open = script.price;
  const close = open + direction * yardstick * random.between(0.1, 0.4);
  const bodyNear = direction > 0 ? Math.min(open, close) : Math.max(open, close);
  const dipWick = Math.max(0, direction * (bodyNear - reach));
  const otherWick = yardstick * random.between(0.03, 0.2);
  const retestIndex = script.shaped({
    body: close - open,
    upperWick: direction > 0 ? otherWick : dipWick,
    lowerWick: direction > 0 ? dipWick : otherWick,
  });
  const bounceTarget = farSide + direction * yardstick * random.between(3.2, 4.5);
  script.steerTo(bounceTarget, random.integer(4, 7), 0.7);
  let departure = 0;
  for (let index = retestIndex + 1; index < script.length; index++) {
    departure = Math.max(departure, (direction * (script.at(index).close - farSide)) / yardstick);
  }
  return {
    band: { type, upper: old.upper, lower: old.lower },
    start: level.start,
    touches: level.touches,
    breakIndex,
    retestIndex,
    departure,
    yardstick,
  };
}

/** Something in view a learner should notice and reject, and why. */
export interface PlantedDecoy {
  kind: 'long-base' | 'gentle-move' | 'tested-zone';
  start: number;
  end: number;
  upper: number;
  lower: number;
  /** long-base: candles of the sideways stretch; gentle-move: candles of the rise. */
  candles: number;
  /** How far it carried price, in average ranges. */
  distance: number;
}

/** A long sideways stretch and then a rise: a "base" too long to hold unfilled orders. */
export function plantLongBaseDecoy(script: MarketScript, type: ZoneType): PlantedDecoy {
  const { random } = script;
  const direction = directionOf(type);
  const start = script.length;
  const centre = script.price;
  const yardstick = script.yardstick();
  const sideways = random.integer(8, 12);
  for (let index = 0; index < sideways; index++) {
    script.shaped({
      body: (centre - script.price) * 0.6 + yardstick * random.between(-0.2, 0.2),
      upperWick: yardstick * random.between(0.05, 0.3),
      lowerWick: yardstick * random.between(0.05, 0.3),
    });
  }
  const range = script.candles.slice(start);
  const upper = Math.max(...range.map((candle) => candle.high));
  const lower = Math.min(...range.map((candle) => candle.low));
  const edge = direction > 0 ? upper : lower;
  const rise = random.integer(3, 4);
  for (let index = 0; index < rise; index++)
    script.strong(direction, random.between(0.8, 1.1), yardstick);
  return {
    kind: 'long-base',
    start,
    end: script.length - 1,
    upper,
    lower,
    candles: sideways,
    distance: (direction * (script.price - edge)) / yardstick,
  };
}

/** A slow climb (or slide) of many small, overlapping candles: a move without urgency. */
export function plantGentleMoveDecoy(
  script: MarketScript,
  type: ZoneType,
  distanceInRanges: number,
): PlantedDecoy {
  const { random } = script;
  const direction = directionOf(type);
  const yardstick = script.yardstick();
  const start = script.length;
  const from = script.price;
  // About half an average range a candle at most: small, overlapping candles however far it goes.
  const count =
    Math.min(22, Math.max(12, Math.round(distanceInRanges / 0.5))) + random.integer(0, 2);
  script.steerTo(from + direction * distanceInRanges * yardstick, count, 0.45);
  const climb = script.candles.slice(start);
  return {
    kind: 'gentle-move',
    start,
    end: script.length - 1,
    upper: Math.max(...climb.map((candle) => candle.high)),
    lower: Math.min(...climb.map((candle) => candle.low)),
    candles: count,
    distance: (direction * (script.price - from)) / yardstick,
  };
}

/** An earlier zone of the same type that price has already come back to: used, not fresh. */
export function plantTestedZoneDecoy(script: MarketScript, type: ZoneType): PlantedDecoy {
  const { random } = script;
  const direction = directionOf(type);
  const zone = plantZone(script, type, {
    // Its leg in comes from the side away from where the answer forms later, so the answer's band
    // is not crossed by the decoy's candles.
    legIn: 1,
    legInCandles: 1,
    baseCandles: random.integer(1, 2),
    moveCandles: random.integer(3, 4),
    departure: random.between(3.6, 4.6),
  });
  script.lean(random.integer(4, 8), direction, 0.05);
  const yardstick = script.yardstick();
  script.steerTo(
    nearEdge(zone.band) + direction * yardstick * random.between(0.5, 0.9),
    random.integer(6, 10),
  );
  const returnIndex = returnAndReact(script, zone.band, random.between(1.8, 2.4));
  return {
    kind: 'tested-zone',
    start: zone.legInStart,
    end: returnIndex,
    upper: zone.band.upper,
    lower: zone.band.lower,
    candles: zone.baseIndexes.length,
    distance: zone.departure,
  };
}

/** A 5-minute zone whose base sits in one small-bodied hourly candle, followed by strong hours. */
export interface PlantedHourlyZone extends PlantedZone {
  /** Index of the first 5-minute candle of the base's hour. */
  hourStart: number;
  /** The 1-hour zone: the base hour's far wick to its near body edge. */
  hourlyBand: { upper: number; lower: number };
}

const CANDLES_PER_HOUR = 12;

/**
 * A higher-timeframe zone with the 5-minute zone nested inside it. Inside one full hour, price
 * drops (for demand) into a 5-minute base and climbs back to about where the hour opened, so the
 * hourly candle is small-bodied with a long lower wick; the next `strongHours` hours each move a
 * full average hourly range away. `hourUtcOffset` maps a candle time to New York time.
 */
export function plantHourlyZone(
  script: MarketScript,
  type: ZoneType,
  strongHours: number,
  hourlyRangeBefore: () => number,
  isGoodHourStart: (time: number) => boolean,
  /** A price the strong hours must not pass (the next opposing zone), if any. */
  limit?: number,
): PlantedHourlyZone {
  const { random } = script;
  const direction = directionOf(type);
  while (!isGoodHourStart(script.nextTime)) script.lean(1, -direction as Direction, 0.08);
  const hourStart = script.length;
  const hourOpen = script.price;
  const baseCandles = random.integer(1, 2);
  const legInCandles = 4;
  const moveCandles = random.integer(3, 4);
  const zone = plantZone(script, type, {
    legIn: -1,
    legInCandles,
    legInBody: [0.8, 1.05],
    baseCandles,
    moveCandles,
    departure: 0,
    moveTo: hourOpen + direction * script.yardstick() * random.between(0.2, 0.5),
  });
  const rest = CANDLES_PER_HOUR - (script.length - hourStart);
  script.lean(rest, direction, 0, 0.4);
  const hour = script.candles.slice(hourStart, hourStart + CANDLES_PER_HOUR);
  const open = hour[0]?.open ?? hourOpen;
  const close = hour[hour.length - 1]?.close ?? hourOpen;
  const hourlyBand =
    direction > 0
      ? { lower: Math.min(...hour.map((candle) => candle.low)), upper: Math.max(open, close) }
      : { upper: Math.max(...hour.map((candle) => candle.high)), lower: Math.min(open, close) };
  for (let index = 0; index < strongHours; index++) {
    let target = script.price + direction * random.between(0.9, 1.2) * hourlyRangeBefore();
    if (limit !== undefined) {
      const stop = limit - direction * script.yardstick() * random.between(0.4, 0.8);
      target = direction > 0 ? Math.min(target, stop) : Math.max(target, stop);
    }
    script.steerTo(target, CANDLES_PER_HOUR, 0.8);
  }
  return { ...zone, hourStart, hourlyBand };
}
