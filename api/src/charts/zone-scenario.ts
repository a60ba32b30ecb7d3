import {
  aggregateCandles,
  averageRange,
  CANDLES_PER_SESSION,
  createRandom,
  deriveSeed,
  detectZones,
  MarketSimulator,
  newYorkDayNumber,
  TIMEFRAMES,
  validateSeries,
  zoneBounds,
  type Candle,
  type DetectedZone,
  type Random,
  type ZoneType,
} from 'chart-kit/core';

/** How a scenario is laid out and how obvious its zone is. */
export type ScenarioStyle = 'normal' | 'easy';

export interface ZoneScenarioRequest {
  seed: number;
  zoneType: ZoneType;
  /** 'easy' (landing demo): a shorter chart, a shorter base and a more violent move away. */
  style?: ScenarioStyle;
  /** Plant the zone just under (supply) or just above (demand) a multiple of 10 or 25 dollars. */
  roundLevel?: boolean;
  /**
   * Continue this scenario's market one session later: its first session is dropped, its other
   * candles are kept as they are, and one new session holding the new zone is added.
   */
  continues?: ZoneScenario;
}

export interface PlantedZone {
  type: ZoneType;
  upper: number;
  lower: number;
}

/** A simulated market with one planted zone, verified by the zone detector. */
export interface ZoneScenario {
  /** The seed of the attempt that passed verification (derived from the requested seed). */
  attemptSeed: number;
  candles: Candle[];
  /** The same market in 1-hour candles, aggregated from `candles`. */
  hourly: Candle[];
  zone: PlantedZone;
  /** Indexes into `candles` of the base candles. */
  baseIndexes: number[];
  /** Index of the last candle of the move away from the base. */
  moveEnd: number;
  /** Index of the first candle that comes back into the zone. */
  returnIndex: number;
  /** Candles `[0, revealEnd)` are the puzzle; the rest show what price did next. */
  revealEnd: number;
  /** The same for `hourly`: hours that ended before the return. */
  hourlyRevealEnd: number;
  /** Largest move away from the zone after the return, in dollars. */
  reaction: number;
  /** Detector strength of the planted zone and of its strongest rival of the same type in view. */
  strength: number;
  rivalStrength: number;
  /** The round number the zone sits against, when one was asked for. */
  roundLevel: number | null;
}

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

interface Layout {
  sessions: number;
  baseStart: [number, number];
  baseCandles: [number, number];
  moveCandles: [number, number];
  /** Body of each move candle, in average ranges. */
  moveBody: [number, number];
  away: [number, number];
  pullBack: [number, number];
}

const LAYOUTS: Record<ScenarioStyle | 'continuation', Layout> = {
  normal: {
    sessions: 5,
    baseStart: [150, 240],
    baseCandles: [1, 3],
    moveCandles: [3, 5],
    moveBody: [1.4, 2.2],
    away: [10, 40],
    pullBack: [8, 24],
  },
  easy: {
    sessions: 3,
    baseStart: [90, 130],
    baseCandles: [1, 2],
    moveCandles: [4, 5],
    moveBody: [1.9, 2.6],
    away: [8, 24],
    pullBack: [6, 14],
  },
  // Counted from the first candle of the one new session.
  continuation: {
    sessions: 1,
    baseStart: [6, 18],
    baseCandles: [1, 3],
    moveCandles: [3, 5],
    moveBody: [1.5, 2.3],
    away: [8, 16],
    pullBack: [6, 12],
  },
};

/** The planted zone must beat every other zone of its type in view by this factor. */
const REQUIRED_LEAD = 1.25;
const MAX_ATTEMPTS = 60;
const RANGE_LOOKBACK = 20;
/** Reactions after the return, in dollars: the course's 0.50 to 2.00 dollars past the level. */
const MIN_REACTION = 0.5;
const MAX_REACTION = 2;
const MIN_ZONE_HEIGHT = 0.08;
const MIN_CANDLE_SIGMA = 0.18;
/** Days from 2019-01-02 over which the first session is drawn. */
const FIRST_DAY = Date.UTC(2019, 0, 2) / 86_400_000;
const DAYS_OF_START = 6 * 365;

const HOUR = TIMEFRAMES['1hr'];

