import type { Candle } from '@chart-kit/core';
import { nextFullTradingDay } from './exchange-calendar.js';
import { createRandom, deriveSeed, type Random } from './random.js';

// Math's functions are read once: inside jest's VM modules every global lookup goes through an
// interceptor and is about 20 times slower (jestjs/jest#5163), and these run per candle.
const { abs, floor, max, min, round, sqrt } = Math;

/** Length of one simulated candle: 5 minutes. */
export const SIMULATED_CANDLE_SECONDS = 300;
/** 09:30 to 16:00 New York time in 5-minute candles. */
export const CANDLES_PER_SESSION = 78;

const SECONDS_PER_DAY = 86_400;
const MILLISECONDS_PER_DAY = SECONDS_PER_DAY * 1000;
const SESSION_OPEN_SECONDS = (9 * 60 + 30) * 60;
const EASTERN_STANDARD_OFFSET = -5 * 3600;
const EASTERN_DAYLIGHT_OFFSET = -4 * 3600;

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
  return newYorkUtcOffsetOnDay(floor(unixSeconds / SECONDS_PER_DAY));
}

/** The New York calendar date (a day number) of an instant during a trading session. */
export function newYorkDayNumber(unixSeconds: number): number {
  return floor((unixSeconds + newYorkUtcOffset(unixSeconds)) / SECONDS_PER_DAY);
}

/** Unix time of the 09:30 New York open on the calendar date `dayNumber`. */
export function sessionOpenTime(dayNumber: number): number {
  return dayNumber * SECONDS_PER_DAY + SESSION_OPEN_SECONDS - newYorkUtcOffsetOnDay(dayNumber);
}

export interface MarketSimOptions {
  seed: number;
  /** Price of the first open, in dollars; with `openWithGap`, the close before the first session. */
  startPrice: number;
  /**
   * Calendar date (day number: days since 1970-01-01) of the first session; moved forward to the
   * next full trading day if needed.
   */
  firstSessionDay: number;
  /**
   * Typical standard deviation of one candle's return, as a fraction of price: its root mean square
   * through a session of average volatility. Default 0.0012.
   */
  candleVolatility?: number;
  /** Average shares per candle; 0 leaves `volume` out of the candles. Default 50,000. */
  averageVolume?: number;
  /**
   * Variance of the overnight gap as a share of the variance of a whole session, before earnings
   * and fat tails. Default 0.37 (fitted to the real sample's gaps, MARKET-REALISM.md); 0 opens
   * every session at the previous close.
   */
  overnightVariance?: number;
  /**
   * Chance that a session opens on an earnings report: a gap 3 to 6 times the usual and a day 1.4
   * to 1.7 times as volatile. Default 1/63 (four reports a year); 0 for none.
   */
  earningsChance?: number;
  /**
   * Average number of news bars per session: a candle 4 to 8 times the usual range, with a volume
   * spike and raised volatility after it. Default 0.2; 0 for none.
   */
  newsPerSession?: number;
  /**
   * Degrees of freedom of the Student-t distribution of candle returns and gaps: an integer of at
   * least 3, lower for fatter tails. Default 5; `Infinity` for normal returns.
   */
  tailDegreesOfFreedom?: number;
  /**
   * Volatility that clusters: within the day (GARCH) and from one day to the next. Default true;
   * false keeps every candle's volatility at its time of day's level.
   */
  volatilityClustering?: boolean;
  /** The intraday U shape of volatility and volume. Default true; false makes every slot alike. */
  intradayShape?: boolean;
  /**
   * How far a candle inside a session opens from the previous close, in that candle's sigmas
   * (before rounding to cents and a fat tail): real 5-minute candles open at the first trade after
   * the last one, mostly within a cent or two of it. Default 0.05; 0 opens every candle inside a
   * session at the previous close. Drawn from a stream of its own, so it moves opens by cents and
   * changes nothing else of a market with the same seed.
   */
  openingOffset?: number;
  /**
   * The first session opens on an overnight gap from `startPrice`, as every later one does: for a
   * market that continues an earlier one. Default false: the first open is `startPrice`.
   */
  openWithGap?: boolean;
  /**
   * Bid-ask bounce: the share of a candle's surprise (its open-to-close move beyond the drift it
   * was given) that the next candle of the same session gives back on average. Real 5-minute
   * returns are negatively autocorrelated at lag 1 because trades alternate between the bid and
   * the ask; this gives the simulated ones a lag-1 autocorrelation of about minus this value.
   * Default 0.08; 0 for none. Shaped candles (`nextShaped`) are not given back.
   */
  bounce?: number;
}

