import type { MarketScript } from './market-script.js';
import { directionOf, nearEdge, type PlantedBand } from './planted-band.js';

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