/**
 * Simulates a market and plants one zone in it: a leg in, a base of 1 to 3 small candles, a strong
 * move away, a stretch away from the zone, a pull-back that comes back into it, and a reaction away
 * again. The result is checked with {@link detectZones}: the planted zone must be found with the
 * planted bounds and lead every other zone of its type in view by {@link REQUIRED_LEAD}; if not,
 * the next attempt uses a seed derived from the requested one, so the outcome is still fixed by
 * the request.
 */
export function generateZoneScenario(request: ZoneScenarioRequest): ZoneScenario {
  const reasons: string[] = [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const attemptSeed = attempt === 0 ? request.seed >>> 0 : deriveSeed(request.seed, attempt);
    const outcome = tryScenario(request, attemptSeed);
    if (typeof outcome !== 'string') return outcome;
    reasons.push(outcome);
  }
  throw new ScenarioError(
    `no clear ${request.zoneType} zone for seed ${request.seed} after ${MAX_ATTEMPTS} attempts ` +
      `(last: ${reasons[reasons.length - 1] ?? 'none'})`,
  );
}

function between(random: Random, [min, max]: [number, number]): number {
  return random.between(min, max);
}

function integerBetween(random: Random, [min, max]: [number, number]): number {
  return random.integer(min, max);
}

/** One attempt: the scenario, or a sentence saying why it was rejected. */
function tryScenario(request: ZoneScenarioRequest, attemptSeed: number): ZoneScenario | string {
  const random = createRandom(attemptSeed);
  const layout = LAYOUTS[request.continues ? 'continuation' : (request.style ?? 'normal')];
  const direction = request.zoneType === 'demand' ? 1 : -1;

  const { prefix, simulator } = startMarket(request, random);
  const candles = [...prefix];
  const total = prefix.length + layout.sessions * CANDLES_PER_SESSION;
  const at = (index: number): Candle => {
    const candle = candles[index];
    if (candle === undefined) throw new ScenarioError(`internal: no candle ${index}`);
    return candle;
  };
  const yardstick = () => averageRange(candles, candles.length, RANGE_LOOKBACK);

  // Background market up to the leg in.
  const baseStart = prefix.length + integerBetween(random, layout.baseStart);
  while (candles.length < baseStart - 1) candles.push(simulator.next());

  // Leg in: a clear candle, either the opposite way (drop-base-rally) or the same way
  // (rally-base-rally), so the base starts where a not-small candle ends.
  const legInSize = yardstick() * random.between(1.1, 1.6);
  const legInDirection = random.chance(0.5) ? -direction : direction;
  candles.push(
    simulator.nextShaped({
      body: legInDirection * legInSize,
      upperWick: yardstick() * random.between(0.05, 0.3),
      lowerWick: yardstick() * random.between(0.05, 0.3),
    }),
  );

  // Base: small bodies; the wicks on the far side (where the orders waited) are the longer ones.
  const baseSize = yardstick();
  const baseCount = integerBetween(random, layout.baseCandles);
  for (let index = 0; index < baseCount; index++) {
    const farWick = baseSize * random.between(0.4, 0.8);
    const nearWick = baseSize * random.between(0.05, 0.3);
    candles.push(
      simulator.nextShaped({
        body: baseSize * random.between(-0.35, 0.35),
        upperWick: direction > 0 ? nearWick : farWick,
        lowerWick: direction > 0 ? farWick : nearWick,
      }),
    );
  }
  const baseIndexes = Array.from({ length: baseCount }, (_, index) => baseStart + index);
  const zone = { type: request.zoneType, ...zoneBounds(request.zoneType, baseIndexes.map(at)) };
  // Two lines must fit inside the zone on a chart a few dollars tall.
  if (zone.upper - zone.lower < MIN_ZONE_HEIGHT) return 'the zone is too thin to draw';

  // Move away: large candles one way, short wicks against the move.
  const moveSize = yardstick();
  const moveCount = integerBetween(random, layout.moveCandles);
  for (let index = 0; index < moveCount; index++) {
    const bodySize = moveSize * between(random, layout.moveBody);
    const backWick = moveSize * random.between(0, 0.08);
    const frontWick = moveSize * random.between(0, 0.3);
    candles.push(
      simulator.nextShaped({
        body: direction * bodySize,
        upperWick: direction > 0 ? frontWick : backWick,
        lowerWick: direction > 0 ? backWick : frontWick,
      }),
    );
  }
  const moveEnd = candles.length - 1;

  // Away: the market goes on with a slight lean away from the zone.
  const awayCount = integerBetween(random, layout.away);
  for (let index = 0; index < awayCount; index++) {
    const sigma = simulator.nextCandleSigma;
    candles.push(simulator.next({ drift: direction * 0.12 * sigma }));
  }

  // Pull-back: steered to arrive just outside the zone's near edge, then one candle reaches in.
  const nearEdge = request.zoneType === 'demand' ? zone.upper : zone.lower;
  const pullBackCount = integerBetween(random, layout.pullBack);
  const approach = nearEdge + direction * yardstick() * random.between(1, 1.5);
  for (let remaining = pullBackCount; remaining > 0; remaining--) {
    const drift = (approach - simulator.lastPrice) / remaining;
    // Calmer on the last few candles, so price arrives near the zone without slipping into it.
    const volatilityScale = remaining > 4 ? 0.75 : 0.35 + 0.1 * remaining;
    candles.push(simulator.next({ drift, volatilityScale }));
  }

  const returnIndex = candles.length;
  const height = zone.upper - zone.lower;
  const reachInto = Math.max(0.01, height * random.between(0.25, 0.75));
  const touchSize = yardstick();
  const touchOpen = simulator.lastPrice;
  const turn = touchSize * random.between(0.1, 0.4);
  // The candle opens outside the zone and turns away from it, so its open is the body's end
  // nearest the zone and the wick from there reaches into it.
  const reachWick = Math.abs(touchOpen - (nearEdge - direction * reachInto));
  const awayWick = touchSize * random.between(0.02, 0.2);
  candles.push(
    simulator.nextShaped({
      body: direction * turn,
      upperWick: direction > 0 ? awayWick : reachWick,
      lowerWick: direction > 0 ? reachWick : awayWick,
    }),
  );

  // Reaction: a move away from the zone of 0.50 dollars or more.
  const reactionTarget =
    random.between(MIN_REACTION, MAX_REACTION) + yardstick() * random.between(1, 2);
  const reactionCount = random.integer(3, 6);
  for (let index = 0; index < reactionCount; index++) {
    candles.push(
      simulator.next({ drift: (direction * reactionTarget) / reactionCount, volatilityScale: 0.6 }),
    );
  }
  while (candles.length < total) candles.push(simulator.next());

  const shifted = request.roundLevel
    ? shiftToRoundLevel(candles, zone, random)
    : { candles, zone, level: null };
  return verify(request, attemptSeed, {
    candles: shifted.candles,
    zone: shifted.zone,
    roundLevel: shifted.level,
    baseIndexes,
    moveEnd,
    returnIndex,
  });
}