/** Per-candle steering, for scripting a stretch of the market (a pull-back, a sharp move). */
export interface StepControl {
  /** Expected change of this candle's close, in dollars; replaces the regime's own drift. */
  drift?: number;
  /**
   * Multiplies this candle's random movement (1 = as simulated), including the overnight gap when
   * the candle opens a session.
   */
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

// Volatility clustering within the day: a unit-mean GARCH(1,1) on the candle variance. Alpha is how
// strongly a big candle raises the next candle's variance, beta how long raised variance lasts
// (half-life about 35 candles, three hours).
const GARCH_ALPHA = 0.08;
const GARCH_BETA = 0.9;
const MIN_VARIANCE = 0.2;
const MAX_VARIANCE = 5;
/** A candle counts at most 4 sigmas into the next variance: one freak candle is not a regime. */
const MAX_GARCH_SHOCK_SQUARED = 16;
/** Overnight, raised or lowered intraday variance relaxes this far back towards 1. */
const OVERNIGHT_VARIANCE_CARRY = 0.5;
// Volatility clustering from day to day: each session's variance level is an AR(1) with mean 1 and
// positive (scaled chi-square) innovations, so some days are much busier than others.
const DAY_LEVEL_PERSISTENCE = 0.7;
const DAY_LEVEL_DEGREES = 1;
const MIN_DAY_LEVEL = 0.3;
const MAX_DAY_LEVEL = 4;
/** Largest variance multiplier of one candle's Student-t draw (about 3.5 sigmas of scale). */
const MAX_TAIL_MIXING = 12;
/** About one regime change every 45 candles: trends and ranges last a few hours. */
const REGIME_SWITCH_PROBABILITY = 1 / 45;
const INTRABAR_STEPS = 8;
/** How far beyond the sampled path a candle's high and low reach, in step sigmas (half-normal). */
const BEYOND_SAMPLED = 0.3;
/** Mean high-low range of a simulated candle, in its sigmas; turns a given range into activity. */
const RANGE_PER_SIGMA = 1.25;
const EARNINGS_GAP: Span = [3, 6];
const EARNINGS_DAY_LEVEL: Span = [2, 3];
const NEWS_RANGE: Span = [4, 8];
const NEWS_BODY_SHARE: Span = [0.55, 0.85];
/** Intraday variance right after a news bar, which then decays as GARCH variance does. */
const NEWS_AFTERSHOCK: Span = [2.5, 4];
/** Share of volume that trades whatever happens; the rest follows the flow of information. */
const BASE_LIQUIDITY = 0.35;
/** Mean square root of the information flow with default options, so volume averages as asked. */
const MEAN_ROOT_INFORMATION = 0.84;
/**
 * Spread of the noise on volume: (1 + c N)^2 / (1 + c^2) for a standard normal N has a mean of 1, a
 * coefficient of variation of about 2c (0.46) and a right skew, like real volume, from one normal
 * draw where a chi-square of the same spread needs ten.
 */
const VOLUME_NOISE_SPREAD = 0.23;

type Span = readonly [number, number];

/** Seeds the opening offsets' own random stream from the market's seed. */
const OPENING_OFFSET_SALT = 0x6f70_656e;
/** One opening offset in this many is news between two trades: four times as far. */
const OPENING_OFFSET_JUMP_CHANCE = 0.04;
const OPENING_OFFSET_JUMP = 4;

/** Scales a sum of four uniforms (variance 1/3) to unit variance. */
const SQRT_3 = sqrt(3);

function roundToCents(price: number): number {
  return round(price * 100) / 100;
}

function clamp(value: number, lowest: number, highest: number): number {
  return min(highest, max(lowest, value));
}

// The shapes are rational functions of the slot, not exponentials, so every engine computes them to
// the same last bit. Each is scaled once so that the option means what it says: volatility to a root
// mean square of 1 (so `candleVolatility` keeps the session's variance), volume to a mean of 1.
// Both are fitted to the real sample (course/data/real-bars, MARKET-REALISM.md): a level, a decay
// from the open, a rise over the last half hour, and three single candles: the opening auction's
// (09:30), the economic releases' (10:00) and, for volume, the closing auction's (15:55, which
// real charts show with the 16:00 print folded in).
const LAST_SLOT = CANDLES_PER_SESSION - 1;
const TEN_O_CLOCK_SLOT = 6;

function rawVolatilityShape(slot: number): number {
  const fromOpen = 1 + slot / 15;
  const toClose = 1 + (LAST_SLOT - slot) / 3.75;
  const openingAuction = slot === 0 ? 1.6 : 0;
  const releases = slot === TEN_O_CLOCK_SLOT ? 0.6 : 0;
  return 0.8 + 3.2 / (fromOpen * fromOpen) + 2.6 / (toClose * toClose) + openingAuction + releases;
}

function rawVolumeShape(slot: number): number {
  const fromOpen = 1 + slot / 64;
  const toClose = 1 + (LAST_SLOT - slot) / 3.25;
  const openingAuction = slot === 0 ? 2.3 : 0;
  const releases = slot === TEN_O_CLOCK_SLOT ? 0.65 : 0;
  // The last candle also carries the closing auction: on real tapes about 20 times a midday candle.
  const closingAuction = slot === LAST_SLOT ? 15 : 0;
  return (
    0.75 +
    1.5 / (fromOpen * fromOpen) +
    12.3 / (toClose * toClose) +
    openingAuction +
    releases +
    closingAuction
  );
}

function normalisedShape(raw: (slot: number) => number, rootMeanSquare: boolean): number[] {
  const values = Array.from({ length: CANDLES_PER_SESSION }, (_, slot) => raw(slot));
  let sum = 0;
  for (const value of values) sum += rootMeanSquare ? value * value : value;
  const scale = rootMeanSquare ? sqrt(sum / values.length) : sum / values.length;
  return values.map((value) => value / scale);
}

const VOLATILITY_SHAPE = normalisedShape(rawVolatilityShape, true);
const VOLUME_SHAPE = normalisedShape(rawVolumeShape, false);

function shapeAt(shape: readonly number[], candleInSession: number): number {
  return shape[clamp(floor(candleInSession), 0, CANDLES_PER_SESSION - 1)] ?? 1;
}

/**
 * Volatility multiplier through a US session, a U shape: highest on the opening candles, decaying
 * through the first hour, quietest at lunch, rising into the close. Its root mean square over the
 * session is 1.
 */
export function sessionActivity(candleInSession: number): number {
  return shapeAt(VOLATILITY_SHAPE, candleInSession);
}

/**
 * Volume multiplier through a US session: heavy at the open, light at lunch and heaviest into the
 * close. Its mean over the session is 1.
 */
export function sessionVolumeShape(candleInSession: number): number {
  return shapeAt(VOLUME_SHAPE, candleInSession);
}

/**
 * A stock-like market in 5-minute candles over US sessions (09:30 to 16:00 New York, on the
 * exchange's full trading days: no weekends, holidays or early-close days):
 * fat-tailed returns (Student-t), volatility that clusters within the day (GARCH) and from day to
 * day, regimes that trend up, trend down or range around a price, the intraday U shape of
 * volatility and volume, overnight gaps with fat tails and earnings days, occasional news bars,
 * and volume that follows the flow of information. Prices are whole cents. The same options give
 * the same candles on every machine: the arithmetic is 32-bit integers, the four basic operations
 * and square roots, which IEEE 754 defines to the last bit (no `Math.log`, `Math.exp` or `**`).
 * MARKET-REALISM.md says which stylized facts of real markets it reproduces and how that is tested.
 */
export class MarketSimulator {
  private readonly random: Random;
  private readonly openingRandom: Random;
  private readonly openingOffset: number;
  private readonly candleVolatility: number;
  private readonly averageVolume: number;
  /** Standard deviation of the overnight gap over that of one candle, before earnings and tails. */
  private readonly overnightInCandles: number;
  private readonly earningsChance: number;
  private readonly newsChance: number;
  private readonly tailDegrees: number;
  private readonly clustering: boolean;
  private readonly intradayShape: boolean;
  private readonly bounce: number;
  /** The last candle's open-to-close move beyond its drift, in dollars (0 after a session's end). */
  private lastSurprise = 0;
  private price: number;
  private day: number;
  private candleInSession = 0;
  /** Intraday GARCH variance multiplier (mean 1). */
  private variance = 1;
  /** Variance multiplier of the whole session (mean 1). */
  private dayLevel = 1;
  /** The gap the next session opens with, as a fraction of the last close. */
  private pendingGap = 0;
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
    const tailDegrees = options.tailDegreesOfFreedom ?? 5;
    if (!(
      tailDegrees === Number.POSITIVE_INFINITY ||
      (Number.isInteger(tailDegrees) && tailDegrees >= 3)
    )) {
      throw new RangeError(
        `tailDegreesOfFreedom must be an integer >= 3 or Infinity (${String(tailDegrees)})`,
      );
    }
    const overnightVariance = nonNegative('overnightVariance', options.overnightVariance ?? 0.37);
    this.random = createRandom(options.seed);
    this.openingRandom = createRandom(deriveSeed(options.seed, OPENING_OFFSET_SALT));
    this.openingOffset = nonNegative('openingOffset', options.openingOffset ?? 0.05);
    this.candleVolatility = nonNegative('candleVolatility', options.candleVolatility ?? 0.0012);
    this.averageVolume = nonNegative('averageVolume', options.averageVolume ?? 50_000);
    this.overnightInCandles = sqrt(overnightVariance * CANDLES_PER_SESSION);
    this.earningsChance = probability('earningsChance', options.earningsChance ?? 1 / 63);
    this.newsChance = probability(
      'newsPerSession / 78',
      (options.newsPerSession ?? 0.2) / CANDLES_PER_SESSION,
    );
    this.tailDegrees = tailDegrees;
    this.clustering = options.volatilityClustering ?? true;
    this.intradayShape = options.intradayShape ?? true;
    this.bounce = probability('bounce', options.bounce ?? 0.08);
    this.price = roundToCents(options.startPrice);
    this.rangeAnchor = this.price;
    this.day = nextFullTradingDay(options.firstSessionDay);
    if (options.openWithGap === true) this.startSession();
  }

