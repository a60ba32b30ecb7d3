import type { ZoneType } from '../zones.js';
import type { Direction } from './market-script.js';

/** The answer of an exercise: a band of prices and the candles that made it. */
export interface PlantedBand {
  type: ZoneType;
  upper: number;
  lower: number;
  /** The base's wick on the near side (demand: highest high; supply: lowest low), if a base. */
  nearSideWick?: number;
}

export const directionOf = (type: ZoneType): Direction => (type === 'demand' ? 1 : -1);

/** The near (proximal) edge: where price comes back into the zone first. */
export const nearEdge = (band: { type: ZoneType; upper: number; lower: number }) =>
  band.type === 'demand' ? band.upper : band.lower;
