import {
  aggregateCandles,
  assessClarity,
  averageRange,
  CANDLES_PER_SESSION,
  createRandom,
  deriveSeed,
  decideTrade,
  detectZones,
  higherTimeframeTrend,
  MarketSimulator,
  modelPlanAt,
  newYorkDayNumber,
  playOutTrade,
  SHARES,
  newYorkUtcOffset,
  TIMEFRAMES,
  validateSeries,
  type Candle,
  type Random,
  type ZoneType,
  zoneBounds,
  zoneTouches,
} from 'chart-kit/core';
import {
  framingShortfall,
  openingTimeWindow,
  placement,
  type IndexWindow,
} from './scenario/framing.js';
import { MarketScript, RANGE_LOOKBACK, type Direction } from './scenario/market-script.js';
import {
  exitOf,
  plantBreak,
  plantSkippedAftermath,
  plantTradeAftermath,
  plantWeakReaction,
  TRADE_AFTERMATH_ODDS,
  type PlannedTrade,
  type SkippedAftermath,
  type TradeAftermath,
} from './scenario/aftermath.js';
import { familyOf, plantContext, type ShapeFamily } from './scenario/families.js';
import {
  closesBeyondZone,
  entersZone,
  readReaction,
  textbookHoldProblem,
  type ReactionReading,
  type ZoneReaction,
  ZONE_REACTIONS,
} from './scenario/reaction.js';
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
  type ScenarioDecision,
  type ScenarioResult,
  type ScenarioStyle,
  type ScenarioTrade,
  type ScenarioZone,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from './scenario/scenario-types.js';

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
/** At the puzzle's end price is at least this far from the zone (and its near-side wick). */
const END_CLEARANCE_IN_RANGES = 0.5;
const MIN_ZONE_HEIGHT = 0.08;
/** A zone much taller than a typical candle is vague (the course's own rule). */
const MAX_ZONE_HEIGHT_IN_RANGES = 1.6;
const MIN_CANDLE_SIGMA = 0.18;
/** Room from a clean zone to the next opposing zone, in heights of the zone. */
const CLEAN_ROOM_IN_HEIGHTS = 3;
/** The steep move's departure, in average ranges, at the least. */
const STEEP_MOVE_MIN_DEPARTURE = 5.5;
/** Another run of candles in view as long as the steep move may rise this share of its rise. */
const STEEPEST_MOVE_RATIO = 0.7;
/**
 * Hours before a 1-hour zone's base hour that may trade inside it: price passing through a few
 * times, not a day spent there.
 */
const MAX_HOURLY_CONGESTION = 4;
/** Candles one visit to a support or resistance may last: a touch, not a stall. */
const MAX_TOUCH_CANDLES = 5;
/** How far the gentle decoy's rise may differ in dollars from the steep move it is compared to. */
const GENTLE_MOVE_SIZE_TOLERANCE = 0.25;
/** A flip's break closes at least this many average ranges beyond the old level. */
const CLEAR_BREAK_IN_RANGES = 0.8;
/** Days from 2019-01-02 over which the first session is drawn. */
const FIRST_DAY = Date.UTC(2019, 0, 2) / 86_400_000;
const DAYS_OF_START = 6 * 365;
const HOUR = TIMEFRAMES['1hr'];
const FIVE_MINUTES = TIMEFRAMES['5min'];

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