  /** The last close (or the start price before any candle), in dollars. */
  get lastPrice(): number {
    return this.price;
  }

  /** Opening time of the next candle. */
  get nextTime(): number {
    return sessionOpenTime(this.day) + this.candleInSession * SIMULATED_CANDLE_SECONDS;
  }

  /**
   * Standard deviation in dollars of the next candle's open-to-close change, as simulated (a news
   * bar or an overnight gap comes on top).
   */
  get nextCandleSigma(): number {
    return this.typicalSigma() * sqrt(this.variance);
  }

  /**
   * Simulates the next candle, optionally steered. An unsteered candle may be a news bar; a
   * steered one (any `control` field set) never is.
   */
  next(control: StepControl = {}): Candle {
    const steered = control.drift !== undefined || control.volatilityScale !== undefined;
    this.maybeSwitchRegime();
    const sigma = this.nextCandleSigma;
    const scale = control.volatilityScale ?? 1;
    const open = this.openingPrice(scale, sigma);
    if (!steered && this.candleInSession > 0 && this.random.chance(this.newsChance)) {
      return this.newsBar(open, sigma);
    }
    const intended = control.drift ?? this.regimeDriftInSigmas() * sigma;
    // The bounce gives back part of the last candle's surprise, never of its drift, so a steered
    // stretch still moves as far as it was steered.
    const drift = intended - this.bounce * this.lastSurprise;
    const mixing = this.tailMixing();
    const stepSigma = sigma * scale * sqrt(mixing / INTRABAR_STEPS);

    let path = open;
    let high = open;
    let low = open;
    for (let step = 0; step < INTRABAR_STEPS; step++) {
      path += drift / INTRABAR_STEPS + stepSigma * this.normal();
      if (path > high) high = path;
      if (path < low) low = path;
    }
    // Prices between the sampled points still trade a little beyond them.
    high += abs(this.normal()) * BEYOND_SAMPLED * stepSigma;
    low -= abs(this.normal()) * BEYOND_SAMPLED * stepSigma;
    // The flow of information behind an unsteered candle is its variance draw; a steered one's is
    // read from its range like a shaped candle's, so a scripted sharp move trades heavy volume.
    const information = steered ? undefined : this.dayLevel * this.variance * mixing;
    const close = max(path, 0.01);
    const candle = this.emit(open, high, low, close, sigma, information);
    if (this.candleInSession > 0) this.lastSurprise = close - open - intended;
    return candle;
  }

