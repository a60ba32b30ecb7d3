import type { Candle } from './candle.js';
import { createRandom, type Random } from './random.js';

/** Length of one simulated candle: 5 minutes. */
export const SIMULATED_CANDLE_SECONDS = 300;
/** 09:30 to 16:00 New York time in 5-minute candles. */
export const CANDLES_PER_SESSION = 78;

const SECONDS_PER_DAY = 86_400;
const MILLISECONDS_PER_DAY = SECONDS_PER_DAY * 1000;
const SESSION_OPEN_SECONDS = (9 * 60 + 30) * 60;
const EASTERN_STANDARD_OFFSET = -5 * 3600;
const EASTERN_DAYLIGHT_OFFSET = -4 * 3600;

/** A day number: days since 1970-01-01, naming a calendar date (not an instant). */
function weekday(dayNumber: number): number {
  return new Date(dayNumber * MILLISECONDS_PER_DAY).getUTCDay();
}

/** Day of the month of the `nth` Sunday of a month (month 0 = January). */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1);
}

/**
 * New York's offset from UTC on a calendar date, by the US rule in force since 2007: daylight time
 * from the second Sunday of March to the first Sunday of November. The switch happens at 02:00,
 * before any session opens, so the date alone decides a session's offset.
 */
export function newYorkUtcOffsetOnDay(dayNumber: number): number {
  const date = new Date(dayNumber * MILLISECONDS_PER_DAY);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const afterSpringSwitch = month > 2 || (month === 2 && day >= nthSunday(year, 2, 2));
  const beforeAutumnSwitch = month < 10 || (month === 10 && day < nthSunday(year, 10, 1));
  return afterSpringSwitch && beforeAutumnSwitch
    ? EASTERN_DAYLIGHT_OFFSET
    : EASTERN_STANDARD_OFFSET;
}

/**
 * New York's offset from UTC, in seconds (-14400 or -18000), at an instant during a trading day.
 * Only meant for session hours: near the 02:00 switch it may be an hour off.
 */
export function newYorkUtcOffset(unixSeconds: number): number {
  // Any instant of a session is between 13:30 and 21:00 UTC, so the UTC date is the local date.
  return newYorkUtcOffsetOnDay(Math.floor(unixSeconds / SECONDS_PER_DAY));
}

/** The New York calendar date (a day number) of an instant during a trading session. */
export function newYorkDayNumber(unixSeconds: number): number {
  return Math.floor((unixSeconds + newYorkUtcOffset(unixSeconds)) / SECONDS_PER_DAY);
}

/** Unix time of the 09:30 New York open on the calendar date `dayNumber`. */
export function sessionOpenTime(dayNumber: number): number {
  return dayNumber * SECONDS_PER_DAY + SESSION_OPEN_SECONDS - newYorkUtcOffsetOnDay(dayNumber);
}

/** The first Monday-to-Friday date on or after `dayNumber`. Exchange holidays are not modelled. */
export function nextWeekday(dayNumber: number): number {
  let day = dayNumber;
  while (weekday(day) === 0 || weekday(day) === 6) day++;
  return day;
}

export interface MarketSimOptions {
  seed: number;
  /** Price of the first open, in dollars. */
  startPrice: number;
  /** Calendar date (day number) of the first session; moved forward to a weekday if needed. */
  firstSessionDay: number;
  /** Typical standard deviation of one candle's return, as a fraction of price. Default 0.0012. */
  candleVolatility?: number;
  /** Average shares per candle; 0 leaves `volume` out of the candles. Default 50,000. */
  averageVolume?: number;
}

/** Per-candle steering, for scripting a stretch of the market (a pull-back, a sharp move). */
export interface StepControl {
  /** Expected change of this candle's close, in dollars; replaces the regime's own drift. */
  drift?: number;
  /** Multiplies this candle's random movement (1 = as simulated). */
  volatilityScale?: number;
}

