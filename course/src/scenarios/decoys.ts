import type { ZoneType } from '../zones.js';
import type { MarketScript } from './market-script.js';
import { directionOf, nearEdge } from './planted-band.js';
import { plantZone } from './planted-zone.js';
import { returnAndReact } from './zone-returns.js';

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