  /**
   * Emits a candle of the given shape, opening at the current price (a cent or two off it inside
   * a session, as every candle does; at a session's open, no overnight gap), and moves time on.
   */
  nextShaped(shape: CandleShape): Candle {
    const sigma = this.nextCandleSigma;
    const open = this.candleInSession === 0 ? this.price : this.offsetFromClose(sigma);
    const close = max(open + shape.body, 0.01);
    const high = max(open, close) + max(shape.upperWick, 0);
    const low = min(open, close) - max(shape.lowerWick, 0);
    return this.emit(open, high, low, close, sigma, undefined);
  }

  /** Dollar sigma of the next candle at its session's volatility, before intraday clustering. */
  private typicalSigma(): number {
    const shape = this.intradayShape ? sessionActivity(this.candleInSession) : 1;
    return this.price * this.candleVolatility * shape * sqrt(this.dayLevel);
  }

  /** A standard normal deviate from four uniforms (Irwin-Hall): fast, and enough for a path step. */
  private normal(): number {
    const random = this.random;
    return (random.next() + random.next() + random.next() + random.next() - 2) * SQRT_3;
  }

  /** Chi-square deviate with `degrees` degrees of freedom. */
  private chiSquare(degrees: number): number {
    let sum = 0;
    for (let index = 0; index < degrees; index++) {
      const draw = this.normal();
      sum += draw * draw;
    }
    return sum;
  }

