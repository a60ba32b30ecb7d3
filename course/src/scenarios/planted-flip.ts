import type { ZoneType } from '../zones.js';
import type { MarketScript } from './market-script.js';
import { directionOf, type PlantedBand } from './planted-band.js';
import { plantLevel } from './planted-level.js';

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
