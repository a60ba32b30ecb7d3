import {
  CANDLES_PER_SESSION,
  MarketSimulator,
  newYorkDayNumber,
  type MarketSimOptions,
} from '../market-sim.js';
import type { Random } from '../random.js';
import type { Candle } from '@chart-kit/core';
import { ScenarioError, type ZoneScenarioRequest } from './scenario-types.js';

const MIN_CANDLE_SIGMA = 0.18;
/** Days from 2019-01-02 over which the first session is drawn. */
const FIRST_DAY = Date.UTC(2019, 0, 2) / 86_400_000;
const DAYS_OF_START = 6 * 365;

/**
 * Per-candle volatility of a market at `price`: 0.14% to 0.22% of price, with a floor of 18 cents
 * (cheap stocks move more in percent, and the floor keeps zones wide enough to draw).
 */
function candleVolatilityAt(random: Random, price: number): number {
  return Math.max(random.between(0.0014, 0.0022), MIN_CANDLE_SIGMA / price);
}

/**
 * The options of a new exercise market, drawn from `random` as every exercise draws them: a price
 * of $60 to $300 (cheaper ones likelier), its volatility, a volume and a first day from 2019 to
 * 2024. The calibration test measures markets drawn by this function against the real sample.
 */
export function drawMarketOptions(random: Random): MarketSimOptions {
  const seed = random.integer(0, 2 ** 32 - 1);
  const averageVolume = Math.round(random.between(20_000, 150_000));
  const unit = random.next();
  const startPrice = 60 + 240 * unit * unit;
  return {
    seed,
    averageVolume,
    candleVolatility: candleVolatilityAt(random, startPrice),
    startPrice,
    firstSessionDay: FIRST_DAY + random.integer(0, DAYS_OF_START),
  };
}

/**
 * The market an attempt writes into: a new stock at a price and a day drawn from the attempt's
 * seed, or, for a continued chart, the earlier chart's market one session later (`prefix` holds
 * its candles after its first session).
 */
export function startMarket(
  request: ZoneScenarioRequest,
  random: Random,
): { prefix: Candle[]; simulator: MarketSimulator } {
  const earlier = request.continues;
  if (!earlier) return { prefix: [], simulator: new MarketSimulator(drawMarketOptions(random)) };
  const seed = random.integer(0, 2 ** 32 - 1);
  const averageVolume = Math.round(random.between(20_000, 150_000));
  const prefix = earlier.candles.slice(CANDLES_PER_SESSION);
  const last = prefix[prefix.length - 1];
  if (last === undefined) throw new ScenarioError('the continued scenario has no candles');
  const simulator = new MarketSimulator({
    seed,
    averageVolume,
    startPrice: last.close,
    candleVolatility: candleVolatilityAt(random, last.close),
    firstSessionDay: newYorkDayNumber(last.time) + 1,
    // One session later: the market opens on an overnight gap like any other morning.
    openWithGap: true,
  });
  return { prefix, simulator };
}
