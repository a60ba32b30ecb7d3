import { CANDLES_PER_SESSION, MarketSimulator, newYorkDayNumber } from '../market-sim.js';
import type { Random } from '../random.js';
import type { Candle } from '@chart-kit/core';
import { ScenarioError, type ZoneScenarioRequest } from './scenario-types.js';

const MIN_CANDLE_SIGMA = 0.18;
/** Days from 2019-01-02 over which the first session is drawn. */
const FIRST_DAY = Date.UTC(2019, 0, 2) / 86_400_000;
const DAYS_OF_START = 6 * 365;

/**
 * The market an attempt writes into: a new stock at a price and a day drawn from the attempt's
 * seed, or, for a continued chart, the earlier chart's market one session later (`prefix` holds
 * its candles after its first session).
 */
export function startMarket(
  request: ZoneScenarioRequest,
  random: Random,
): { prefix: Candle[]; simulator: MarketSimulator } {
  const seed = random.integer(0, 2 ** 32 - 1);
  const averageVolume = Math.round(random.between(20_000, 150_000));
  // Cheap stocks move more in percent: a floor of 18 cents per candle keeps zones wide enough to
  // draw.
  const volatilityAt = (price: number) =>
    Math.max(random.between(0.0014, 0.0022), MIN_CANDLE_SIGMA / price);
  const earlier = request.continues;
  if (earlier) {
    const prefix = earlier.candles.slice(CANDLES_PER_SESSION);
    const last = prefix[prefix.length - 1];
    if (last === undefined) throw new ScenarioError('the continued scenario has no candles');
    const simulator = new MarketSimulator({
      seed,
      averageVolume,
      startPrice: last.close,
      candleVolatility: volatilityAt(last.close),
      firstSessionDay: newYorkDayNumber(last.time) + 1,
      // One session later: the market opens on an overnight gap like any other morning.
      openWithGap: true,
    });
    return { prefix, simulator };
  }
  const unit = random.next();
  const startPrice = 60 + 240 * unit * unit;
  const simulator = new MarketSimulator({
    seed,
    averageVolume,
    candleVolatility: volatilityAt(startPrice),
    startPrice,
    firstSessionDay: FIRST_DAY + random.integer(0, DAYS_OF_START),
  });
  return { prefix: [], simulator };
}
