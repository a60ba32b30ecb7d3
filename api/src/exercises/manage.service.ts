import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MANAGEMENT_DEFAULTS,
  MANAGEMENT_RULES,
  manageTradeEveryWay,
  type ManagementRule,
  type ManagementSettings,
  MODEL_STOP_BUFFER_IN_RANGES,
} from '@course/rules';
import type { EntityManager } from 'typeorm';
import { Attempt } from './attempt.entity.js';
import { AttemptsService, type ExerciseKey, lessonKey } from './attempts.service.js';
import type { ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { managedOutcomeWords, managementLessonWords, ruleLabel } from './manage-outcome-words.js';
import type { ManagedRuleOutcome, ManageResult, ManageSetup } from '@course/contract';
import { SkillStates } from '../skills/skill-states.service.js';

/** A lesson's trade-management exercise: a trade-plan chart and the rule the lesson teaches. */
export interface ManageExercise {
  key: ExerciseKey;
  chart: ExerciseChart;
  lessonId: number;
  courseRule: ManagementRule;
}

export function lessonManageExercise(lesson: Lesson, chart: ExerciseChart): ManageExercise {
  if (!lesson.manageRule) throw new Error(`lesson ${lesson.id} is not a management exercise`);
  return {
    // Its own standing: the same chart's plan exercise, if a lesson had one, counts apart.
    key: { ...lessonKey(chart, lesson.id), kind: 'manage' },
    chart,
    lessonId: lesson.id,
    courseRule: lesson.manageRule,
  };
}

/**
 * Grades the choice of a management rule against the one the lesson teaches, keeps every
 * answer, and once answered plays every rule out on the candles after the exercise (the course's
 * `manageTradeEveryWay`), each with its result in R and its words.
 */
@Injectable()
export class ManageService {
  constructor(
    private readonly standing: AttemptsService,
    private readonly skills: SkillStates,
  ) {}

  setup({ chart }: ManageExercise): ManageSetup {
    const { model, opposing } = tradeOf(chart);
    return {
      zone: { type: chart.zone.type, upper: chart.zone.upper, lower: chart.zone.lower },
      opposing: { upper: opposing.upper, lower: opposing.lower },
      plan: { ...model },
      oneR: model.entry + (model.entry - model.stop),
      choices: MANAGEMENT_RULES.map((rule) => ({ rule, label: ruleLabel(rule, chart.zone.type) })),
    };
  }

  /** Grades and keeps an answer in `store`'s transaction (see IdempotentAnswers). */
  async gradeAndRecord(
    userId: string,
    exercise: ManageExercise,
    rule: ManagementRule,
    store: EntityManager,
  ): Promise<ManageResult> {
    const { key } = exercise;
    const attemptId = randomUUID();
    await store.getRepository(Attempt).insert({
      id: attemptId,
      userId,
      chartNumber: 'chartNumber' in key ? key.chartNumber : null,
      practiceIndex: null,
      lessonId: exercise.lessonId,
      lines: [],
      pass: rule === exercise.courseRule,
      manage: { rule },
    });
    await this.skills.record(
      store,
      userId,
      { kind: 'manage', chosen: rule, taught: exercise.courseRule },
      {
        attemptId,
        earlierAnswers: await this.standing.answersBefore(userId, key, attemptId, store),
      },
    );
    return this.answer(userId, exercise, rule, store);
  }

  /** The learner's last answer, answered again; null before any. */
  async review(userId: string, exercise: ManageExercise): Promise<ManageResult | null> {
    const last = await this.standing.lastAnswer(userId, exercise.key);
    const rule = last?.manage?.rule;
    if (!isRule(rule)) return null;
    return this.answer(userId, exercise, rule);
  }

  private async answer(
    userId: string,
    exercise: ManageExercise,
    rule: ManagementRule,
    store?: EntityManager,
  ): Promise<ManageResult> {
    const { chart, courseRule } = exercise;
    const type = chart.zone.type;
    const pass = rule === courseRule;
    const standing = await this.standing.standing(userId, exercise.key, store);
    const result: ManageResult = {
      pass,
      feedback: [
        pass
          ? 'Right: that is the rule this lesson teaches.'
          : `Not this lesson’s rule. You chose “${ruleLabel(rule, type)}”.`,
      ],
      tries: standing.tries,
      revealed: standing.revealed,
      answer: { rule },
    };
    if (!standing.revealed) return result;
    const next = chart.candles.slice(chart.exerciseEnd);
    const played = manageTradeEveryWay(tradeOf(chart).model, type, next, settingsOf(chart));
    const outcomes = played.map((outcome): ManagedRuleOutcome => {
      const last = outcome.exits.at(-1);
      return {
        rule: outcome.rule,
        label: ruleLabel(outcome.rule, type),
        resultR: outcome.resultR,
        exit: last?.reason ?? null,
        fillTime: outcome.fillIndex === null ? null : (next[outcome.fillIndex]?.time ?? null),
        exitTime: last ? (next[last.index]?.time ?? null) : null,
        exitPrice: last?.price ?? null,
        summary: managedOutcomeWords(outcome, type),
      };
    });
    return {
      ...result,
      feedback: [...result.feedback, `The course’s rule here: ${ruleLabel(courseRule, type)}.`],
      course: { rule: courseRule, outcomes, lesson: managementLessonWords(played) },
    };
  }
}

const isRule = (value: unknown): value is ManagementRule =>
  (MANAGEMENT_RULES as readonly unknown[]).includes(value);

/** The course's numbers, with a trailing stop as far past a swing as the model stop is past the zone. */
function settingsOf(chart: ExerciseChart): ManagementSettings {
  return {
    ...MANAGEMENT_DEFAULTS,
    trailBuffer: MODEL_STOP_BUFFER_IN_RANGES * tradeOf(chart).averageRange,
  };
}

function tradeOf(chart: ExerciseChart): NonNullable<ExerciseChart['trade']> {
  if (!chart.trade) throw new Error(`chart ${chart.chartNumber} is not a trade-plan chart`);
  return chart.trade;
}
