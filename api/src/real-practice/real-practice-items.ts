import { randomInt } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ZoneType } from '@course/rules';
import type { RealDecisionItem, RealPoolItem } from '@course/rules/real-practice';
import type { Repository } from 'typeorm';
import type { ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import { chooseRealSession } from './choose-real-session.js';
import { RealPracticeDecisionRow, RealPracticeItemRow } from './real-practice-item.entity.js';
import { explainRealZone } from './real-words.js';
import { RealZonePool } from './real-zone-pool.js';

/** Past any number of real charts a learner could ask for, inside PostgreSQL's integer. */
export const MAX_REAL_INDEX = 1_000_000;

const RANDOM_STEPS = 2 ** 32;

/**
 * The learner's real charts: the index-th is served a session when first asked for (the one
 * after the last served; a later one is a 404) and kept in `real_practice_items`, so it stays
 * the same chart on every visit and instance, and no session comes back before the learner has
 * seen every session of the pool.
 */
@Injectable()
export class RealPracticeItems {
  constructor(
    @InjectRepository(RealPracticeItemRow)
    private readonly rows: Repository<RealPracticeItemRow>,
    @InjectRepository(RealPracticeDecisionRow)
    private readonly decisionRows: Repository<RealPracticeDecisionRow>,
    private readonly pool: RealZonePool,
  ) {}

  /** How many real charts (zone) or decisions the learner was served, and the latest's type. */
  async latest(
    userId: string,
    kind: 'zone' | 'decision',
  ): Promise<{ count: number; type: ZoneType | undefined }> {
    if (kind === 'decision') {
      return { count: await this.decisionRows.count({ where: { userId } }), type: undefined };
    }
    const [last] = await this.rows.find({ where: { userId }, order: { index: 'DESC' }, take: 1 });
    return { count: last?.index ?? 0, type: last?.zoneType };
  }

  /** How many sessions the take-or-skip pool holds. */
  async decisionPoolSize(): Promise<number> {
    return (await this.pool.pool()).decisions.sessions.length;
  }

  /** The learner's index-th real take-or-skip exercise, served as {@link item} serves charts. */
  async decision(userId: string, index: number, serve: boolean): Promise<RealDecisionItem> {
    const { decisions } = await this.pool.pool();
    let row = await this.decisionRows.findOne({ where: { userId, index } });
    if (!row) {
      const served = await this.decisionRows.find({
        where: { userId },
        select: { sessionId: true },
      });
      const next = served.length + 1;
      if (!serve || index !== next) {
        throw new NotFoundException(
          serve
            ? `Real decision ${index} is not open yet: your next real decision is ${next}.`
            : `Real decision ${index} has not been shown to you: open it first.`,
        );
      }
      const offer = {
        sessions: decisions.sessions,
        types: (sessionId: string) => {
          const type = decisions.item(sessionId)?.zone.type;
          return type ? [type] : [];
        },
      };
      const chosen = chooseRealSession(
        offer,
        served.map(({ sessionId }) => ({ sessionId, zoneType: 'demand' as const })),
        () => randomInt(RANDOM_STEPS) / RANDOM_STEPS,
      );
      if (!chosen) throw new NotFoundException('There are no real decisions.');
      await this.decisionRows
        .createQueryBuilder()
        .insert()
        .values({ userId, index, sessionId: chosen.sessionId })
        .orIgnore()
        .execute();
      row = await this.decisionRows.findOneOrFail({ where: { userId, index } });
    }
    const item = decisions.item(row.sessionId);
    if (!item) throw new NotFoundException(`Real decision ${index} is no longer available.`);
    return item;
  }

  /** How many sessions the pool holds. */
  async poolSize(): Promise<number> {
    return (await this.pool.pool()).sessions.length;
  }

  /**
   * The learner's index-th real chart. `serve`: the next one not yet served is served now (GET
   * of the chart); without it only one served before is found (an answer to it).
   */
  async item(
    userId: string,
    index: number,
    serve: boolean,
    /** The zone type to serve a new chart of, when the pool has one (the chooser's skill). */
    prefer?: ZoneType,
  ): Promise<RealPoolItem> {
    const pool = await this.pool.pool();
    let row = await this.rows.findOne({ where: { userId, index } });
    if (!row) {
      const served = await this.rows.find({
        where: { userId },
        select: { sessionId: true, zoneType: true },
      });
      const next = served.length + 1;
      if (!serve || index !== next) {
        throw new NotFoundException(
          serve
            ? `Real chart ${index} is not open yet: your next real chart is ${next}.`
            : `Real chart ${index} has not been shown to you: open it first.`,
        );
      }
      const chosen = chooseRealSession(
        pool,
        served,
        () => randomInt(RANDOM_STEPS) / RANDOM_STEPS,
        prefer,
      );
      if (!chosen) throw new NotFoundException('There are no real charts.');
      // Two requests for the same new chart at once: the first row wins and both answer it.
      await this.rows
        .createQueryBuilder()
        .insert()
        .values({ userId, index, ...chosen })
        .orIgnore()
        .execute();
      row = await this.rows.findOneOrFail({ where: { userId, index } });
    }
    const item = pool.item(row.sessionId, row.zoneType);
    if (!item) {
      // The rules changed since it was served and this session no longer makes that exercise.
      throw new NotFoundException(`Real chart ${index} is no longer available.`);
    }
    return item;
  }
}

/**
 * The real chart or real decision "Practise what I need" offers: the learner's latest while it is
 * unfinished (and, for a chart, of the zone type asked for), else the next one, served now. Null
 * when the learner may not open it (`mayOpen`, the Pro Plan's rule).
 */
export async function realForChooser(
  items: RealPracticeItems,
  userId: string,
  kind: 'zone' | 'decision',
  latest: { count: number; type: ZoneType | undefined },
  options: {
    unfinished: (index: number) => Promise<boolean>;
    mayOpen: (index: number) => boolean;
    prefer?: ZoneType;
  },
): Promise<number | null> {
  const { count, type } = latest;
  const fits = kind === 'decision' || !options.prefer || type === options.prefer;
  if (count > 0 && fits && (await options.unfinished(count))) {
    return options.mayOpen(count) ? count : null;
  }
  const index = count + 1;
  if (!options.mayOpen(index)) return null;
  if (kind === 'zone') await items.item(userId, index, true, options.prefer);
  else await items.decision(userId, index, true);
  return index;
}

/** A real chart as the exercise code shows and grades a chart: its best zone is the answer. */
export function realExerciseChart(item: RealPoolItem): ExerciseChart {
  const [best] = item.zones;
  if (!best) throw new Error(`real chart ${item.sessionId} has no zone`);
  return {
    chartNumber: 0,
    timeframe: '5min',
    candles: item.candles,
    exerciseEnd: item.exerciseEnd,
    zone: {
      type: item.type,
      upper: best.upper,
      lower: best.lower,
      nearSideWick: best.nearSideWick,
    },
    openingView: item.openingView,
    explanation: explainRealZone(item),
    baseTimes: best.baseTimes,
    twin: null,
  };
}