  /**
   * Variance multiplier (mean 1) that makes a normal draw Student-t: (nu - 2) / chi-square(nu).
   * Capped, so no single candle is absurd; news bars and earnings gaps supply the rarer extremes.
   */
  private tailMixing(): number {
    if (this.tailDegrees === Number.POSITIVE_INFINITY) return 1;
    const chiSquare = this.chiSquare(this.tailDegrees);
    return min(MAX_TAIL_MIXING, (this.tailDegrees - 2) / max(chiSquare, 1e-9));
  }

  private openingPrice(scale: number, sigma: number): number {
    if (this.candleInSession !== 0) return this.offsetFromClose(sigma);
    return max(this.price * (1 + this.pendingGap * scale), 0.01);
  }

  /** The last close moved by an opening offset (see `openingOffset`), in whole cents. */
  private offsetFromClose(sigma: number): number {
    const random = this.openingRandom;
    const normal = (random.next() + random.next() + random.next() + random.next() - 2) * SQRT_3;
    const jump = random.chance(OPENING_OFFSET_JUMP_CHANCE) ? OPENING_OFFSET_JUMP : 1;
    const offset = roundToCents(normal * jump * this.openingOffset * sigma);
    return max(roundToCents(this.price + offset), 0.01);
  }

  private newsBar(open: number, sigma: number): Candle {
    const random = this.random;
    const typicalRange = RANGE_PER_SIGMA * this.typicalSigma();
    const range = typicalRange * random.between(...NEWS_RANGE);
    const body = range * random.between(...NEWS_BODY_SHARE);
    const direction = random.chance(0.5) ? 1 : -1;
    // The wick against the news is the shorter one: price barely looked back.
    const backWick = (range - body) * random.between(0, 0.4);
    const frontWick = range - body - backWick;
    const close = max(open + direction * body, 0.01);
    const high = max(open, close) + (direction > 0 ? frontWick : backWick);
    const low = min(open, close) - (direction > 0 ? backWick : frontWick);
    const candle = this.emit(open, high, low, close, sigma, undefined);
    if (this.candleInSession > 0) this.lastSurprise = close - open;
    if (this.clustering) this.variance = max(this.variance, random.between(...NEWS_AFTERSHOCK));
    // After news, price either runs with it for a while or settles around the new level.
    this.regime = random.chance(0.5) ? (direction > 0 ? 'up' : 'down') : 'range';
    this.regimeDrift = random.between(0.1, 0.25);
    this.rangeAnchor = close;
    return candle;
  }

