import { averageRange } from '../zones.js';
import { SIMULATED_CANDLE_SECONDS, type CandleShape, type MarketSimulator } from '../market-sim.js';
import type { Random } from '../random.js';
import type { Candle } from '@chart-kit/core';

/** Candles over which "the average candle range" is measured, as the course defines it. */
export const RANGE_LOOKBACK = 20;

/** +1 for demand (price leaves upwards), -1 for supply. */
export type Direction = 1 | -1;

/**
 * Writes a market candle by candle: free candles from the simulator, steered stretches and candles
 * given by shape, in units of the average candle range (the "yardstick") so that a scenario reads the
 * same on a quiet 60-dollar stock and on a wild 290-dollar one.
 */
export class MarketScript {
  readonly candles: Candle[];

  constructor(
    private readonly simulator: MarketSimulator,
    readonly random: Random,
    prefix: readonly Candle[] = [],
  ) {
    this.candles = [...prefix];
  }

  get length(): number {
    return this.candles.length;
  }

  get price(): number {
    return this.simulator.lastPrice;
  }

  /** Start time of the next candle. */
  get nextTime(): number {
    return this.simulator.nextTime;
  }

  /** The average range of the last {@link RANGE_LOOKBACK} candles (the course's yardstick). */
  yardstick(): number {
    return averageRange(this.candles, this.candles.length, RANGE_LOOKBACK);
  }

  at(index: number): Candle {
    const candle = this.candles[index];
    if (candle === undefined) throw new RangeError(`no candle ${index}`);
    return candle;
  }

  /** Free market candles, as simulated. */
  free(count: number): void {
    for (let index = 0; index < count; index++) this.candles.push(this.simulator.next());
  }

  /** Free candles until the next candle would open at or after `time`. */
  freeUntil(time: number): void {
    while (this.simulator.nextTime < time) this.candles.push(this.simulator.next());
  }

  /** Candles leaning `lean` of a candle's sigma per candle in `direction` (a gentle trend). */
  lean(count: number, direction: Direction, lean: number, volatilityScale = 1): void {
    for (let index = 0; index < count; index++) {
      const sigma = this.simulator.nextCandleSigma;
      this.candles.push(this.simulator.next({ drift: direction * lean * sigma, volatilityScale }));
    }
  }

  /**
   * Steers price to `target` over `count` candles; calmer over the last few so that price arrives
   * near the target instead of overshooting into whatever lies beyond it.
   */
  steerTo(target: number, count: number, volatilityScale = 1): void {
    for (let remaining = count; remaining > 0; remaining--) {
      const drift = (target - this.simulator.lastPrice) / remaining;
      const calm = remaining > 4 ? volatilityScale : volatilityScale * (0.35 + 0.1 * remaining);
      this.candles.push(this.simulator.next({ drift, volatilityScale: calm }));
    }
  }

  /** One candle given by shape (body and wicks in dollars); it opens at the last close. */
  shaped(shape: CandleShape): number {
    this.candles.push(this.simulator.nextShaped(shape));
    return this.candles.length - 1;
  }

  /** A candle moving `bodyInRanges` yardsticks in `direction`, with short wicks. */
  strong(direction: Direction, bodyInRanges: number, yardstick = this.yardstick()): number {
    const body = direction * bodyInRanges * yardstick;
    const backWick = yardstick * this.random.between(0, 0.08);
    const frontWick = yardstick * this.random.between(0, 0.25);
    return this.shaped({
      body,
      upperWick: direction > 0 ? frontWick : backWick,
      lowerWick: direction > 0 ? backWick : frontWick,
    });
  }

  /**
   * A small candle with its long wick on the `farSide` (where orders waited): body at most
   * `maxBody` yardsticks and under half the candle's own range.
   */
  small(
    farSide: Direction,
    yardstick = this.yardstick(),
    maxBody = 0.3,
    farWickRange: [number, number] = [0.45, 0.95],
  ): number {
    const farWick = yardstick * this.random.between(...farWickRange);
    const nearWick = yardstick * this.random.between(0.04, 0.25);
    return this.shaped({
      body: yardstick * this.random.between(-maxBody, maxBody),
      upperWick: farSide > 0 ? farWick : nearWick,
      lowerWick: farSide > 0 ? nearWick : farWick,
    });
  }

  /** Minutes from the session's 09:30 open to the next candle. */
  minutesIntoHour(): number {
    return Math.floor((this.simulator.nextTime % 3600) / 60);
  }

  static readonly candleSeconds = SIMULATED_CANDLE_SECONDS;
}
