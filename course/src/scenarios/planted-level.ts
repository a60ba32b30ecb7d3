import type { ZoneType } from '../zones.js';
import type { MarketScript } from './market-script.js';
import { directionOf, nearEdge, type PlantedBand } from './planted-band.js';

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
function levelBand(script: MarketScript, type: ZoneType, touches: readonly number[]): PlantedBand {
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
