import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  FOREX_STANDARD_LOT,
  gradeTradePlan,
  tradeRecord,
  type Instrument,
  MICRO_E_MINI,
  type PlanGrade,
  PlanInputError,
  plannedSize,
  playOutTrade,
  rewardToRisk,
  SHARES,
  type TradePlan,
} from '@course/rules';
import type { EntityManager, Repository } from 'typeorm';
import { Attempt } from './attempt.entity.js';
import {
  AttemptsService,
  type ExerciseKey,
  lessonKey,
  practiceExercise,
  practiceKey,
} from './attempts.service.js';
import { ChartCatalogue, type ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import { CourseContent } from '../course-catalogue/course-content.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';
import { SkillStates } from '../skills/skill-states.service.js';
import { type TradeRole, tradeOutcomeSummary } from './trade-outcome-words.js';
import type {
  ModelPlan,
  PlanExerciseResult,
  PlanOutcome,
  PlanResult,
  PlanResults,
  PlanReview,
  PlanSettings,
  PlanSetup,
  SentPlan,
} from '@course/contract';

/** A position worth more than this many times the account is not a plan but a typo. */
const MAX_LEVERAGE = 100;

const INSTRUMENTS: Record<PlanSettings['instrument'], Instrument> = {
  shares: SHARES,
  'micro-e-mini': MICRO_E_MINI,
  forex: FOREX_STANDARD_LOT,
};

/**
 * One trade-plan exercise: a lesson's (its chart from the catalogue, its settings from its front
 * matter) or one of the learner's practice plans (a chart of their own, the practice settings).
 */
export interface PlanExercise {
  key: ExerciseKey;
  chart: ExerciseChart;
  settings: PlanSettings;
  lessonId: number | null;
  /** How the results page names it, and where it is. */
  title: string;
  path: string;
}

export function lessonPlanExercise(lesson: Lesson, chart: ExerciseChart): PlanExercise {
  if (!lesson.plan) throw new Error(`lesson ${lesson.id} is not a plan exercise`);
  return {
    key: lessonKey(chart, lesson.id),
    chart,
    settings: lesson.plan,
    lessonId: lesson.id,
    title: lesson.title,
    path: lesson.path,
  };
}

/** The money side of every practice plan: the Managing Risk lessons' stock account. */
export const PRACTICE_PLAN_SETTINGS: PlanSettings = {
  instrument: 'shares',
  account: 25_000,
  riskPercent: 1,
  buyingPower: 100_000,
};

export function practicePlanExercise(index: number, chart: ExerciseChart): PlanExercise {
  return {
    key: practiceKey(index, 'plan'),
    chart,
    settings: PRACTICE_PLAN_SETTINGS,
    lessonId: null,
    title: `Practice plan ${index}`,
    path: `/practice?plans=${index}`,
  };
}

/**
 * Grades trade plans with the course's `gradeTradePlan` against a plan chart's zone, its next
 * opposing zone and its average range, keeps every try (three prices in `lines`, the money side
 * in `plan`), and once the plan is passed or three tries are used shows the model plan and how
 * both played out on the candles after the exercise.
 */
@Injectable()
export class PlansService {
  constructor(
    @InjectRepository(Attempt) private readonly attempts: Repository<Attempt>,
    private readonly standing: AttemptsService,
    private readonly content: CourseContent,
    private readonly charts: ChartCatalogue,
    private readonly practice: PracticeCharts,
    private readonly skills: SkillStates,
  ) {}

  setup({ chart, settings }: PlanExercise): PlanSetup {
    const instrument = INSTRUMENTS[settings.instrument];
    return {
      zone: { type: chart.zone.type, upper: chart.zone.upper, lower: chart.zone.lower },
      opposing: { ...tradeOf(chart).opposing },
      instrument: settings.instrument,
      pointValue: instrument.pointValue,
      unit: instrument.unit,
      step: instrument.step,
      account: settings.account,
      riskPercent: settings.riskPercent,
      minRewardToRisk: settings.minRewardToRisk ?? 2,
      buyingPower: settings.buyingPower ?? null,
    };
  }

  /**
   * Grades and keeps a try in `store`'s transaction; a plan that is not a plan at all is a 400
   * and keeps nothing.
   */
  async gradeAndRecord(
    userId: string,
    exercise: PlanExercise,
    plan: TradePlan,
    store: EntityManager,
  ): Promise<PlanResult> {
    const instrument = INSTRUMENTS[exercise.settings.instrument];
    const notional = plan.size * plan.entry * instrument.pointValue;
    if (notional > MAX_LEVERAGE * plan.account) {
      // Not a sizing mistake to grade: no broker would fill it.
      throw new BadRequestException(
        `A size of ${plan.size} ${instrument.unit} is worth ${Math.round(notional).toLocaleString('en-US')} ` +
          `dollars, more than ${MAX_LEVERAGE} times the account: that is not a position a broker ` +
          'would open.',
      );
    }
    const grade = this.grade(exercise, plan);
    const { key } = exercise;
    const attemptId = randomUUID();
    await store.getRepository(Attempt).insert({
      id: attemptId,
      userId,
      chartNumber: 'chartNumber' in key ? key.chartNumber : null,
      practiceIndex: 'practiceIndex' in key ? key.practiceIndex : null,
      lessonId: exercise.lessonId,
      lines: [plan.entry, plan.stop, plan.target],
      pass: grade.pass,
      plan: {
        account: plan.account,
        riskPercent: plan.riskPercent,
        size: plan.size,
        rewardToRisk: grade.rewardToRisk,
        failed: grade.failed,
      },
    });
    await this.skills.record(
      store,
      userId,
      { kind: 'plan', failed: grade.failed },
      {
        attemptId,
        earlierAnswers: await this.standing.answersBefore(userId, key, attemptId, store),
        practice: practiceExercise(key, 'plan'),
      },
    );
    return this.answer(userId, exercise, plan, grade, store);
  }

  /** The learner's last graded plan of an exercise, or null before any. */
  async review(userId: string, exercise: PlanExercise): Promise<PlanReview | null> {
    const last = await this.standing.lastAnswer(userId, exercise.key);
    if (!last?.plan) return null;
    const [entry = 0, stop = 0, target = 0] = last.lines;
    const plan: SentPlan = {
      entry,
      stop,
      target,
      account: last.plan.account,
      riskPercent: last.plan.riskPercent,
      size: last.plan.size,
    };
    // Grading is a pure function of the plan and the chart: the same answer as when it was sent.
    const result = await this.answer(userId, exercise, plan, this.grade(exercise, plan));
    return { ...result, plan, gradedAt: last.createdAt.toISOString() };
  }

  /**
   * Every plan exercise the learner has tried, lessons' and practice's, oldest first, and the
   * record of the revealed ones.
   */
  async results(userId: string): Promise<PlanResults> {
    const tried: PlanExercise[] = [];
    for (const lesson of this.content.lessons()) {
      if (lesson.exerciseKind !== 'plan' || lesson.c_num === null) continue;
      const chart = this.charts.get(lesson.c_num);
      if (chart) tried.push(lessonPlanExercise(lesson, chart));
    }
    const practiced: { index: number }[] = await this.attempts
      .createQueryBuilder('attempt')
      .select('DISTINCT attempt.practiceIndex', 'index')
      .where('attempt.userId = :userId AND attempt.plan IS NOT NULL', { userId })
      .andWhere('attempt.practiceIndex IS NOT NULL')
      .getRawMany();
    const indexes = practiced.map(({ index }) => index);
    await this.practice.preload(userId, 'plan', indexes);
    for (const index of indexes) {
      const chart = await this.practice.plan(userId, index, { shownBefore: true });
      tried.push(practicePlanExercise(index, chart));
    }
    const exercises: PlanExerciseResult[] = [];
    for (const exercise of tried) {
      const review = await this.review(userId, exercise);
      if (!review) continue;
      exercises.push({
        lesson: { id: exercise.lessonId, path: exercise.path, title: exercise.title },
        plan: review.plan,
        unit: INSTRUMENTS[exercise.settings.instrument].unit,
        pass: review.pass,
        tries: review.tries,
        revealed: review.revealed,
        gradedAt: review.gradedAt,
        outcome: review.outcome ?? null,
      });
    }
    exercises.sort((a, b) => a.gradedAt.localeCompare(b.gradedAt));
    const played = exercises.flatMap((exercise) => (exercise.outcome ? [exercise.outcome] : []));
    return { exercises, record: tradeRecord(played) };
  }

  /** A graded plan with the standing after it, and once revealed the model plan and outcomes. */
  private async answer(
    userId: string,
    exercise: PlanExercise,
    plan: SentPlan,
    grade: PlanGrade,
    store?: EntityManager,
  ): Promise<PlanResult> {
    const standing = await this.standing.standing(userId, exercise.key, store);
    const { tries, triesLeft, revealed } = standing;
    const result: PlanResult = { ...grade, tries, triesLeft, revealed };
    if (!standing.revealed) return result;
    return {
      ...result,
      model: this.modelPlan(exercise, plan.account, plan.riskPercent),
      outcome: this.outcome(exercise, plan, { kind: 'plan', passed: grade.pass }),
    };
  }

  private grade({ chart, settings }: PlanExercise, plan: TradePlan): PlanGrade {
    const trade = tradeOf(chart);
    const long = chart.zone.type === 'demand';
    if (long ? plan.stop >= plan.entry : plan.stop <= plan.entry) {
      throw new BadRequestException(
        long
          ? 'For a long trade at a demand zone the stop goes below the entry.'
          : 'For a short trade at a supply zone the stop goes above the entry.',
      );
    }
    try {
      return gradeTradePlan(plan, {
        zone: chart.zone,
        opposing: trade.opposing,
        averageRange: trade.averageRange,
        minRewardToRisk: settings.minRewardToRisk ?? 2,
        instrument: INSTRUMENTS[settings.instrument],
        ...(settings.buyingPower === undefined ? {} : { buyingPower: settings.buyingPower }),
      });
    } catch (error) {
      if (error instanceof PlanInputError) {
        throw new BadRequestException(`This plan cannot be graded: ${error.message}.`);
      }
      throw error;
    }
  }

  private modelPlan(exercise: PlanExercise, account: number, riskPercent: number): ModelPlan {
    const { model } = tradeOf(exercise.chart);
    const { settings } = exercise;
    const { size } = plannedSize(
      { account, riskPercent, entry: model.entry, stop: model.stop },
      INSTRUMENTS[settings.instrument],
      settings.buyingPower,
    );
    return {
      ...model,
      size,
      rewardToRisk: rewardToRisk(model.entry, model.stop, model.target),
      outcome: this.outcome(exercise, { ...model, size }, { kind: 'model' }),
    };
  }

  private outcome(
    { chart, settings }: PlanExercise,
    plan: { entry: number; stop: number; target: number; size: number },
    role: TradeRole,
  ): PlanOutcome {
    return playedOutAfterExercise(chart, plan, role, INSTRUMENTS[settings.instrument]);
  }
}

/**
 * A plan played out on what came after the exercise, with the times of its fill and exit and
 * the words that tell it (`role`: whose trade it is). Without an instrument the plan sizes
 * nothing (a take-or-skip trade): its words then speak in R only.
 */
export function playedOutAfterExercise(
  chart: ExerciseChart,
  plan: { entry: number; stop: number; target: number; size: number },
  role: TradeRole,
  instrument?: Instrument,
): PlanOutcome {
  const next = chart.candles.slice(chart.exerciseEnd);
  const played = playOutTrade(plan, chart.zone.type, next, instrument ?? SHARES);
  return {
    ...played,
    fillTime: played.fillIndex === null ? null : (next[played.fillIndex]?.time ?? null),
    exitTime: played.exitIndex === null ? null : (next[played.exitIndex]?.time ?? null),
    summary: tradeOutcomeSummary({
      outcome: played,
      plan,
      role,
      dollars: instrument !== undefined,
      priceAtPlan: chart.candles[chart.exerciseEnd - 1]?.close,
    }),
  };
}

function tradeOf(chart: ExerciseChart): NonNullable<ExerciseChart['trade']> {
  if (!chart.trade) throw new Error(`chart ${chart.chartNumber} is not a trade-plan chart`);
  return chart.trade;
}
