import { resolve } from 'node:path';
import { aggregateCandles, TIMEFRAMES, type Candle } from '@chart-kit/core';
import {
  type Concept,
  deriveSeed,
  type HigherTimeframeTrend,
  bandPixelHeight,
  baseShowsOnHourly,
  explainHourlyZone,
  explainZone,
  hourlyBaseTimes,
  MIN_ZONE_PX,
  openingTimeWindow,
  placement,
  type PlacementName,
  generateZoneScenario,
  type SkillKey,
  type ZoneScenario,
  type ZoneType,
} from '@course/rules';
import { projectRoot } from '../config/config.js';
import {
  FIRST_GENERATED_CHART,
  readChartDefinitions,
  type ChartDefinition,
} from './chart-definitions.js';
import { LRUCache } from 'lru-cache';

/** One chart as an exercise shows it; the zone is the answer and must not reach a client early. */
export interface ExerciseChart {
  chartNumber: number;
  timeframe: '5min' | '1hr';
  /** The full series: the exercise view and then what price did next. */
  candles: Candle[];
  /** Count of candles shown during the exercise (the view is `candles.slice(0, exerciseEnd)`). */
  exerciseEnd: number;
  /** The answer, with the near-side wick of its base that grading also accepts. */
  zone: { type: ZoneType; upper: number; lower: number; nearSideWick?: number };
  /** Times of the first and last candle of the opening view (the whole puzzle on 1-hour twins). */
  openingView: { from: number; to: number };
  /** Why this is the zone, naming the base candles; shown after a pass or the reveal. */
  explanation: string;
  /** Times of the base candles (on a 1-hour chart: of the hours holding them). */
  baseTimes: number[];
  /** The other timeframe of the same market (5-min <-> 1-hour), or null. */
  twin: number | null;
  /**
   * A trade-plan chart's setting (see ScenarioTrade): the next opposing zone, the average
   * candle range the stop's buffer is judged by, and the model plan.
   */
  trade?: {
    opposing: { upper: number; lower: number };
    averageRange: number;
    model: { entry: number; stop: number; target: number };
  };
  /**
   * A take-or-skip chart's setting for the course's `decideTrade` (see ScenarioDecision): the next
   * opposing zone, the average range, the zone's returns and the 1-hour trend.
   */
  decision?: {
    opposing: { upper: number; lower: number };
    averageRange: number;
    touches: number;
    higherTimeframe: HigherTimeframeTrend;
  };
  /**
   * A 1-hour twin's hour in progress when the exercise ends, built from the exercise's 5-minute
   * candles only: the last candle shown until the zone is revealed, so both timeframes end at
   * the same price (once revealed, the whole hour comes first in `next`).
   */
  formingCandle?: Candle;
  /** A 1-hour twin on which the zone's base shows no base: the view is context only. */
  contextOnly?: boolean;
  /**
   * A practice chart's concepts, as it was generated (a fresh zone beside a tested one, ...):
   * its answers speak for their skills. Absent on catalogue charts, whose content names their
   * skills, and on practice charts kept from before, which were plain zones.
   */
  concepts?: Concept[];
}

/** A generated chart n has its 1-hour twin at n + HOURLY_TWIN_OFFSET. */
export const HOURLY_TWIN_OFFSET = 500_000;
/** Generated 5-min charts: FIRST_GENERATED_CHART to LAST_GENERATED_CHART, seed = chart number. */
export const LAST_GENERATED_CHART = FIRST_GENERATED_CHART + HOURLY_TWIN_OFFSET - 1;
const GENERATED_CACHE_SIZE = 64;
const TYPE_SALT = 0x7479_7065;

export interface ChartPair {
  fiveMinute: ExerciseChart;
  hourly: ExerciseChart | null;
}

/** Whether n is a generated practice chart's 5-min number. */
function isGenerated(chartNumber: number): boolean {
  return chartNumber >= FIRST_GENERATED_CHART && chartNumber <= LAST_GENERATED_CHART;
}

/**
 * Where the app shows chart n (api/content/README.md): 30 to 34 on the landing page, 40 to 49 in
 * trade-plan lessons (beside the plan panel), the practice charts (50 to 59 and every generated
 * one) in the Practice Portal, the rest in lessons.
 */