function startMarket(
  request: ZoneScenarioRequest,
  random: Random,
): { prefix: Candle[]; simulator: MarketSimulator } {
  const seed = random.integer(0, 2 ** 32 - 1);
  const averageVolume = Math.round(random.between(20_000, 150_000));
  // Cheap stocks move more in percent: a floor of 18 cents per candle keeps zones wide enough to
  // draw and the course's 0.50 to 2.00 dollar reactions in proportion.
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

/**
 * Moves every price by the same whole number of cents so that the zone's near-the-level edge sits
 * 5 to 30 cents from a multiple of 10 or 25: under it for supply, above it for demand. A constant
 * shift keeps every shape, so the detector sees the same zones, just elsewhere.
 */
function shiftToRoundLevel(
  candles: Candle[],
  zone: PlantedZone,
  random: Random,
): { candles: Candle[]; zone: PlantedZone; level: number } {
  const step = random.pick([10, 25]);
  const gap = Math.round(random.between(5, 30)) / 100;
  const edge = zone.type === 'supply' ? zone.upper : zone.lower;
  const level =
    zone.type === 'supply' ? Math.ceil(edge / step) * step : Math.floor(edge / step) * step;
  const target = zone.type === 'supply' ? level - gap : level + gap;
  const shiftCents = Math.round((target - edge) * 100);
  const move = (price: number) => Math.round(price * 100 + shiftCents) / 100;
  return {
    candles: candles.map((candle) => ({
      ...candle,
      open: move(candle.open),
      high: move(candle.high),
      low: move(candle.low),
      close: move(candle.close),
    })),
    zone: { type: zone.type, upper: move(zone.upper), lower: move(zone.lower) },
    level,
  };
}

interface Draft {
  candles: Candle[];
  zone: PlantedZone;
  roundLevel: number | null;
  baseIndexes: number[];
  moveEnd: number;
  returnIndex: number;
}

/** The scenario if the planted zone is valid, fresh, unambiguous and reacted to; else why not. */
function verify(
  request: ZoneScenarioRequest,
  attemptSeed: number,
  draft: Draft,
): ZoneScenario | string {
  const { candles, zone, baseIndexes, moveEnd, returnIndex } = draft;
  validateSeries(candles);
  const direction = zone.type === 'demand' ? 1 : -1;
  const lowestPrice = Math.min(...candles.map((candle) => candle.low));
  if (lowestPrice < 5) return `price fell to ${lowestPrice}`;

  const entersZone = (candle: Candle) =>
    zone.type === 'demand' ? candle.low <= zone.upper : candle.high >= zone.lower;
  const early = candles.slice(moveEnd + 1, returnIndex).findIndex(entersZone);
  if (early !== -1) return `price came back early at ${moveEnd + 1 + early}`;
  const touch = candles[returnIndex];
  if (touch === undefined || !entersZone(touch)) return 'the return missed the zone';
  // The return reaches in with a wick and turns: its body stays outside, nothing breaks through.
  const bodyOutside =
    direction > 0
      ? Math.min(touch.open, touch.close) > zone.upper
      : Math.max(touch.open, touch.close) < zone.lower;
  if (!bodyOutside) return 'the return closed inside the zone';
  if (direction > 0 ? touch.low < zone.lower : touch.high > zone.upper) {
    return 'the return broke through the zone';
  }
  const reaction = reactionAfter(candles, returnIndex, zone);
  if (reaction < MIN_REACTION) return `the reaction was only ${reaction.toFixed(2)} dollars`;

  const revealEnd = returnIndex;
  const inView = detectZones(candles.slice(0, revealEnd), { rangeLookback: RANGE_LOOKBACK });
  const firstBase = baseIndexes[0] ?? -1;
  const planted = inView.find(
    (found) =>
      found.type === zone.type &&
      found.baseStart === firstBase &&
      Math.abs(found.upper - zone.upper) < 0.005 &&
      Math.abs(found.lower - zone.lower) < 0.005,
  );
  if (!planted) return 'the detector did not find the planted zone';
  if (planted.firstReturn !== null) return 'the planted zone is not fresh';
  const rival = strongestRival(inView, planted);
  if (rival !== undefined && planted.strength < REQUIRED_LEAD * rival.strength) {
    return `a rival zone at ${rival.baseStart} is nearly as strong`;
  }

  const hourly = aggregateCandles(candles, HOUR);
  const returnTime = touch.time;
  return {
    attemptSeed,
    candles,
    hourly,
    zone,
    baseIndexes,
    moveEnd,
    returnIndex,
    revealEnd,
    hourlyRevealEnd: hourly.filter((candle) => candle.time + HOUR <= returnTime).length,
    reaction,
    strength: planted.strength,
    rivalStrength: rival?.strength ?? 0,
    roundLevel: request.roundLevel ? draft.roundLevel : null,
  };
}

/** The strongest other zone of the same type, or undefined. */
function strongestRival(
  zones: readonly DetectedZone[],
  planted: DetectedZone,
): DetectedZone | undefined {
  return zones.find((zone) => zone.type === planted.type && zone !== planted);
}

/** How far price moved away from the zone's near edge after the return, before any break. */
function reactionAfter(candles: readonly Candle[], returnIndex: number, zone: PlantedZone): number {
  let best = 0;
  for (const candle of candles.slice(returnIndex)) {
    if (zone.type === 'demand') {
      if (candle.close < zone.lower) break;
      best = Math.max(best, candle.high - zone.upper);
    } else {
      if (candle.close > zone.upper) break;
      best = Math.max(best, zone.lower - candle.low);
    }
  }
  return Math.round(best * 100) / 100;
}
