import {
  aggregateCandles,
  averageRange,
  CANDLES_PER_SESSION,
  createRandom,
  deriveSeed,
  MarketSimulator,
  modelPlanAt,
  newYorkDayNumber,
  newYorkUtcOffset,
  TIMEFRAMES,
  type Candle,
  type Random,
  type ZoneType,
} from 'chart-kit/core';
import { MarketScript, RANGE_LOOKBACK, type Direction } from './scenario/market-script.js';
import {
  plantBreak,
  plantSkippedAftermath,
  plantTradeAftermath,
  plantWeakReaction,
  TRADE_AFTERMATH_ODDS,
  type PlannedTrade,
  type SkippedAftermath,
  type TradeAftermath,
} from './scenario/aftermath.js';
import { familyOf, plantContext } from './scenario/families.js';
import {
  directionOf,
  nearEdge,
  plantFlip,
  plantGentleMoveDecoy,
  plantHourlyZone,
  plantLevel,
  plantLongBaseDecoy,
  plantEarlierReturn,
  plantTestedZoneDecoy,
  plantZone,
  returnAndReact,
  type PlantedBand,
  type PlantedDecoy,
  type ZoneShape,
} from './scenario/patterns.js';
import {
  checkRequest,
  contextOf,
  plannedAftermath,
  skipReasonOf,
} from './scenario/request-rules.js';
import {
  ScenarioError,
  type Aftermath,
  type Concept,
  type ScenarioStyle,
  type ScenarioZone,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from './scenario/scenario-types.js';
import type { Draft } from './scenario/candidate.js';
import {
  plantTurningBase,
  plantWall,
  turnAfterMove,
  type OpposingZone,
} from './scenario/opposing-zone.js';
import { verify } from './scenario/checks/verify.js';

export {
  CONCEPTS,
  ScenarioError,
  type Aftermath,
  type Concept,
  type ScenarioDecision,
  type ScenarioResult,
  type ScenarioStyle,
  type ScenarioTrade,
  type ScenarioZone,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from './scenario/scenario-types.js';

interface Layout {
  sessions: number;
  /** Where the pattern's context starts, in candles from the start of the new candles. */
  patternStart: [number, number];
  context: [number, number];
  away: [number, number];
  pullBack: [number, number];
}

const LAYOUTS: Record<ScenarioStyle | 'continuation', Layout> = {
  normal: {
    sessions: 5,
    patternStart: [160, 240],
    context: [16, 30],
    away: [6, 22],
    pullBack: [6, 16],
  },
  easy: {
    sessions: 3,
    patternStart: [95, 135],
    context: [14, 24],
    away: [5, 14],
    pullBack: [5, 10],
  },
  continuation: {
    sessions: 1,
    patternStart: [2, 8],
    context: [4, 8],
    away: [4, 10],
    pullBack: [5, 10],
  },
};

const MAX_ATTEMPTS = 1000;
const MIN_CANDLE_SIGMA = 0.18;
/** Days from 2019-01-02 over which the first session is drawn. */
const FIRST_DAY = Date.UTC(2019, 0, 2) / 86_400_000;
const DAYS_OF_START = 6 * 365;
const HOUR = TIMEFRAMES['1hr'];

/**
 * Simulates a market and plants one answer in it, shaped by the chart's concepts, then checks it
 * as an exercise: the pattern is what its lesson says, the answer is fresh (or touched as a level
 * is), nothing else in view competes with it and it is not buried in earlier congestion
 * (chart-kit's `assessClarity`), price comes back and reacts strongly after the puzzle, and the
 * opening view frames it tall enough to see and mark on every screen the app shows it on. If an
 * attempt fails, the next uses a seed derived from the requested one, so the outcome is still fixed
 * by the request.
 */
export function generateZoneScenario(request: ZoneScenarioRequest): ZoneScenario {
  const concepts = checkRequest(request);
  const reasons: string[] = [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const attemptSeed = attempt === 0 ? request.seed >>> 0 : deriveSeed(request.seed, attempt);
    const outcome = tryScenario(request, concepts, attemptSeed);
    if (typeof outcome !== 'string') return outcome;
    reasons.push(outcome);
  }
  throw new ScenarioError(
    `no clear ${request.zoneType} chart (${[...concepts].join(', ')}) for seed ${request.seed} ` +
      `after ${MAX_ATTEMPTS} attempts (most often: ${commonest(reasons)})`,
  );
}

/** The three commonest reasons for rejecting an attempt, with their counts. */
function commonest(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  // Numbers differ from attempt to attempt; the reason is the words.
  for (const reason of reasons) {
    const key = reason.replace(/[\d.]+/g, 'N');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, count]) => `${count}x ${reason}`)
    .join('; ');
}