export function placementOfChart(chartNumber: number): PlacementName {
  if (chartNumber >= 30 && chartNumber <= 34) return 'landing';
  if (chartNumber >= 40 && chartNumber <= 49) return 'plan';
  if (chartNumber >= 50 && chartNumber < 100) return 'practice';
  if (isGenerated(chartNumber)) return 'practice';
  return 'lesson';
}

/** The zone type of generated chart n, fixed by its seed. */
export function generatedChartType(chartNumber: number): ZoneType {
  return (deriveSeed(chartNumber, TYPE_SALT) & 1) === 1 ? 'supply' : 'demand';
}

/**
 * Every exercise chart by number: the hand-numbered ones of `charts.yaml` (lessons, landing demo,
 * practice portal) and, when simulating, generated practice charts for any number from 1000 on.
 *
 * Two kinds. {@link ChartCatalogue.load} simulates each chart on first use and keeps it
 * (generated ones in a bounded least-recently-used cache): for the build, worker threads and
 * tests. {@link ChartCatalogue.prepared} is what the API serves: every hand-numbered chart made
 * ahead (by the build or in worker threads before the instance is ready, see
 * catalogue-preparation.ts), so answering never simulates a market on the event loop; it has no
 * generated numbers (no request can ask for one).
 */
export class ChartCatalogue {
  private readonly scenarios = new Map<number, ZoneScenario>();
  private readonly handNumbered = new Map<number, ChartPair>();
  private readonly generated = new LRUCache<number, ChartPair>({ max: GENERATED_CACHE_SIZE });
  /** Hourly twin number -> its 5-min chart number. */
  private readonly hourlyParents = new Map<number, number>();

  private constructor(
    private readonly definitions: ReadonlyMap<number, ChartDefinition>,
    /** Set: every hand-numbered pair was made ahead, and nothing is simulated here. */
    private readonly madeAhead?: ReadonlyMap<number, ChartPair>,
  ) {
    for (const definition of definitions.values()) {
      if (definition.hourly !== null) this.hourlyParents.set(definition.hourly, definition.number);
    }
  }

  /** Reads `charts.yaml` from `contentDir` (default: the API's `content` folder) and checks it. */
  static load(contentDir: string = resolve(projectRoot(), 'api', 'content')): ChartCatalogue {
    return ChartCatalogue.simulating(readChartDefinitions(contentDir));
  }

  /** A catalogue of these definitions that simulates each chart on first use. */
  static simulating(definitions: readonly ChartDefinition[]): ChartCatalogue {
    return new ChartCatalogue(new Map(definitions.map((entry) => [entry.number, entry])));
  }

  /**
   * A catalogue that only looks charts up: `pairs` holds each definition's pair by its 5-minute
   * number. Throws when one is missing, so a start cannot go on with a chart to simulate later.
   */
  static prepared(
    definitions: readonly ChartDefinition[],
    pairs: ReadonlyMap<number, ChartPair>,
  ): ChartCatalogue {
    const missing = definitions.filter((entry) => !pairs.has(entry.number));
    if (missing.length > 0) {
      throw new Error(`charts not made ahead: ${missing.map((entry) => entry.number).join(', ')}`);
    }
    return new ChartCatalogue(new Map(definitions.map((entry) => [entry.number, entry])), pairs);
  }

  /** Whether every chart is made ahead, so that no lookup simulates anything. */
  get isPrepared(): boolean {
    return this.madeAhead !== undefined;
  }

  /** The hand-numbered chart numbers, hourly twins included, ascending. */
  numbers(): number[] {
    return [...this.definitions.keys(), ...this.hourlyParents.keys()].sort((a, b) => a - b);
  }

  /** Whether a hand-numbered chart is made for trade plans, without generating it. */
  plansTrades(chartNumber: number): boolean {
    return this.definitions.get(chartNumber)?.concepts.includes('trade-plan') ?? false;
  }

  /** Whether a hand-numbered chart asks to take or skip a trade, without generating it. */
  asksDecision(chartNumber: number): boolean {
    return this.definitions.get(chartNumber)?.concepts.includes('take-or-skip') ?? false;
  }

