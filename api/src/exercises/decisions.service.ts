import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type DecisionGrade,
  decisionSettingOf,
  gradeDecision,
  gradeScorecard,
  isDecisionCheck,
  isZoneCriterion,
  type ScorecardGrade,
} from '@course/rules';
import type { EntityManager } from 'typeorm';
import { Attempt } from './attempt.entity.js';
import {
  AttemptsService,
  type ExerciseKey,
  lessonKey,
  practiceExercise,
  practiceKey,
} from './attempts.service.js';
import type { ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { playedOutAfterExercise } from './plans.service.js';
import type { TradeRole } from './trade-outcome-words.js';
import type { DecisionAnswer, DecisionResult, DecisionSetup } from '@course/contract';
import { SkillStates } from '../skills/skill-states.service.js';

/** A take-or-skip exercise: a lesson's (its chart from the catalogue) or a practice decision. */
export interface DecisionExercise {
  key: ExerciseKey;
  chart: ExerciseChart;
  lessonId: number | null;
}

export function lessonDecisionExercise(lesson: Lesson, chart: ExerciseChart): DecisionExercise {
  return { key: lessonKey(chart, lesson.id), chart, lessonId: lesson.id };
}

export function practiceDecisionExercise(index: number, chart: ExerciseChart): DecisionExercise {
  return { key: practiceKey(index, 'decision'), chart, lessonId: null };
}

/** One of the learner's real take-or-skip exercises, by its place among them. */
export function realDecisionExercise(index: number, chart: ExerciseChart): DecisionExercise {
  return { key: { realIndex: index, kind: 'decision' }, chart, lessonId: null };
}

/**
 * Grades take-or-skip answers with the course's `gradeDecision` on the zone's score and the checks
 * a decision chart carries (room, freshness, the 1-hour trend), keeps every answer, and shows the course's
 * reasoning and what price did next once the learner has answered.
 */
@Injectable()
export class DecisionsService {
  constructor(
    private readonly standing: AttemptsService,
    private readonly skills: SkillStates,
  ) {}

  setup({ chart }: DecisionExercise): DecisionSetup {
    if (!chart.decision) throw new Error(`chart ${chart.chartNumber} is not a take-or-skip chart`);
    const { opposing } = chart.decision;
    return {
      zone: { type: chart.zone.type, upper: chart.zone.upper, lower: chart.zone.lower },
      opposing: { upper: opposing.upper, lower: opposing.lower },
    };
  }

  /** Grades and keeps an answer in `store`'s transaction (see IdempotentAnswers). */
  async gradeAndRecord(
    userId: string,
    exercise: DecisionExercise,
    answer: DecisionAnswer,
    store: EntityManager,
  ): Promise<DecisionResult> {
    const graded = gradeAnswer(exercise.chart, answer);
    const { grade, scorecard } = graded;
    const { key } = exercise;
    const attemptId = randomUUID();
    await store.getRepository(Attempt).insert({
      id: attemptId,
      userId,
      chartNumber: 'chartNumber' in key ? key.chartNumber : null,
      practiceIndex: 'practiceIndex' in key ? key.practiceIndex : null,
      realIndex: 'realIndex' in key ? key.realIndex : null,
      lessonId: exercise.lessonId,
      lines: [],
      pass: grade.pass,
      decision: copyOf(answer),
    });
    await this.skills.record(
      store,
      userId,
      {
        kind: 'decision',
        answer,
        decision: grade.decision,
        ...(scorecard ? { scorecard: { misread: scorecard.misread } } : {}),
      },
      {
        attemptId,
        earlierAnswers: await this.standing.answersBefore(userId, key, attemptId, store),
        practice: practiceExercise(key, 'decision'),
      },
    );
    return this.answer(userId, exercise, answer, store, graded);
  }

  /** The learner's last answer to a decision, answered again; null before any. */
  async review(userId: string, exercise: DecisionExercise): Promise<DecisionResult | null> {
    const last = await this.standing.lastAnswer(userId, exercise.key);
    if (!last?.decision) return null;
    const { criteria } = last.decision;
    return this.answer(userId, exercise, {
      take: last.decision.take,
      reasons: last.decision.reasons.filter(isDecisionCheck),
      ...(criteria ? { criteria: criteria.filter(isZoneCriterion) } : {}),
    });
  }

  private async answer(
    userId: string,
    exercise: DecisionExercise,
    answer: DecisionAnswer,
    store?: EntityManager,
    { grade, scorecard }: GradedAnswer = gradeAnswer(exercise.chart, answer),
  ): Promise<DecisionResult> {
    const standing = await this.standing.standing(userId, exercise.key, store);
    const result: DecisionResult = {
      pass: grade.pass,
      feedback: standing.revealed ? grade.feedback : grade.feedback.slice(0, 1),
      tries: standing.tries,
      revealed: standing.revealed,
      answer: copyOf(answer),
    };
    if (!standing.revealed) return result;
    const { decision } = grade;
    const { entry, stop } = decision.model;
    // A zone to skip: what a plan aiming for 2R there did. A zone to take: the course's plan.
    const target = decision.take ? decision.model.target : entry + 2 * (entry - stop);
    const role: TradeRole = decision.take
      ? { kind: 'take' }
      : {
          kind: 'skip',
          reasons: decision.checks.filter((check) => !check.ok).map((check) => check.check),
        };
    return {
      ...result,
      course: {
        take: decision.take,
        checks: decision.checks,
        rewardToRisk: decision.rewardToRisk,
        model: decision.model,
        outcome: playedOutAfterExercise(exercise.chart, { entry, stop, target, size: 1 }, role),
      },
      ...(scorecard ? { scorecard } : {}),
    };
  }
}

/** A decision graded once: the course's decision, and the zone's score when it was scored. */
interface GradedAnswer {
  grade: DecisionGrade;
  scorecard: ScorecardGrade | null;
}

function gradeAnswer(chart: ExerciseChart, answer: DecisionAnswer): GradedAnswer {
  const setting = settingOf(chart);
  return {
    grade: gradeDecision(answer, setting),
    scorecard: answer.criteria ? gradeScorecard(answer.criteria, setting.score) : null,
  };
}

/** The answer as kept and shown back: its own lists, not the request's. */
function copyOf({ take, reasons, criteria }: DecisionAnswer): DecisionAnswer {
  return { take, reasons: [...reasons], ...(criteria ? { criteria: [...criteria] } : {}) };
}

/** The chart's setting for the course's `decideTrade`, its zone scored on the candles shown. */
export function settingOf(chart: ExerciseChart): ReturnType<typeof decisionSettingOf> {
  const { decision } = chart;
  if (!decision) throw new Error(`chart ${chart.chartNumber} is not a take-or-skip chart`);
  return decisionSettingOf({ ...chart, decision });
}
