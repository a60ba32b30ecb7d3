import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LRUCache } from 'lru-cache';
import type { ChartPair } from '../exercise-charts/chart-catalogue.js';
import { outsideRequestScope, withoutDatabaseTurn } from '../database/database-turn.js';
import { PracticeBudget } from './budget.js';
import { decodePracticePair, PracticeChartStore } from './chart-store.js';
import type { PracticeKind } from '@course/rules';
import { practiceScenarioRequest } from './generation.js';
import { LearnerTurns } from './learner-turns.js';
import { PracticeWorkers } from './workers.js';

export { practiceGenerationRequest, practiceScenarioRequest } from './generation.js';

/**
 * Practice charts kept parsed in each instance: about 100 kB each with its 1-hour twin, so a
 * few hundred learners practising at once cost some tens of MB, and a learner going Back and
 * Next costs nothing.
 */
const CACHED_PRACTICE_CHARTS = 256;

/** The chart the Practice Portal opens on. */
const FIRST_PRACTICE_CHART = 1;

type FiveMinute = ChartPair['fiveMinute'];
interface WithHourly {
  fiveMinute: FiveMinute;
  hourly: NonNullable<ChartPair['hourly']>;
}

interface LoadOptions {
  /**
   * The learner was shown this chart before (they answered it), so it counts against no
   * budget: a record page lists charts from before they were kept.
   */
  shownBefore?: boolean;
}

/**
 * Every learner's own practice charts, generated from a seed derived from the learner and the
 * chart's place in the portal (so no two learners share an answer, and nobody can ask the server
 * to simulate an arbitrary chart). A chart is looked for in this instance's cache, then in
 * PostgreSQL (where every instance keeps what it generated), and only then generated: in a
 * worker thread, one at a time per learner, within the learner's budget.
 */
@Injectable()
export class PracticeCharts {
  private readonly cache = new LRUCache<string, ChartPair>({ max: CACHED_PRACTICE_CHARTS });
  /** Charts being loaded or generated now: a second request for one waits for the first. */
  private readonly loading = new Map<string, Promise<ChartPair>>();
  private readonly turns = new LearnerTurns();
  private readonly logger = new Logger('PracticeCharts');
  private readonly ahead: boolean;

  constructor(
    private readonly store: PracticeChartStore,
    private readonly workers: PracticeWorkers,
    private readonly budget: PracticeBudget,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ahead = config.practiceChartsAhead;
  }

  /** The learner's chart `index` and its 1-hour twin. */
  async get(userId: string, index: number): Promise<WithHourly> {
    return withHourly(await this.pair(userId, 'zone', index));
  }

  /**
   * The learner's practice plan `index`: a trade-plan chart of their own (a zone given, the next
   * opposing zone, a model plan that works), shown beside the plan panel.
   */
  async plan(userId: string, index: number, options: LoadOptions = {}): Promise<FiveMinute> {
    return (await this.pair(userId, 'plan', index, options)).fiveMinute;
  }

  /**
   * The learner's practice decision `index` and its 1-hour twin (for the 1-hour check): a zone
   * given, to take or skip; whether it is one to take or to skip, and why, is drawn from the
   * seed, so the answers do not follow a pattern.
   */
  async decision(userId: string, index: number): Promise<WithHourly> {
    return withHourly(await this.pair(userId, 'decision', index));
  }

  /**
   * Makes a new learner's first practice chart ahead of their first visit to the portal (a few
   * pages after registering), so that visit does not wait for a thread: a burst of new learners
   * otherwise all asked for a cold chart at once. Only when the threads' queue has room to spare
   * (see PracticeWorkers.hasRoomAhead), outside the registering request, counted against no
   * budget; if it fails or is skipped, the chart is made on the visit as before.
   */
  prepareFirstChart(userId: string): void {
    if (!this.ahead || !this.workers.hasRoomAhead()) return;
    outsideRequestScope(() => {
      this.pair(userId, 'zone', FIRST_PRACTICE_CHART, { shownBefore: true }).catch(
        (error: unknown) => {
          this.logger.debug(`practice chart ahead of time not made: ${String(error)}`);
        },
      );
    });
  }

  /** Reads many of a learner's kept charts in one query (for a record page), into the cache. */
  async preload(userId: string, kind: PracticeKind, indexes: readonly number[]): Promise<void> {
    const missing = indexes.filter((index) => !this.cache.has(cacheKey(userId, kind, index)));
    const stored = await this.store.find(userId, kind, missing);
    for (const [index, encoded] of stored) {
      this.cache.set(cacheKey(userId, kind, index), decodePracticePair(encoded));
    }
  }

  private pair(
    userId: string,
    kind: PracticeKind,
    index: number,
    options: LoadOptions = {},
  ): Promise<ChartPair> {
    const key = cacheKey(userId, kind, index);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const inFlight = this.loading.get(key);
    // Another request is loading it: waiting for that needs no database turn of this request's.
    if (inFlight) return withoutDatabaseTurn(() => inFlight);
    const pending = this.load(userId, kind, index, options).finally(() => this.loading.delete(key));
    this.loading.set(key, pending);
    return pending;
  }

  private async load(
    userId: string,
    kind: PracticeKind,
    index: number,
    options: LoadOptions,
  ): Promise<ChartPair> {
    const key = cacheKey(userId, kind, index);
    const stored = (await this.store.find(userId, kind, [index])).get(index);
    if (stored) {
      const pair = decodePracticePair(stored);
      this.cache.set(key, pair);
      return pair;
    }
    if (!options.shownBefore) await this.budget.spend(userId);
    // Waiting for a worker and simulating use no database: the request lends its turn out
    // meanwhile, and takes one again for the write.
    const { pair, encoded } = await withoutDatabaseTurn(async () => {
      let generated: Uint8Array;
      try {
        generated = await this.generate(userId, kind, index);
      } catch (error) {
        if (!options.shownBefore) await this.budget.refund(userId);
        throw error;
      }
      const decoded = decodePracticePair(generated);
      // Cached first: if the next turn or the write is refused, a retry costs no generation.
      this.cache.set(key, decoded);
      return { pair: decoded, encoded: generated };
    });
    await this.store.insert(userId, kind, index, encoded);
    return pair;
  }

  /** Simulates the chart in a worker thread, one at a time per learner. */
  private async generate(userId: string, kind: PracticeKind, index: number): Promise<Uint8Array> {
    const release = await this.turns.acquire(userId);
    try {
      return await this.workers.generate({ kind, ...practiceScenarioRequest(userId, index, kind) });
    } finally {
      release();
    }
  }
}

function cacheKey(userId: string, kind: PracticeKind, index: number): string {
  return `${userId}:${kind}:${index}`;
}

function withHourly(pair: ChartPair): WithHourly {
  if (!pair.hourly) throw new Error('a practice chart always has its 1-hour twin');
  return { fiveMinute: pair.fiveMinute, hourly: pair.hourly };
}