  /**
   * The skills a hand-numbered chart's exercise tests, as charts.yaml names them (or derives
   * them from its concepts); undefined for a number with no definition.
   */
  skillsOf(chartNumber: number): SkillKey[] | undefined {
    return this.definitions.get(chartNumber)?.skills;
  }

  /** Whether a chart with this number exists, without generating it. */
  has(chartNumber: number): boolean {
    if (!Number.isSafeInteger(chartNumber)) return false;
    if (this.definitions.has(chartNumber) || this.hourlyParents.has(chartNumber)) return true;
    if (this.madeAhead) return false;
    return isGenerated(chartNumber) || isGenerated(chartNumber - HOURLY_TWIN_OFFSET);
  }

  /** The chart with this number, or undefined when there is none. */
  get(chartNumber: number): ExerciseChart | undefined {
    if (!Number.isSafeInteger(chartNumber)) return undefined;
    if (this.definitions.has(chartNumber)) return this.handNumberedPair(chartNumber).fiveMinute;
    const parent = this.hourlyParents.get(chartNumber);
    if (parent !== undefined) return this.handNumberedPair(parent).hourly ?? undefined;
    if (this.madeAhead) return undefined;
    if (isGenerated(chartNumber)) return this.generatedPair(chartNumber).fiveMinute;
    const generatedParent = chartNumber - HOURLY_TWIN_OFFSET;
    if (isGenerated(generatedParent))
      return this.generatedPair(generatedParent).hourly ?? undefined;
    return undefined;
  }

  /** The scenario behind a hand-numbered 5-minute chart (what was planted, where and why). */
  scenario(chartNumber: number): ZoneScenario | undefined {
    if (this.madeAhead) throw new Error('a prepared catalogue keeps charts, not their scenarios');
    const definition = this.definitions.get(chartNumber);
    return definition ? this.handNumberedScenario(definition) : undefined;
  }

  /** A hand-numbered 5-minute chart and its 1-hour twin (what the build's cache keeps). */
  pair(chartNumber: number): ChartPair {
    return this.handNumberedPair(chartNumber);
  }

  private handNumberedPair(chartNumber: number): ChartPair {
    const madeAhead = this.madeAhead?.get(chartNumber);
    if (madeAhead) return madeAhead;
    if (this.madeAhead) throw new Error(`chart ${chartNumber} is not defined`);
    const cached = this.handNumbered.get(chartNumber);
    if (cached) return cached;
    const definition = this.definitions.get(chartNumber);
    if (!definition) throw new Error(`chart ${chartNumber} is not defined`);
    const pair = buildPair(chartNumber, definition.hourly, this.handNumberedScenario(definition));
    this.handNumbered.set(chartNumber, pair);
    return pair;
  }

  private handNumberedScenario(definition: ChartDefinition): ZoneScenario {
    const cached = this.scenarios.get(definition.number);
    if (cached) return cached;
    const continued =
      definition.continues === null ? undefined : this.definitions.get(definition.continues);
    const scenario = generateZoneScenario({
      seed: definition.seed,
      zoneType: definition.type,
      style: definition.style,
      concepts: definition.concepts,
      placement: placementOfChart(definition.number),
      continues: continued ? this.handNumberedScenario(continued) : undefined,
      ...(definition.decision === null ? {} : { decision: definition.decision }),
      ...(definition.after === null ? {} : { after: definition.after }),
      ...(definition.context === null ? {} : { context: definition.context }),
    });
    this.scenarios.set(definition.number, scenario);
    return scenario;
  }

  private generatedPair(chartNumber: number): ChartPair {
    const cached = this.generated.get(chartNumber);
    if (cached) return cached;
    const scenario = generateZoneScenario({
      seed: chartNumber,
      zoneType: generatedChartType(chartNumber),
      placement: 'practice',
    });
    const pair = buildPair(chartNumber, chartNumber + HOURLY_TWIN_OFFSET, scenario);
    this.generated.set(chartNumber, pair);
    return pair;
  }
}