/** A candle given by shape instead of simulated; it opens at the current price. */
export interface CandleShape {
  /** close - open, in dollars (negative for a red candle). */
  body: number;
  /** Dollars from the body top to the high. */
  upperWick: number;
  /** Dollars from the body bottom to the low. */
  lowerWick: number;
}

type Regime = 'up' | 'down' | 'range';

// Volatility clustering: a unit-mean GARCH(1,1) on the candle variance. Alpha is how strongly a big
// candle raises the next candle's variance, beta how long raised variance lasts.
const GARCH_ALPHA = 0.06;
const GARCH_BETA = 0.91;
const MIN_VARIANCE = 0.25;
const MAX_VARIANCE = 4;
/** About one regime change every 45 candles: trends and ranges last a few hours. */
const REGIME_SWITCH_PROBABILITY = 1 / 45;
const INTRABAR_STEPS = 4;

function roundToCents(price: number): number {
  return Math.round(price * 100) / 100;
}

/**
 * Volatility multiplier through a US session, a U shape: busiest at the open, quietest at lunch,
 * busy again into the close. Polynomial rather than exponential so the result is exact.
 */
export function sessionActivity(candleInSession: number): number {
  const position = (2 * candleInSession) / (CANDLES_PER_SESSION - 1) - 1;
  const squared = position * position;
  const openingBurst = position < 0 ? squared * squared * squared : 0;
  return 0.75 + 0.55 * squared + 0.45 * openingBurst;
}

/**
 * A stock-like market in 5-minute candles over US sessions (09:30 to 16:00 New York, weekdays):
 * volatility that clusters (GARCH), regimes that trend up, trend down or range around a price, a U
 * shaped session, small overnight gaps, and volume that follows activity. Prices are whole cents.
 * The same options give the same candles on every machine.
 */
export class MarketSimulator {
  private readonly random: Random;
  private readonly candleVolatility: number;
  private readonly averageVolume: number;
  private price: number;
  private day: number;
  private candleInSession = 0;
  private variance = 1;
  private regime: Regime = 'range';
  private regimeDrift = 0;
  private rangeAnchor: number;

  constructor(options: MarketSimOptions) {
    if (!(Number.isFinite(options.startPrice) && options.startPrice >= 1)) {
      throw new RangeError(`startPrice must be at least 1 dollar (${String(options.startPrice)})`);
    }
    if (!Number.isInteger(options.firstSessionDay)) {
      throw new RangeError('firstSessionDay must be an integer day number');
    }
    this.random = createRandom(options.seed);
    this.candleVolatility = options.candleVolatility ?? 0.0012;
    this.averageVolume = options.averageVolume ?? 50_000;
    this.price = roundToCents(options.startPrice);
    this.rangeAnchor = this.price;
    this.day = nextWeekday(options.firstSessionDay);
  }

  /** The last close (or the start price before any candle), in dollars. */
  get lastPrice(): number {
    return this.price;
  }

  /** Opening time of the next candle. */
  get nextTime(): number {
    return sessionOpenTime(this.day) + this.candleInSession * SIMULATED_CANDLE_SECONDS;
  }

  /** Standard deviation in dollars of the next candle's close-to-close change, as simulated. */
  get nextCandleSigma(): number {
    return (
      this.price *
      this.candleVolatility *
      sessionActivity(this.candleInSession) *
      Math.sqrt(this.variance)
    );
  }

  /** Simulates the next candle, optionally steered. */
  next(control: StepControl = {}): Candle {
    this.maybeSwitchRegime();
    const sigma = this.nextCandleSigma;
    const drift = control.drift ?? this.regimeDriftInSigmas() * sigma;
    const stepSigma = (sigma * (control.volatilityScale ?? 1)) / Math.sqrt(INTRABAR_STEPS);
    const open = this.openingPrice(sigma);

    let path = open;
    let high = open;
    let low = open;
    for (let step = 0; step < INTRABAR_STEPS; step++) {
      path += drift / INTRABAR_STEPS + stepSigma * this.random.normal();
      if (path > high) high = path;
      if (path < low) low = path;
    }
    // Prices between the sampled points still trade a little beyond them.
    high += Math.abs(this.random.normal()) * 0.25 * stepSigma;
    low -= Math.abs(this.random.normal()) * 0.25 * stepSigma;
    return this.emit(open, high, low, Math.max(path, 0.01), sigma);
  }

