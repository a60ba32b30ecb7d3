import type { Candle } from 'chart-kit/core';
import { createRandom, type DetectedZone, detectZones, simulateMarket } from '@course/rules';

const MILLISECONDS_PER_DAY = 86_400_000;
/** Monday 4 March 2024: the first simulated session. */
const FIRST_SESSION_DAY = Math.floor(Date.UTC(2024, 2, 4) / MILLISECONDS_PER_DAY);
/** Ten New York sessions of 78 five-minute candles. */
export const MARKET_CANDLE_COUNT = 780;
const MARKET_SEED = 20_240_369;

let marketCache: Candle[] | undefined;

/**
 * A realistic stock-like 5-minute series from the course's seeded market simulator: the same candles
 * on every machine and every reload, so screenshots and tests can rely on them.
 */
export function marketCandles(): Candle[] {
  marketCache ??= simulateMarket(
    { seed: MARKET_SEED, startPrice: 182.5, firstSessionDay: FIRST_SESSION_DAY },
    MARKET_CANDLE_COUNT,
  );
  return marketCache;
}

let minuteCache: Candle[] | undefined;

/**
 * `marketCandles()` as 1-minute candles: each 5-minute candle split into five whose path goes
 * open -> low -> high -> close (rising candles) or open -> high -> low -> close (falling ones),
 * so aggregating them back to 5min from the 09:30 open gives the 5-minute candles exactly.
 */
export function minuteCandles(): Candle[] {
  minuteCache ??= marketCandles().flatMap((candle) => {
    const cents = (price: number) => Math.round(price * 100) / 100;
    const rising = candle.close >= candle.open;
    const first = rising ? candle.low : candle.high;
    const second = rising ? candle.high : candle.low;
    const path = [
      candle.open,
      cents((candle.open + first) / 2),
      first,
      second,
      cents((second + candle.close) / 2),
      candle.close,
    ];
    return Array.from({ length: 5 }, (_, minute): Candle => {
      const open = path[minute] ?? candle.open;
      const close = path[minute + 1] ?? candle.close;
      const split: Candle = {
        time: candle.time + minute * 60,
        open,
        high: Math.max(open, close),
        low: Math.min(open, close),
        close,
      };
      if (candle.volume !== undefined) split.volume = Math.round(candle.volume / 5);
      return split;
    });
  });
  return minuteCache;
}

/**
 * The clearest zone the course's detector finds in the last part of `marketCandles()`, so it is
 * in the first view: the answer of the drawing exercise and the box the reveal story shows.
 */
export function exerciseZone(): DetectedZone {
  const candles = marketCandles();
  const inView = detectZones(candles).filter((zone) => zone.baseStart >= candles.length - 70);
  const clearest = inView.sort((a, b) => b.strength - a.strength)[0];
  if (!clearest) throw new Error('the seeded market has no zone in view; change MARKET_SEED');
  return clearest;
}

/** 'Supply zone' or 'Demand zone': the label of a revealed zone. */
export function zoneLabel(zone: DetectedZone): string {
  return zone.type === 'supply' ? 'Supply zone' : 'Demand zone';
}

/** Times of the candles that make a zone: its base and the move away from it. */
export function zoneCandleTimes(zone: DetectedZone): number[] {
  const candles = marketCandles();
  return candles.slice(zone.baseStart, zone.moveEnd + 1).map((candle) => candle.time);
}

const FIVE_MINUTES = 300;
/** 2 January 2024 00:00 UTC. */
const MILLION_START_TIME = Date.UTC(2024, 0, 2) / 1000;

/**
 * `count` candles of a random walk around the clock, built in one tight loop (well under a second
 * for a million): the simulator is more realistic but several times slower at this size. Prices are
 * whole cents and stay between about 20 and 500 because returns pull back towards 100 on a log scale.
 */
export function randomWalkCandles(count: number, seed = 1): Candle[] {
  const random = createRandom(seed);
  const candles = new Array<Candle>(count);
  const cents = (price: number) => Math.round(price * 100) / 100;
  let logPrice = Math.log(100);
  let trend = 0;
  for (let i = 0; i < count; i++) {
    // A trend that changes every few hundred candles, so zoomed-out views show swings, not noise.
    if (i % 288 === 0) trend = (random.next() - 0.5) * 0.0008;
    const open = cents(Math.exp(logPrice));
    logPrice += trend + (random.next() - 0.5) * 0.004 - (logPrice - Math.log(100)) * 0.0005;
    const close = cents(Math.exp(logPrice));
    const wick = Math.max(open, close) * 0.0015;
    candles[i] = {
      time: MILLION_START_TIME + i * FIVE_MINUTES,
      open,
      close,
      high: cents(Math.max(open, close) + random.next() * wick),
      low: cents(Math.min(open, close) - random.next() * wick),
    };
  }
  return candles;
}
