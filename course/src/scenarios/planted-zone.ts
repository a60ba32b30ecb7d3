import { zoneBounds, type ZoneType } from '../zones.js';
import type { Direction, MarketScript } from './market-script.js';
import { directionOf, nearEdge, type PlantedBand } from './planted-band.js';

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
  /**
   * The last base candle has a full body (over half its own range, under half an average range):
   * still a base to the course's detector, but no point for the base on the Finding module's
   * checklist.
   */
  bodiedBase?: boolean;
}

/**
 * One base candle with its long wick on the far side, a doji, or (after the first, which gives
 * the zone its height) a quiet small candle or, where the shape asks, one with a full body.
 */
function plantBaseCandle(
  script: MarketScript,
  direction: Direction,
  yardstick: number,
  shape: ZoneShape,
  place: { first: boolean; last: boolean },
): number {
  const { random } = script;
  const { first } = place;
  if (shape.bodiedBase && place.last && !first) {
    // Its body runs the move's way, as a base's last candle often leans before the move.
    return script.shaped({
      body: direction * yardstick * random.between(0.3, 0.42),
      upperWick: yardstick * random.between(0.03, 0.1),
      lowerWick: yardstick * random.between(0.03, 0.1),
    });
  }
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
    const place = { first: index === 0, last: index === shape.baseCandles - 1 };
    baseIndexes.push(plantBaseCandle(script, direction, baseYardstick, shape, place));
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