function tryScenario(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
  attemptSeed: number,
): ZoneScenario | string {
  const random = createRandom(attemptSeed);
  const style = request.style ?? 'normal';
  const layout = LAYOUTS[request.continues ? 'continuation' : style];
  const type = request.zoneType;
  const direction = directionOf(type);
  const { prefix, simulator } = startMarket(request, random);
  const script = new MarketScript(simulator, random, prefix);
  const total = prefix.length + layout.sessions * CANDLES_PER_SESSION;

  const skipBecause = skipReasonOf(request, concepts);
  // A decoy already gives the answer its context in view: a shorter approach keeps both in frame.
  // A 1-hour trend against the trade is most of a session of price running into the zone.
  const contextLength =
    skipBecause === 'higher-timeframe'
      ? random.integer(44, 60)
      : concepts.has('short-base') || concepts.has('steep-move') || concepts.has('fresh')
        ? random.integer(6, 12)
        : random.integer(...layout.context);
  const patternAt = prefix.length + random.integer(...layout.patternStart);
  const decoyKind = concepts.has('short-base')
    ? 'long-base'
    : concepts.has('steep-move')
      ? 'gentle-move'
      : concepts.has('fresh')
        ? 'tested-zone'
        : null;
  // The decoy (if any) sits in view before the answer's context, with a short bridge between.
  const decoyBudget = decoyKind === null ? 0 : decoyKind === 'gentle-move' ? 40 : 34;
  script.free(Math.max(0, patternAt - contextLength - decoyBudget - script.length));
  const steepDeparture = random.between(7, 9.5);
  let decoy: PlantedDecoy | null = null;
  if (decoyKind === 'long-base') decoy = plantLongBaseDecoy(script, type);
  if (decoyKind === 'gentle-move') {
    decoy = plantGentleMoveDecoy(script, type, steepDeparture * random.between(0.85, 1.05));
  }
  if (decoyKind === 'tested-zone') decoy = plantTestedZoneDecoy(script, type);
  // Away from the decoy towards the answer; a tested zone is left behind the way it was left the
  // first time, so the answer forms beyond it and the decoy stays intact. After a gentle rise,
  // price slips back to just beyond where it started, so the steep move covers the same ground
  // (the chart compares the angles, and one stretch of prices keeps the zone tall in view).
  const bridge = (decoyKind === 'tested-zone' ? direction : -direction) as Direction;
  if (decoy && decoyKind === 'gentle-move') {
    const start = direction > 0 ? decoy.lower : decoy.upper;
    script.steerTo(
      start - direction * script.yardstick() * random.between(0.8, 1.6),
      random.integer(8, 12),
      0.6,
    );
  } else if (decoy) {
    script.lean(random.integer(4, 8), bridge, decoyKind === 'tested-zone' ? 0.45 : 0.25);
  }

  // Context: price drifts into the pattern, so its band is not tangled up with earlier trading.
  // A level is approached from the side it holds (support from above); a flipped level was first
  // approached from the other side (old resistance from below).
  const context = contextOf(request, concepts, style);
  const contextStart = script.length;
  let legIn: Direction;
  if (context !== null) {
    legIn = plantContext(script, context, type, contextLength);
  } else {
    const reversal =
      concepts.has('flip') || concepts.has('fresh')
        ? false
        : concepts.has('support') ||
          concepts.has('resistance') ||
          style === 'easy' ||
          skipBecause === 'higher-timeframe' ||
          random.chance(0.45);
    legIn = reversal ? -1 : 1;
    // Before a continuation (rally-base-rally, drop-base-drop) the trend is plain to see, so
    // price in view has been beyond the zone's far edge: the answer is not always the chart's
    // extreme, which would teach a beginner to mark the lowest low (or highest high) on screen.
    // Against the 1-hour trend, price has run hard into the zone for hours.
    const lean = skipBecause === 'higher-timeframe' ? 0.55 : reversal ? 0.1 : 0.5;
    script.lean(contextLength, (direction * legIn) as Direction, lean);
  }
  const plainZone = !['support', 'resistance', 'flip', 'higher-timeframe'].some((concept) =>
    concepts.has(concept as Concept),
  );
  const family =
    context !== null
      ? familyOf(context, type)
      : plainZone
        ? familyOf(legIn < 0 ? 'reversal' : 'continuation', type)
        : null;

  const pulledZone = concepts.has('clean') ? request.continues?.zone : undefined;
  const draft = plantPattern(
    script,
    type,
    concepts,
    style,
    legIn,
    steepDeparture,
    pulledZone,
    decoy,
    // A trend in view takes the chart's height: its zones need the tall far-wick bases.
    context === 'reversal' || context === 'range' || context === 'failed-breakout',
  );
  if (typeof draft === 'string') return draft;

  // After the pattern: the market goes on, then drifts back towards the answer.
  const zoneLike = !draft.touchedByDesign;
  const trades = concepts.has('trade-plan') || concepts.has('take-or-skip');
  let wall: OpposingZone | null = null;
  const yardstick = script.yardstick();
  if (concepts.has('flip')) {
    script.lean(random.integer(2, 5), direction, 0.05);
  } else if (skipBecause === 'room') {
    wall = plantWall(script, draft);
  } else {
    const away = decoy ? ([4, 10] as [number, number]) : layout.away;
    if (trades) {
      // Where a trade is planned, the move away ends in the small base of the next opposing
      // zone, which its target aims short of: no drift further away, or the room (and the
      // winners) would be five or eight R.
      plantTurningBase(script, direction, script.yardstick(), [0.3, 0.7]);
      script.lean(random.integer(2, 5), -direction as Direction, 0.3, 0.8);
      if (skipBecause === 'fresh') plantEarlierReturn(script, draft.band);
    } else script.lean(random.integer(...away), direction, 0.05);
    const approach = nearEdge(draft.band) + direction * yardstick * random.between(0.9, 1.6);
    script.steerTo(approach, random.integer(...layout.pullBack));
  }
  const revealEnd = script.length;
  const planned = plannedAftermath(request, concepts);
  let returnIndex: number | null = null;
  if (planned !== null) {
    const written = writeAftermath(script, draft, revealEnd, wall, planned, skipBecause !== null);
    if (typeof written === 'string') return written;
    returnIndex = written;
  }
  // A trade's chart ends soon after its trade does, so a stall reads as a trade still open.
  if (trades) script.free(random.integer(6, 12));
  else script.free(Math.max(0, total - script.length));
  if (!trades && script.length - revealEnd < 12) script.free(12);

  let candles = script.candles;
  let band = draft.band;
  let roundLevel: number | null = null;
  if (concepts.has('round-number')) {
    const shifted = shiftToRoundNumber(candles, band, random);
    candles = shifted.candles;
    band = shifted.band;
    roundLevel = shifted.level;
  }
  return verify({
    wall,
    request,
    concepts,
    attemptSeed,
    candles,
    draft: { ...draft, band },
    revealEnd,
    returnIndex,
    planned,
    zoneLike,
    roundLevel,
    family,
    decoy,
    viewStart: Math.max(0, (decoy?.start ?? contextStart) - 2),
    style,
  });
}
/**
 * Writes what price does after the puzzle: back to the zone, and then the planned aftermath.
 * A trade's is planted around the course's model plan, read off the puzzle as the exercise
 * reads it. Returns the return's index, or why the draft cannot take this aftermath.
 */