/** A scenario as an exercise shows it: its 5-min chart and, when numbered, its 1-hour twin. */
export function buildPair(
  chartNumber: number,
  hourlyNumber: number | null,
  scenario: ZoneScenario,
): ChartPair {
  const zone = { ...scenario.zone };
  const fiveMinute: ExerciseChart = {
    chartNumber,
    timeframe: '5min',
    candles: scenario.candles,
    exerciseEnd: scenario.revealEnd,
    zone,
    openingView: openingTimeWindow(scenario.candles, scenario.openingView, TIMEFRAMES['5min']),
    explanation: explainZone(scenario),
    baseTimes: scenario.baseIndexes.map((index) => scenario.candles[index]?.time ?? 0),
    twin: hourlyNumber,
    ...(scenario.trade
      ? {
          trade: {
            opposing: {
              upper: scenario.trade.opposing.upper,
              lower: scenario.trade.opposing.lower,
            },
            averageRange: scenario.averageRange,
            model: { ...scenario.trade.model },
          },
        }
      : {}),
    ...(scenario.decision
      ? {
          decision: {
            opposing: {
              upper: scenario.decision.opposing.upper,
              lower: scenario.decision.opposing.lower,
            },
            averageRange: scenario.averageRange,
            touches: scenario.decision.touches,
            higherTimeframe: scenario.decision.higherTimeframe,
          },
        }
      : {}),
  };
  const forming = formingHour(scenario);
  const hourlyView =
    hourlyNumber === null
      ? null
      : openingTimeWindow(
          scenario.hourly,
          { from: 0, to: forming ? scenario.hourlyRevealEnd : scenario.hourlyRevealEnd - 1 },
          TIMEFRAMES['1hr'],
          1,
        );
  const tooThin = hourlyView !== null && zoneTooThinOnHourly(chartNumber, scenario, hourlyView);
  const contextOnly = !baseShowsOnHourly(scenario) || tooThin;
  const hourly: ExerciseChart | null =
    hourlyNumber === null || hourlyView === null
      ? null
      : {
          chartNumber: hourlyNumber,
          timeframe: '1hr',
          candles: scenario.hourly,
          exerciseEnd: scenario.hourlyRevealEnd,
          zone,
          // Every hour up to the end of the puzzle, the base session and all before it, and the
          // hour in progress, with one empty slot after the last. The slot is counted from the
          // hour in progress itself: it can open the next session, a night after the hour before.
          openingView: hourlyView,
          explanation: explainHourlyZone(scenario, { tooThin }),
          baseTimes: hourlyBaseTimes(scenario),
          twin: chartNumber,
          ...(forming ? { formingCandle: forming } : {}),
          ...(contextOnly ? { contextOnly: true } : {}),
        };
  return deepFreeze({ fiveMinute, hourly });
}

/**
 * Whether the zone, marked on the 5-minute chart, is too thin to mark on its 1-hour twin: under
 * the least height a zone must have at the opening view (MIN_ZONE_PX) on either screen of the
 * page that shows it. Then the 1-hour view is context only. A zone planted on the 1-hour chart
 * itself is the lesson's point and keeps its view.
 */
function zoneTooThinOnHourly(
  chartNumber: number,
  scenario: ZoneScenario,
  view: { from: number; to: number },
): boolean {
  if (scenario.hourlyZone) return false;
  const where = placement(placementOfChart(chartNumber));
  const puzzle = scenario.hourly.slice(0, scenario.hourlyRevealEnd);
  return (['desktop', 'phone'] as const).some(
    (screen) =>
      bandPixelHeight(puzzle, view, where[screen], scenario.zone, TIMEFRAMES['1hr']) <
      MIN_ZONE_PX[screen],
  );
}

/** The hour the puzzle ends in, as far as the puzzle's 5-minute candles go; none on a whole hour. */
function formingHour(scenario: ZoneScenario): Candle | undefined {
  const puzzleHours = aggregateCandles(
    scenario.candles.slice(0, scenario.revealEnd),
    TIMEFRAMES['1hr'],
  );
  const forming = puzzleHours[scenario.hourlyRevealEnd];
  if (!forming || forming.time !== scenario.hourly[scenario.hourlyRevealEnd]?.time)
    return undefined;
  return forming;
}

/** Cached charts are shared by every caller; freezing makes an accidental edit fail loudly. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