/** What every pattern leaves behind for the checks. */
interface Draft {
  band: ScenarioZone;
  baseIndexes: number[];
  patternStart: number;
  moveEnd: number;
  moveCandles: number;
  departure: number;
  averageRange: number;
  /** Whether price may already have touched the answer during the puzzle (levels, flips). */
  touchedByDesign: boolean;
  flip: ScenarioResult['flip'];
  hourlyZone: { hourStart: number; upper: number; lower: number; strongHours: number } | null;
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
  let wall: Candidate['wall'] = null;
  const yardstick = script.yardstick();
  if (concepts.has('flip')) {
    script.lean(random.integer(2, 5), direction, 0.05);
  } else if (skipBecause === 'room') {
    wall = plantWall(script, draft, random);
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
  wall: Candidate['wall'],
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

interface Candidate {
  /** On a take-or-skip chart to skip: the newer opposing zone price dropped from, in the way. */
  wall: { upper: number; lower: number; index: number } | null;
  request: ZoneScenarioRequest;
  concepts: ReadonlySet<Concept>;
  attemptSeed: number;
  candles: Candle[];
  draft: Draft;
  revealEnd: number;
  returnIndex: number | null;
  zoneLike: boolean;
  roundLevel: number | null;
  family: ShapeFamily | null;
  decoy: PlantedDecoy | null;
  viewStart: number;
  style: ScenarioStyle;
  /** What was planted after the puzzle, or null (a flip). */
  planned: Aftermath | null;
}

/** The candle at `index`; the checks only ask for indexes they planted. */
function candleAt(candles: readonly Candle[], index: number): Candle {
  const candle = candles[index];
  if (candle === undefined) throw new ScenarioError(`internal: no candle ${index}`);
  return candle;
}

/** The scenario if the draft makes a fair exercise; else a sentence saying why not. */
function verify(candidate: Candidate): ZoneScenario | string {
  const { candles, draft, revealEnd, concepts } = candidate;
  const { band } = draft;
  validateSeries(candles);
  const lowestPrice = Math.min(...candles.map((candle) => candle.low));
  if (lowestPrice < 5) return `price fell to ${lowestPrice}`;
  const height = band.upper - band.lower;
  if (height < MIN_ZONE_HEIGHT) return 'the zone is too thin to draw';
  if (height > MAX_ZONE_HEIGHT_IN_RANGES * draft.averageRange) return 'the zone is too tall';
  const puzzle = candles.slice(0, revealEnd);

  const patternProblem = candidate.zoneLike
    ? checkZone(candidate, puzzle)
    : checkTouchedBand(candidate, puzzle);
  if (patternProblem) return patternProblem;
  const conceptProblem = checkConcepts(candidate, puzzle);
  if (conceptProblem) return conceptProblem;

  const view = frameOpeningView(candidate);
  if (typeof view === 'string') return view;
  if (candidate.concepts.has('support') || candidate.concepts.has('resistance')) {
    // A learner who follows the lesson (the extremes of the touches in view) marks this band.
    const taught = bandAsTaught(puzzle, band, view.from);
    if (
      Math.abs(taught.upper - band.upper) > 0.005 ||
      Math.abs(taught.lower - band.lower) > 0.005
    ) {
      return 'the touches read by the lesson’s rule give another band';
    }
  }
  const lingering = lingeringTouch(candidate, puzzle, view.from);
  if (lingering !== null) return `price lingers at the level from candle ${lingering}`;
  const clarity = assessClarity({
    candles: puzzle,
    answer: {
      type: band.type,
      upper: band.upper,
      lower: band.lower,
      patternStart: draft.patternStart,
      patternEnd: draft.moveEnd,
      departure: draft.departure,
      moveCandles: draft.moveCandles,
    },
    view,
  });
  if (!clarity.clear) return clarity.problems.join('; ');
  // A take-or-skip learner judges freshness by eye: price at the zone's level earlier in view
  // reads as a test of it, though the course counts only returns after the zone formed.
  if (concepts.has('take-or-skip') && clarity.congestion.length > 0) {
    return `price traded in the zone's band in view before it formed (${clarity.congestion.length} candles)`;
  }

  let aftermath: ScenarioResult['aftermath'] = null;
  if (candidate.planned !== null) {
    const read = checkReturn(candidate);
    if (typeof read === 'string') return read;
    aftermath = { planned: candidate.planned, reading: read };
  }

  let trade: ScenarioTrade | null = null;
  if (concepts.has('trade-plan')) {
    const planned = planTrade(candidate);
    if (typeof planned === 'string') return planned;
    trade = planned;
  }
  let decision: ScenarioDecision | null = null;
  if (concepts.has('take-or-skip')) {
    const decided = planDecision(candidate);
    if (typeof decided === 'string') return decided;
    decision = decided;
  }

  const hourly = aggregateCandles(candles, HOUR);
  const endTime = candles[revealEnd]?.time ?? Number.POSITIVE_INFINITY;
  const hourStart = draft.hourlyZone?.hourStart;
  const hourIndex =
    hourStart === undefined
      ? -1
      : hourly.findIndex((hour) => hour.time === candles[hourStart]?.time);
  return {
    attemptSeed: candidate.attemptSeed,
    concepts: [...concepts],
    candles,
    hourly,
    zone: band,
    baseIndexes: draft.baseIndexes,
    patternStart: draft.patternStart,
    moveEnd: draft.moveEnd,
    moveCandles: draft.moveCandles,
    departure: draft.departure,
    averageRange: draft.averageRange,
    revealEnd,
    hourlyRevealEnd: hourly.filter((hour) => hour.time + HOUR <= endTime).length,
    openingView: view,
    returnIndex: candidate.returnIndex,
    aftermath,
    roundLevel: candidate.roundLevel,
    family: candidate.family,
    decoy: candidate.decoy,
    flip: draft.flip,
    hourlyZone:
      draft.hourlyZone === null
        ? null
        : {
            hourIndex,
            upper: draft.hourlyZone.upper,
            lower: draft.hourlyZone.lower,
            strongHours: draft.hourlyZone.strongHours,
          },
    room: roomToPulledZone(candidate),
    trade,
    decision,
  };
}

/** A zone: found by the detector with the planted bounds, fresh until the puzzle's end. */
function checkZone(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  const { band } = draft;
  const firstBase = draft.baseIndexes[0] ?? -1;
  const planted = detectZones(puzzle, { rangeLookback: RANGE_LOOKBACK }).find(
    (found) =>
      found.type === band.type &&
      found.baseStart === firstBase &&
      Math.abs(found.upper - band.upper) < 0.005 &&
      Math.abs(found.lower - band.lower) < 0.005,
  );
  if (!planted) return 'the detector did not find the planted zone';
  // A gap is not a move away: the base and the move out happen in one session, so the pattern
  // is one a learner can see happen (and the explanation's weekday is the base's and the move's).
  const session = (index: number) => newYorkDayNumber(candleAt(puzzle, index).time);
  if (session(firstBase) !== session(draft.moveEnd)) {
    return 'the base and its move away span a session close';
  }
  // On a chart to skip because the zone is not fresh, its one earlier return is the point.
  const testedByDesign = skipReasonOf(candidate.request, candidate.concepts) === 'fresh';
  const early = puzzle.slice(draft.moveEnd + 1).findIndex((candle) => entersZone(band, candle));
  if (early !== -1 && !testedByDesign)
    return `price came back early at ${draft.moveEnd + 1 + early}`;
  if (!draft.touchedByDesign) {
    // The lesson says price has not come back: at the end it is visibly away, not a cent short
    // of the zone or inside the wick the grading accepts.
    const last = candleAt(puzzle, puzzle.length - 1);
    const direction = directionOf(band.type);
    const wick = band.nearSideWick ?? nearEdge(band);
    const nearest = direction > 0 ? Math.max(band.upper, wick) : Math.min(band.lower, wick);
    const gap = direction > 0 ? last.low - nearest : nearest - last.high;
    const yardstick = averageRange(puzzle, puzzle.length - 1, RANGE_LOOKBACK);
    if (gap < END_CLEARANCE_IN_RANGES * yardstick) {
      return `the puzzle ends ${(gap / yardstick).toFixed(2)} average ranges from the zone`;
    }
  }
  return null;
}

/**
 * The visits of price to a level from `from` on, as a learner reads them: runs of candles that
 * reach the band, apart when price went at least 1.5 average ranges away in between.
 */
function levelVisits(puzzle: readonly Candle[], band: PlantedBand, from: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let awaySince = true;
  for (let index = from; index < puzzle.length; index++) {
    const candle = candleAt(puzzle, index);
    const yardstick = averageRange(puzzle, index, RANGE_LOOKBACK);
    const farAway =
      band.type === 'demand'
        ? candle.close > band.upper + 1.5 * yardstick
        : candle.close < band.lower - 1.5 * yardstick;
    // The push away is the level's doing only in the touch's own session: an overnight gap is
    // not buyers or sellers answering at the level.
    const lastTouch = current.at(-1);
    const sameSession =
      lastTouch === undefined ||
      newYorkDayNumber(candleAt(puzzle, lastTouch).time) === newYorkDayNumber(candle.time);
    if (entersZone(band, candle)) {
      if (awaySince && current.length > 0) {
        groups.push(current);
        current = [];
      }
      current.push(index);
      awaySince = false;
    } else if (farAway && sameSession) {
      awaySince = true;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The band a learner marks by the lesson's rule: in each visit, the candle reaching furthest is
 * the touch; the band runs from the most extreme touch to the body edge nearest the far side.
 */
function bandAsTaught(puzzle: readonly Candle[], band: PlantedBand, from: number): PlantedBand {
  const demand = band.type === 'demand';
  const touches = levelVisits(puzzle, band, from).map((group) =>
    group
      .map((index) => candleAt(puzzle, index))
      .reduce((best, candle) =>
        demand ? (candle.low < best.low ? candle : best) : candle.high > best.high ? candle : best,
      ),
  );
  return demand
    ? {
        type: band.type,
        lower: Math.min(...touches.map((candle) => candle.low)),
        upper: Math.max(...touches.map((candle) => Math.min(candle.open, candle.close))),
      }
    : {
        type: band.type,
        upper: Math.max(...touches.map((candle) => candle.high)),
        lower: Math.min(...touches.map((candle) => Math.max(candle.open, candle.close))),
      };
}

/**
 * A touch is price reaching a level and turning away, not a stall on it: the first candle of a
 * visit (to a support or resistance, or to a flip's old level before its break) that lasts more
 * than {@link MAX_TOUCH_CANDLES} candles; null when every visit is short.
 */
function lingeringTouch(
  candidate: Candidate,
  puzzle: readonly Candle[],
  from: number,
): number | null {
  const { draft, concepts } = candidate;
  let band: PlantedBand | undefined;
  let until = puzzle.length;
  if (concepts.has('support') || concepts.has('resistance')) band = draft.band;
  if (draft.flip) {
    // Before the break the level held from the other side.
    band = { ...draft.band, type: draft.band.type === 'demand' ? 'supply' : 'demand' };
    until = draft.flip.breakIndex;
  }
  if (!band) return null;
  const visits = levelVisits(puzzle.slice(0, until), band, from);
  const long = visits.find((visit) => visit.length > MAX_TOUCH_CANDLES);
  return long?.[0] ?? null;
}

/** A level or a flip: touched by its own pattern, never broken during the puzzle. */
function checkTouchedBand(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  const { band } = draft;
  const firstTouch = draft.baseIndexes[0] ?? 0;

  const from = draft.flip ? draft.flip.retestIndex : firstTouch;
  for (let index = from; index < puzzle.length; index++) {
    const candle = candleAt(puzzle, index);
    const beyond = band.type === 'demand' ? candle.low < band.lower : candle.high > band.upper;
    if (beyond) return `candle ${index} trades beyond the level's band`;
  }
  return null;
}

function checkConcepts(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft, concepts, request } = candidate;
  const { band } = draft;
  const direction = directionOf(band.type);
  if (draft.flip) {
    const broke = candleAt(puzzle, draft.flip.breakIndex);
    const farSide = direction > 0 ? band.upper : band.lower;
    if ((direction * (broke.close - farSide)) / draft.averageRange < CLEAR_BREAK_IN_RANGES) {
      return 'the break of the old level is not clear';
    }
    const retest = candleAt(puzzle, draft.flip.retestIndex);
    if (!entersZone(band, retest) || direction * (retest.close - farSide) <= 0) {
      return 'the retest does not dip into the old level and turn';
    }
    // The retest is price's first return to the old level: until then it stays clear of it.
    for (let index = draft.flip.breakIndex + 1; index < draft.flip.retestIndex; index++) {
      if (entersZone(band, candleAt(puzzle, index))) return 'price came back before the retest';
    }
  }
  if (draft.hourlyZone) {
    const problem = checkHourlyNesting(puzzle, draft);
    if (problem) return problem;
  }
  if (concepts.has('clean') && request.continues) {
    const room = roomToPulledZone(candidate);
    if (!room || room.roomInHeights < CLEAN_ROOM_IN_HEIGHTS) {
      return `the room to the pulled zone is only ${room?.roomInHeights.toFixed(1) ?? 'none'} heights`;
    }
    const pulled = request.continues.zone;
    // The continued chart's first session is dropped, so its indexes shift by one session.
    const formed = Math.max(0, request.continues.moveEnd + 1 - CANDLES_PER_SESSION);
    if (puzzle.slice(formed).some((candle) => closesBeyondZone(pulled, candle))) {
      return 'the pulled zone was broken';
    }
  }
  const { decoy } = candidate;
  if (concepts.has('fresh') && decoy) {
    if (decoy.end >= draft.patternStart) return 'the tested zone was retested too late';
    // The course's detector sees it as a zone of the answer's type that price came back to.
    const seen = detectZones(puzzle, { rangeLookback: RANGE_LOOKBACK }).some(
      (zone) =>
        zone.type === band.type &&
        zone.firstReturn !== null &&
        zone.baseStart >= decoy.start &&
        zone.baseStart < draft.patternStart,
    );
    if (!seen) return "the tested zone is not a zone by the course's rules";
  }
  if (concepts.has('steep-move') && decoy) {
    if (decoy.candles < 3 * draft.moveCandles) return 'the gentle move is not slow enough';
    // The lesson compares two rises of similar size in dollars: only the angle differs.
    const ratio = (decoy.upper - decoy.lower) / moveInDollars(candidate);
    if (ratio < 1 - GENTLE_MOVE_SIZE_TOLERANCE || ratio > 1 + GENTLE_MOVE_SIZE_TOLERANCE) {
      return `the gentle move is ${ratio.toFixed(2)} times the steep one in dollars`;
    }
    if (draft.departure < STEEP_MOVE_MIN_DEPARTURE) return 'the steep move is not steep enough';
    const steeper = steeperWindow(candidate, puzzle);
    if (steeper !== null) return `a move at candle ${steeper} is nearly as steep as the answer's`;
  }
  if (candidate.style === 'easy') {
    // A beginner looks at the extremes first: the answer holds the lowest low (demand) or the
    // highest high (supply) of everything in the puzzle.
    const extreme =
      direction > 0
        ? Math.min(...puzzle.map((candle) => candle.low))
        : Math.max(...puzzle.map((candle) => candle.high));
    const farEdge = direction > 0 ? band.lower : band.upper;
    if (Math.abs(extreme - farEdge) > 1e-9) return 'the zone is not the extreme of the chart';
  }
  return null;
}

/**
 * The first run of as many candles as the steep move, in view and apart from it, that moves the
 * same way by {@link STEEPEST_MOVE_RATIO} of the move's rise (both in average ranges at their
 * start); null when the answer's move is clearly the steepest in view.
 */
function steeperWindow(candidate: Candidate, puzzle: readonly Candle[]): number | null {
  const { draft, viewStart } = candidate;
  const span = draft.moveCandles;
  const direction = directionOf(draft.band.type);
  const rise = (start: number) =>
    (direction * (candleAt(puzzle, start + span - 1).close - candleAt(puzzle, start).open)) /
    averageRange(puzzle, start, RANGE_LOOKBACK);
  const moveStart = draft.moveEnd - span + 1;
  const limit = STEEPEST_MOVE_RATIO * rise(moveStart);
  for (let start = viewStart; start + span <= puzzle.length; start++) {
    if (Math.abs(start - moveStart) >= span && rise(start) >= limit) return start;
  }
  return null;
}

/** From the zone's near edge to the farthest close of its move away, in dollars. */
function moveInDollars(candidate: Candidate): number {
  const { draft, candles } = candidate;
  const { band } = draft;
  let farthest = 0;
  for (let index = (draft.baseIndexes.at(-1) ?? 0) + 1; index <= draft.moveEnd; index++) {
    const close = candleAt(candles, index).close;
    farthest = Math.max(farthest, band.type === 'demand' ? close - band.upper : band.lower - close);
  }
  return farthest;
}

function checkHourlyNesting(puzzle: readonly Candle[], draft: Draft): string | null {
  const zone = draft.hourlyZone;
  if (!zone) return null;
  const hours = aggregateCandles(puzzle, HOUR);
  const start = puzzle[zone.hourStart]?.time;
  const index = hours.findIndex((hour) => hour.time === start);
  const hour = hours[index];
  if (!hour) return 'the base hour is missing';
  const body = Math.abs(hour.close - hour.open);
  if (body >= 0.5 * (hour.high - hour.low)) return 'the base hour is not small-bodied';
  const yardstick = averageRange(hours, index, RANGE_LOOKBACK);
  const direction = directionOf(draft.band.type);
  const [first, second] = hours.slice(index + 1, index + 3);
  if (!first || !second) return 'the strong hours run past the puzzle';
  if (direction * (first.close - first.open) < 0.7 * yardstick) {
    return 'the hour after the base is not strong';
  }
  if (zone.strongHours > 1 && direction * (second.close - first.open) < 1.2 * yardstick) {
    return 'the hours after the base do not carry price away';
  }
  if (draft.band.lower < zone.lower - 1e-9 || draft.band.upper > zone.upper + 1e-9) {
    return 'the 5-minute zone is not inside the 1-hour zone';
  }
  // The lesson reads the hours after the base as a move away: no finished hour before the
  // puzzle's end closes back inside the 1-hour zone (the hour still forming may reach into it:
  // that is price coming back to the zone, the setup the lesson is about).
  const lastFinished = hours.length - 2;
  for (let later = index + 1; later <= lastFinished; later++) {
    const close = hours[later]?.close ?? Number.NaN;
    if (close <= zone.upper && close >= zone.lower) {
      return 'a later hour closes back inside the 1-hour zone';
    }
  }
  // The 1-hour zone is read on the 1-hour chart, which shows the whole history at once: it must
  // not sit in an earlier sideways stretch there.
  const earlier = hours
    .slice(0, index)
    .filter((hour) => hour.low <= zone.upper && hour.high >= zone.lower);
  if (earlier.length > MAX_HOURLY_CONGESTION) {
    return `${earlier.length} earlier hours trade inside the 1-hour zone`;
  }
  return null;
}

/** Room from a clean zone's near edge to the pulled opposing zone, in heights of the zone. */
/**
 * Room from a clean zone's near edge to what stands in its way, in heights of the zone: the
 * pulled opposing zone, or the turn where the move away was pushed back before reaching it,
 * whichever is nearer (a teacher measures to the first place sellers showed up).
 */
function roomToPulledZone(candidate: Candidate): ScenarioResult['room'] {
  const pulled = candidate.request.continues?.zone;
  if (!pulled || !candidate.concepts.has('clean')) return null;
  const { band, moveEnd } = candidate.draft;
  const demand = band.type === 'demand';
  const height = band.upper - band.lower;
  // The top of the rally after the move away (the bottom of the drop, for supply).
  let turn: { price: number; index: number } | null = null;
  for (let index = moveEnd + 1; index < candidate.revealEnd; index++) {
    const candle = candleAt(candidate.candles, index);
    const extreme = demand ? candle.high : candle.low;
    if (turn === null || (demand ? extreme > turn.price : extreme < turn.price)) {
      turn = { price: extreme, index };
    }
  }
  let limit: NonNullable<ScenarioResult['room']>['limit'] = {
    price: demand ? pulled.lower : pulled.upper,
    kind: 'pulled-zone',
    index: null,
  };
  if (turn && (demand ? turn.price < limit.price : turn.price > limit.price)) {
    limit = { price: turn.price, kind: 'turn', index: turn.index };
  }
  const room = demand ? limit.price - band.upper : band.lower - limit.price;
  return { pulled, limit, roomInHeights: height > 0 ? room / height : 0 };
}

/**
 * The model plan's reward-to-risk on a chart whose trade is taken: at least the course's 2:1,
 * and not much more, as the room to the next opposing zone gives on most real setups.
 */
const MODEL_REWARD_TO_RISK: readonly [number, number] = [2, 2.6];
/** A chart to skip leaves clearly less room than the course's 2R: at most this much. */
const SKIP_MAX_REWARD_TO_RISK = 1.7;

/**
 * Where the move away was turned back before the puzzle ends: the top of the rally (for demand;
 * the bottom of the drop for supply), as the next opposing zone: its high down to its body top.
 */
function turnAfterMove(
  candles: readonly Candle[],
  draft: Draft,
  revealEnd: number,
): { upper: number; lower: number; index: number } | null {
  const demand = draft.band.type === 'demand';
  let turn: number | null = null;
  for (let index = draft.moveEnd + 1; index < revealEnd; index++) {
    const candle = candleAt(candles, index);
    const best = turn === null ? undefined : candleAt(candles, turn);
    if (!best || (demand ? candle.high > best.high : candle.low < best.low)) turn = index;
  }
  if (turn === null) return null;
  return opposingZoneAt(candles, turn, draft.band.type);
}

/**
 * The opposing zone where price turned at candle `turn`, bounded as the course bounds any zone:
 * for a long's supply above, from the highest high of the turning candles to their lowest body
 * bottom (mirrored for a short). The turning candles are the turn and its neighbours whose
 * extreme lies within a quarter range of it, as long as their bodies are small.
 */
function opposingZoneAt(
  candles: readonly Candle[],
  turn: number,
  type: ZoneType,
): { upper: number; lower: number; index: number } {
  const demand = type === 'demand';
  const yardstick = averageRange(candles, turn, RANGE_LOOKBACK);
  const extreme = (candle: Candle) => (demand ? candle.high : candle.low);
  const top = candleAt(candles, turn);
  const near = (index: number) => {
    const candle = candles[index];
    return (
      candle !== undefined &&
      Math.abs(extreme(candle) - extreme(top)) <= 0.25 * yardstick &&
      Math.abs(candle.close - candle.open) <= 0.5 * yardstick
    );
  };
  const base = [turn - 1, turn + 1].filter(near).map((index) => candleAt(candles, index));
  return { ...zoneBounds(demand ? 'supply' : 'demand', [top, ...base]), index: turn };
}

/**
 * Where a move is turned back: a small candle or two with their long wicks on the side the move
 * came from (for a long's move up, the sellers' side): the base of the next opposing zone.
 */
function plantTurningBase(
  script: MarketScript,
  moveDirection: Direction,
  yardstick: number,
  farWick: [number, number],
): void {
  for (let count = script.random.integer(1, 2); count > 0; count--) {
    script.small(moveDirection, yardstick, 0.25, farWick);
  }
}

/** An opposing zone thinner than this share of an average range is a wick, not a zone. */
const MIN_OPPOSING_HEIGHT_IN_RANGES = 0.25;

/**
 * A trade at the answer: the next opposing zone is where the move away was turned back, and the
 * course's model plan (chart-kit's `modelPlanAt`) enters at the proximal line, stops past the
 * distal line and targets short of it. The chart is a trade-plan exercise only if that plan pays
 * at least 2.5:1 and, played out after the puzzle, is filled and reaches its target: the lesson
 * shows a plan working as planned.
 */
function planTrade(candidate: Candidate): ScenarioTrade | string {
  const { candles, draft, revealEnd } = candidate;
  const { band, averageRange: range } = draft;
  const opposing = turnAfterMove(candles, draft, revealEnd);
  if (opposing === null) return 'nothing turned price back before the puzzle ends';
  if (opposing.upper - opposing.lower < MIN_OPPOSING_HEIGHT_IN_RANGES * range) {
    return 'the opposing zone is a wick, not a zone';
  }
  const { entry, stop, target } = modelPlanAt(band, opposing, range);
  const rewardToRisk = Math.abs(target - entry) / Math.abs(entry - stop);
  const [fewest, most] = MODEL_REWARD_TO_RISK;
  if (!(rewardToRisk >= fewest && rewardToRisk <= most)) {
    return `the model plan pays ${rewardToRisk.toFixed(1)}:1`;
  }
  const outcome = playOutTrade(
    { entry, stop, target, size: 1 },
    band.type,
    candles.slice(revealEnd),
    SHARES,
  );
  const planned = exitOf(candidate.planned as TradeAftermath);
  if (outcome.exit !== planned) return `the model plan ends ${outcome.exit}, not ${planned}`;
  return { opposing, model: { entry, stop, target }, rewardToRisk, outcome };
}

/**
 * A chart to skip: after the move away price falls back most of the way, bounces to a lower high
 * and turns down again towards the zone. That turn is the nearest opposing zone, only about 1 to
 * 1.6R above the zone's model entry (for demand; below, for supply): too little room for 2R.
 */
function plantWall(
  script: MarketScript,
  draft: Draft,
  random: Random,
): { upper: number; lower: number; index: number } {
  const { band, averageRange: range } = draft;
  const direction = directionOf(band.type);
  const risk = band.upper - band.lower + 0.25 * range;
  const entry = nearEdge(band);
  const approach = entry + direction * range * random.between(1.0, 1.3);
  // A turn a learner can see: well above where price ends (for demand).
  const wallAt =
    direction *
    Math.max(
      direction * (entry + direction * (random.between(1.0, 1.6) * risk + 0.3 * range)),
      direction * (approach + direction * 0.8 * range),
    );
  script.lean(random.integer(2, 4), direction, 0.05);
  // Quieter steps: the pull back must not reach the zone before the puzzle's end.
  script.steerTo(entry + direction * range * random.between(1.2, 1.5), random.integer(6, 9), 0.6);
  const bounceStart = script.length;
  script.steerTo(wallAt, random.integer(3, 5), 0.6);
  // The wall is a base a learner can mark, then a sharp turn back.
  plantTurningBase(script, direction, range, [0.3, 0.6]);
  script.steerTo(approach, random.integer(5, 8), 0.75);
  let turn = bounceStart;
  for (let index = bounceStart; index < script.length; index++) {
    const candle = script.at(index);
    const best = script.at(turn);
    if (direction > 0 ? candle.high > best.high : candle.low < best.low) turn = index;
  }
  return opposingZoneAt(script.candles, turn, band.type);
}

/**
 * A take-or-skip chart, read by chart-kit's `decideTrade`: the opposing zone (on a chart to skip
 * for room, the newer one price dropped from on its way back), the zone's returns and the 1-hour
 * trend. A chart to take pays 2R to 2.6R with the model plan, and that plan ends as planted. A
 * chart to skip fails exactly the check it was made to fail (at most 1.7R of room, an earlier
 * return, or a 1-hour trend against the trade), and a trade aiming for 2R there ends as planted.
 */
function planDecision(candidate: Candidate): ScenarioDecision | string {
  const { candles, draft, revealEnd, request, concepts } = candidate;
  const { band, averageRange: range } = draft;
  const skipBecause = skipReasonOf(request, concepts);
  const opposing =
    skipBecause === 'room' ? candidate.wall : turnAfterMove(candles, draft, revealEnd);
  if (!opposing) return 'no opposing zone in the way';
  if (opposing.upper - opposing.lower < MIN_OPPOSING_HEIGHT_IN_RANGES * range) {
    return 'the opposing zone is a wick, not a zone';
  }
  const puzzle = candles.slice(0, revealEnd);
  const endTime = candles[revealEnd]?.time ?? Number.POSITIVE_INFINITY;
  const finishedHours = aggregateCandles(puzzle, HOUR).filter(
    (hour) => hour.time + HOUR <= endTime,
  );
  const setting = {
    zone: band,
    opposing,
    averageRange: range,
    touches: zoneTouches(puzzle, band, draft.moveEnd + 1),
    higherTimeframe: higherTimeframeTrend(finishedHours, band.type),
  };
  const decision = decideTrade(setting);
  const failing = decision.checks.filter((check) => !check.ok).map((check) => check.check);
  const next = candles.slice(revealEnd);
  const [fewest, most] = MODEL_REWARD_TO_RISK;
  if (skipBecause !== null) {
    if (failing.length !== 1 || failing[0] !== skipBecause) {
      return `the chart to skip fails ${failing.join(' and ') || 'no check'}, not ${skipBecause}`;
    }
    if (skipBecause === 'room' && decision.rewardToRisk > SKIP_MAX_REWARD_TO_RISK) {
      return `the chart to skip still leaves ${decision.rewardToRisk.toFixed(1)}R`;
    }
    if (skipBecause !== 'room' && decision.rewardToRisk > most) {
      return `the chart to skip pays ${decision.rewardToRisk.toFixed(1)}R`;
    }
    // What skipping avoided, or cost: a trade aiming for the course's 2R.
    const { entry, stop } = decision.model;
    const twoR = entry + 2 * (entry - stop);
    const avoided = playOutTrade({ entry, stop, target: twoR, size: 1 }, band.type, next, SHARES);
    const planned = exitOf(candidate.planned as SkippedAftermath | TradeAftermath);
    if (avoided.exit !== planned) {
      return `a 2R trade at the skipped zone ends ${avoided.exit}, not ${planned}`;
    }
    return {
      ...setting,
      opposing,
      take: false,
      rewardToRisk: decision.rewardToRisk,
      outcome: avoided,
    };
  }
  if (!decision.take) return 'the chart to take fails a check';
  if (decision.rewardToRisk < fewest || decision.rewardToRisk > most) {
    return `the chart to take pays ${decision.rewardToRisk.toFixed(1)}R`;
  }
  const outcome = playOutTrade({ ...decision.model, size: 1 }, band.type, next, SHARES);
  const planned = exitOf(candidate.planned as TradeAftermath);
  if (outcome.exit !== planned) return `the model plan ends ${outcome.exit}, not ${planned}`;
  return { ...setting, opposing, take: true, rewardToRisk: decision.rewardToRisk, outcome };
}

/**
 * The opening view: from just before the answer's context (or its decoy) to the puzzle's end. If
 * that is too much to show the zone tall enough everywhere, the view starts later, down to a
 * dozen candles before the pattern; if even that fails, the attempt does.
 */
function frameOpeningView(candidate: Candidate): IndexWindow | string {
  const { candles, draft, revealEnd, decoy, concepts, request } = candidate;
  let latestStart = Math.max(0, draft.patternStart - 12);
  // A decoy stays in view from its base on (a tested zone's leg in may scroll off to the left).
  if (decoy) latestStart = Math.min(latestStart, decoy.start + 1);
  // A zone carried over from an earlier chart is drawn as lines, which the chart keeps in view.
  const pulled = concepts.has('clean') ? request.continues?.zone : undefined;
  const alsoShown = pulled ? [pulled.lower, pulled.upper] : [];
  let shortfall = '';
  for (
    let from = candidate.viewStart;
    from <= Math.max(candidate.viewStart, latestStart);
    from += 4
  ) {
    const window = { from, to: revealEnd - 1 };
    const puzzle = candles.slice(0, revealEnd);
    const framing = framingShortfall(
      puzzle,
      openingTimeWindow(puzzle, window, FIVE_MINUTES),
      candidate.draft.band,
      placement(request.placement ?? 'lesson'),
      FIVE_MINUTES,
      alsoShown,
    );
    if (framing.ok) return window;
    shortfall = framing.worst;
  }
  return `the zone would be only ${shortfall} at the opening view`;
}

/**
 * The return after the puzzle, read as the course reads it: the planted touch is price's first
 * return, and on a zone exercise its reaction is the one planted (free candles inside the
 * reading's window can turn a stall into a break: then the draft is redrawn).
 */
function checkReturn(candidate: Candidate): ReactionReading | string {
  const { candles, draft, revealEnd, returnIndex, planned } = candidate;
  const reading = readReaction(candles, draft.band, revealEnd);
  if (reading === null) return 'price never came back to the zone';
  if (reading.returnIndex !== returnIndex) {
    return 'the planted return is not price’s first return to the zone';
  }
  if (planned === 'holds') {
    const problem = textbookHoldProblem(candles, draft.band, reading.returnIndex);
    if (problem) return problem;
  }
  // A trade's aftermath is checked by how the trade ends (planTrade, planDecision).
  const wanted = planned === 'holds' ? 'strong' : planned;
  if (ZONE_REACTIONS.includes(wanted as ZoneReaction) && reading.reaction !== wanted) {
    return `the return reacted ${reading.reaction}, not ${wanted}`;
  }
  return reading;
}