function writeAftermath(
  script: MarketScript,
  draft: Draft,
  revealEnd: number,
  wall: OpposingZone | null,
  planned: Aftermath,
  /** A chart to skip: what follows is written for a trade aiming for 2R, not the model plan. */
  skipped: boolean,
): number | string {
  const { band, averageRange: range } = draft;
  const { random } = script;
  const direction = directionOf(band.type);
  if (wall) {
    // What a 2R trade from the zone does with the newer opposing zone (the wall) in its way.
    const toWall = direction * ((direction > 0 ? wall.lower : wall.upper) - nearEdge(band));
    const { entry, stop } = modelPlanAt(band, wall, range);
    const twoR: PlannedTrade = { entry, stop, target: entry + 2 * (entry - stop) };
    return plantSkippedAftermath(script, band, twoR, toWall, planned as SkippedAftermath);
  }
  if (planned in TRADE_AFTERMATH_ODDS) {
    const opposing = turnAfterMove(script.candles, draft, revealEnd);
    if (opposing === null) return 'nothing turned price back before the puzzle ends';
    const model = modelPlanAt(band, opposing, range);
    const trade = skipped
      ? { ...model, target: model.entry + 2 * (model.entry - model.stop) }
      : model;
    return plantTradeAftermath(script, band, trade, planned as TradeAftermath);
  }
  if (planned === 'weak') return plantWeakReaction(script, band);
  if (planned === 'break') return plantBreak(script, band);
  return returnAndReact(script, band, random.between(3.3, 4.8));
}