  /** Emits a candle of the given shape, opening at the current price, and moves time on. */
  nextShaped(shape: CandleShape): Candle {
    const sigma = this.nextCandleSigma;
    const open = this.price;
    const close = Math.max(open + shape.body, 0.01);
    const high = Math.max(open, close) + Math.max(shape.upperWick, 0);
    const low = Math.min(open, close) - Math.max(shape.lowerWick, 0);
    return this.emit(open, high, low, close, sigma);
  }

  private openingPrice(sigma: number): number {
    // A new session opens with a small gap from the previous close.
    if (this.candleInSession === 0) return this.price + 0.8 * sigma * this.random.normal();
    return this.price;
  }

  private emit(rawOpen: number, rawHigh: number, rawLow: number, rawClose: number, sigma: number) {
    const open = roundToCents(Math.max(rawOpen, 0.01));
    const close = roundToCents(rawClose);
    const candle: Candle = {
      time: this.nextTime,
      open,
      high: Math.max(roundToCents(rawHigh), open, close),
      low: Math.max(Math.min(roundToCents(rawLow), open, close), 0.01),
      close,
    };
    const shock = sigma > 0 ? (close - this.price) / sigma : 0;
    if (this.averageVolume > 0) candle.volume = this.volumeFor(shock);
    this.updateVariance(shock);
    this.price = close;
    this.advanceClock();
    return candle;
  }

  private volumeFor(shock: number): number {
    const activity = sessionActivity(this.candleInSession);
    const surprise = 0.6 + 0.4 * Math.min(Math.abs(shock), 4);
    const noise = 0.7 + 0.6 * this.random.next();
    return Math.max(1, Math.round(this.averageVolume * activity * surprise * noise));
  }

  private updateVariance(shock: number): void {
    const next =
      1 -
      GARCH_ALPHA -
      GARCH_BETA +
      GARCH_ALPHA * this.variance * shock * shock +
      GARCH_BETA * this.variance;
    this.variance = Math.min(MAX_VARIANCE, Math.max(MIN_VARIANCE, next));
  }

  private advanceClock(): void {
    this.candleInSession++;
    if (this.candleInSession < CANDLES_PER_SESSION) return;
    this.candleInSession = 0;
    this.day = nextWeekday(this.day + 1);
  }

  private maybeSwitchRegime(): void {
    if (!this.random.chance(REGIME_SWITCH_PROBABILITY)) return;
    this.regime = this.random.pick<Regime>(['up', 'down', 'range', 'range']);
    this.regimeDrift = this.random.between(0.05, 0.18);
    this.rangeAnchor = this.price;
  }

  /** Expected move of the next candle in units of its sigma. */
  private regimeDriftInSigmas(): number {
    if (this.regime === 'up') return this.regimeDrift;
    if (this.regime === 'down') return -this.regimeDrift;
    // A range pulls price back towards where it started, gently, so it wanders but stays put.
    const sigma = this.nextCandleSigma;
    if (sigma <= 0) return 0;
    const stretch = (this.price - this.rangeAnchor) / sigma;
    return Math.max(-0.5, Math.min(0.5, -0.04 * stretch));
  }
}

/** Convenience: `count` simulated candles with default steering. */
export function simulateMarket(options: MarketSimOptions, count: number): Candle[] {
  const simulator = new MarketSimulator(options);
  return Array.from({ length: count }, () => simulator.next());
}
