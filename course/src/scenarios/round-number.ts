import type { Candle } from '@chart-kit/core';
import type { Random } from '../random.js';
import type { ScenarioZone } from './scenario-types.js';

/**
 * Moves every price by the same whole number of cents so that the zone contains a multiple of 10
 * or 25 dollars, well inside it (between a fifth and four fifths of its height). A constant shift
 * keeps every shape, so the checks see the same chart, just elsewhere.
 */
export function shiftToRoundNumber(
  candles: readonly Candle[],
  band: ScenarioZone,
  random: Random,
): { candles: Candle[]; band: ScenarioZone; level: number } {
  const step = random.pick([10, 25]);
  const height = band.upper - band.lower;
  const inside = band.lower + height * random.between(0.25, 0.75);
  const level = Math.max(step, Math.round(inside / step) * step);
  const shiftCents = Math.round((level - inside) * 100);
  const move = (price: number) => Math.round(price * 100 + shiftCents) / 100;
  return {
    candles: candles.map((candle) => ({
      ...candle,
      open: move(candle.open),
      high: move(candle.high),
      low: move(candle.low),
      close: move(candle.close),
    })),
    band: {
      ...band,
      upper: move(band.upper),
      lower: move(band.lower),
      ...(band.nearSideWick === undefined ? {} : { nearSideWick: move(band.nearSideWick) }),
    },
    level,
  };
}