function plantPattern(
  script: MarketScript,
  type: ZoneType,
  concepts: ReadonlySet<Concept>,
  style: ScenarioStyle,
  legIn: Direction,
  steepDeparture: number,
  pulledZone: PlantedBand | undefined,
  decoy: PlantedDecoy | null,
  /** A practice chart: bases and moves of every look (see ZoneShape.varied). */
  varied: boolean,
): Draft | string {
  const { random } = script;
  if (concepts.has('support') || concepts.has('resistance')) {
    const level = plantLevel(script, type, 3, [3.2, 4.2]);
    return {
      band: level.band,
      baseIndexes: level.touches,
      patternStart: level.start,
      moveEnd: script.length - 1,
      moveCandles: 4,
      departure: level.departure,
      averageRange: level.yardstick,
      touchedByDesign: true,
      flip: null,
      hourlyZone: null,
    };
  }
  if (concepts.has('flip')) {
    const flip = plantFlip(script, type, 2);
    return {
      band: flip.band,
      baseIndexes: flip.touches,
      patternStart: flip.start,
      moveEnd: script.length - 1,
      moveCandles: 4,
      departure: flip.departure,
      averageRange: flip.yardstick,
      touchedByDesign: true,
      flip: { breakIndex: flip.breakIndex, retestIndex: flip.retestIndex },
      hourlyZone: null,
    };
  }
  if (concepts.has('higher-timeframe')) {
    // Room to an opposing zone carried over from an earlier chart: the rally stops short of it.
    const opposing = pulledZone === undefined ? undefined : nearEdge(pulledZone);
    const strongHours = opposing === undefined ? 2 : 1;
    const zone = plantHourlyZone(
      script,
      type,
      strongHours,
      () => hourlyAverageRange(script.candles),
      isFullHourToPlant,
      opposing,
    );
    return {
      band: zone.band,
      baseIndexes: zone.baseIndexes,
      patternStart: zone.legInStart,
      moveEnd: zone.moveEnd,
      moveCandles: zone.moveEnd - zone.moveStart + 1,
      departure: zone.departure,
      averageRange: zone.yardstick,
      touchedByDesign: false,
      flip: null,
      hourlyZone: { hourStart: zone.hourStart, ...zone.hourlyBand, strongHours },
    };
  }
  const shape: ZoneShape = {
    legIn,
    legInCandles: random.integer(1, 2),
    baseCandles: random.integer(1, 3),
    moveCandles: random.integer(3, 5),
    departure: Math.exp(random.between(Math.log(4.2), Math.log(8))),
    varied,
  };
  if (style === 'easy') {
    // The first exercises say "price paused in a few small candles": two or three of them.
    shape.baseCandles = random.integer(2, 3);
    shape.moveCandles = random.integer(3, 4);
    shape.departure = random.between(6.5, 9);
  }
  if (concepts.has('short-base')) {
    shape.baseCandles = random.integer(1, 2);
    shape.departure = random.between(6, 8);
  }
  if (concepts.has('small-base')) shape.baseCandles = random.integer(2, 3);
  if (concepts.has('steep-move')) {
    shape.moveCandles = 3;
    shape.departure = steepDeparture;
    // As far in dollars as the gentle rise before it went: only the angle tells them apart.
    if (decoy) shape.moveDistance = (decoy.upper - decoy.lower) * random.between(0.92, 1.08);
  }
  if (concepts.has('trade-plan') || concepts.has('take-or-skip')) {
    // A trade at a zone risks its height plus a buffer and aims short of where the move away
    // turned: a taller base and a move of just over the three ranges a zone needs keep the
    // winners near 2R, as most real setups pay, not five or eight.
    shape.farWick = [0.8, 1.2];
    shape.departure = random.between(3.1, 3.7);
  }
  if (concepts.has('fresh')) {
    // The view holds an older zone too: a taller base keeps this one easy to mark.
    shape.farWick = [0.75, 1.1];
    shape.legInCandles = 1;
    shape.departure = random.between(4, 5);
  }
  // Every move candle must be a strong one (at least 0.7 average ranges), so a short departure
  // cannot be spread over many candles; and no candle is a tower of three ranges or more, which
  // a real 5-minute chart shows only on news.
  shape.moveCandles = Math.max(
    Math.ceil(shape.departure / 2.6),
    Math.min(shape.moveCandles, Math.floor(shape.departure / 1.3)),
  );
  const zone = plantZone(script, type, shape);
  return {
    band: zone.band,
    baseIndexes: zone.baseIndexes,
    patternStart: zone.legInStart,
    moveEnd: zone.moveEnd,
    moveCandles: zone.moveEnd - zone.moveStart + 1,
    departure: zone.departure,
    averageRange: zone.yardstick,
    touchedByDesign: false,
    flip: null,
    hourlyZone: null,
  };
}

/** A full hour from 10:00 to 13:00 New York: two more full hours follow it in the session. */
function isFullHourToPlant(time: number): boolean {
  const local = time + newYorkUtcOffset(time);
  const secondsIntoDay = ((local % 86_400) + 86_400) % 86_400;
  const hour = secondsIntoDay / 3600;
  return Number.isInteger(hour) && hour >= 10 && hour <= 13;
}

/** Mean range of the last 20 complete hourly candles of `candles`. */
function hourlyAverageRange(candles: readonly Candle[]): number {
  const hours = aggregateCandles(candles, HOUR);
  // The last hour may still be forming.
  return averageRange(hours, Math.max(1, hours.length - 1), RANGE_LOOKBACK);
}

function startMarket(
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

/**
 * Moves every price by the same whole number of cents so that the zone contains a multiple of 10
 * or 25 dollars, well inside it (between a fifth and four fifths of its height). A constant shift
 * keeps every shape, so the checks see the same chart, just elsewhere.
 */
function shiftToRoundNumber(
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