  private emit(
    rawOpen: number,
    rawHigh: number,
    rawLow: number,
    rawClose: number,
    sigma: number,
    information: number | undefined,
  ): Candle {
    const open = roundToCents(max(rawOpen, 0.01));
    const close = roundToCents(rawClose);
    const candle: Candle = {
      time: this.nextTime,
      open,
      high: max(roundToCents(rawHigh), open, close),
      low: max(min(roundToCents(rawLow), open, close), 0.01),
      close,
    };
    if (this.averageVolume > 0) {
      const fromRange = (candle.high - candle.low) / (RANGE_PER_SIGMA * max(sigma, 1e-9));
      const flow =
        information ??
        this.dayLevel * this.variance * clamp(fromRange * fromRange, 0.05, MAX_TAIL_MIXING);
      candle.volume = this.volumeFor(flow);
    }
    this.updateVariance(sigma > 0 ? (close - open) / sigma : 0);
    this.price = close;
    this.advanceClock();
    return candle;
  }

  /** Volume of the next candle given its flow of information (mean 1). */
  private volumeFor(information: number): number {
    const shape = this.intradayShape ? sessionVolumeShape(this.candleInSession) : 1;
    const root = 1 + VOLUME_NOISE_SPREAD * this.normal();
    const noise = (root * root) / (1 + VOLUME_NOISE_SPREAD * VOLUME_NOISE_SPREAD);
    // Volume grows with the square root of the flow: a candle with four times the usual variance
    // trades about twice the usual volume, not four times.
    const activity =
      BASE_LIQUIDITY + ((1 - BASE_LIQUIDITY) * sqrt(information)) / MEAN_ROOT_INFORMATION;
    return max(1, round(this.averageVolume * shape * activity * noise));
  }

  private updateVariance(shock: number): void {
    if (!this.clustering) return;
    const squared = min(shock * shock, MAX_GARCH_SHOCK_SQUARED);
    const next =
      1 -
      GARCH_ALPHA -
      GARCH_BETA +
      GARCH_ALPHA * this.variance * squared +
      GARCH_BETA * this.variance;
    this.variance = clamp(next, MIN_VARIANCE, MAX_VARIANCE);
  }

  private advanceClock(): void {
    // Whatever the next candle gives back is set after this by the candle's own kind.
    this.lastSurprise = 0;
    this.candleInSession++;
    if (this.candleInSession < CANDLES_PER_SESSION) return;
    this.candleInSession = 0;
    this.day = nextFullTradingDay(this.day + 1);
    this.startSession();
  }

  /** Draws what the night brought: the new day's volatility level and the opening gap. */
  private startSession(): void {
    const random = this.random;
    if (this.clustering) {
      const innovation = this.chiSquare(DAY_LEVEL_DEGREES) / DAY_LEVEL_DEGREES;
      this.dayLevel = clamp(
        DAY_LEVEL_PERSISTENCE * this.dayLevel + (1 - DAY_LEVEL_PERSISTENCE) * innovation,
        MIN_DAY_LEVEL,
        MAX_DAY_LEVEL,
      );
      this.variance = 1 + OVERNIGHT_VARIANCE_CARRY * (this.variance - 1);
    } else {
      this.dayLevel = 1;
    }
    let gapScale = 1;
    if (random.chance(this.earningsChance)) {
      gapScale = random.between(...EARNINGS_GAP);
      this.dayLevel = min(MAX_DAY_LEVEL, this.dayLevel * random.between(...EARNINGS_DAY_LEVEL));
    }
    const gapSigma = this.overnightInCandles * this.candleVolatility * sqrt(this.dayLevel);
    // A gap never takes more than half the price: this is a stock chart, not a bankruptcy.
    this.pendingGap = max(-0.5, gapSigma * gapScale * this.normal() * sqrt(this.tailMixing()));
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
    return max(-0.5, min(0.5, -0.04 * stretch));
  }
}

function nonNegative(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new RangeError(`${name} must be a finite number >= 0 (${String(value)})`);
  }
  return value;
}

function probability(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw new RangeError(`${name} must be between 0 and 1 (${String(value)})`);
  }
  return value;
}

/** Convenience: `count` simulated candles with default steering. */
export function simulateMarket(options: MarketSimOptions, count: number): Candle[] {
  const simulator = new MarketSimulator(options);
  return Array.from({ length: count }, () => simulator.next());
}
