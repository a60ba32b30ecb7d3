import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { gradeZone, type GradeReason } from 'chart-kit/core';
import type { Repository } from 'typeorm';
import { Attempt } from './attempt.entity.js';
import { type Caller, TRIES_BEFORE_REVEAL } from './caller.js';
import {
  ChartCatalogue,
  type ExerciseChart,
  gradedChartNumber,
} from './chart-catalogue.provider.js';

/** Where a caller stands on one chart's exercise. */
export interface ExerciseStanding {
  passed: boolean;
  /** Failed tries so far. */
  tries: number;
  /** The zone may be shown: passed, or the tries are used up. */
  revealed: boolean;
}

export interface RevealedZone {
  type: 'supply' | 'demand';
  upper: number;
  lower: number;
}

export interface AttemptResult {
  pass: boolean;
  reason: GradeReason;
  feedback: string;
  tries: number;
  revealed: boolean;
  zone?: RevealedZone;
  explanation?: string;
  baseTimes?: number[];
}

/**
 * Zones are thin (a few dimes on a chart spanning dollars): lines a fifth of the zone's height
 * outside it still count as the spec's "close-enough match".
 */
export const GRADE_TOLERANCE_OF_ZONE_HEIGHT = 0.2;

const NO_STANDING: ExerciseStanding = { passed: false, tries: 0, revealed: false };

/** Grades zone answers on the server with chart-kit's `gradeZone` and keeps every try. */
@Injectable()
export class AttemptsService {
  constructor(
    @InjectRepository(Attempt) private readonly attempts: Repository<Attempt>,
    private readonly charts: ChartCatalogue,
  ) {}

  chart(chartNumber: number): ExerciseChart {
    const chart = this.charts.get(chartNumber);
    if (!chart) throw new NotFoundException(`There is no chart number ${chartNumber}.`);
    return chart;
  }

  async standing(caller: Caller, chartNumber: number): Promise<ExerciseStanding> {
    if (!caller) return NO_STANDING;
    const graded = gradedChartNumber(this.chart(chartNumber));
    const where =
      'userId' in caller
        ? { userId: caller.userId, chartNumber: graded }
        : { visitorId: caller.visitorId, chartNumber: graded };
    const rows: { pass: boolean; count: string }[] = await this.attempts
      .createQueryBuilder('attempt')
      .select('attempt.pass', 'pass')
      .addSelect('COUNT(*)', 'count')
      .where(where)
      .groupBy('attempt.pass')
      .getRawMany();
    const passed = rows.some((row) => row.pass && Number(row.count) > 0);
    const tries = Number(rows.find((row) => !row.pass)?.count ?? 0);
    return { passed, tries, revealed: passed || tries >= TRIES_BEFORE_REVEAL };
  }

  async grade(
    caller: NonNullable<Caller>,
    chartNumber: number,
    lines: number[],
    lessonId: number | null,
  ): Promise<AttemptResult> {
    const chart = this.chart(chartNumber);
    const grade = gradeZone(lines, chart.zone, {
      tolerance: (chart.zone.upper - chart.zone.lower) * GRADE_TOLERANCE_OF_ZONE_HEIGHT,
    });
    if (grade.reason === 'need-two-lines') {
      // Not a real try: nothing is recorded, so a stray click on Try costs the learner nothing.
      throw new BadRequestException(grade.feedback);
    }
    await this.attempts.insert({
      userId: 'userId' in caller ? caller.userId : null,
      visitorId: 'visitorId' in caller ? caller.visitorId : null,
      chartNumber: gradedChartNumber(chart),
      lessonId,
      // The first two lines are the answer (spec, section 5); more are kept as drawn.
      lines,
      pass: grade.pass,
    });
    const standing = await this.standing(caller, chartNumber);
    return {
      pass: grade.pass,
      reason: grade.reason,
      feedback: grade.feedback,
      tries: standing.tries,
      revealed: standing.revealed,
      ...(standing.revealed ? revealedAnswer(chart) : {}),
    };
  }
}

/** What a revealed exercise shows: the zone, why it is one, and the candles of its base. */
function revealedAnswer(
  chart: ExerciseChart,
): Pick<AttemptResult, 'zone' | 'explanation' | 'baseTimes'> {
  return {
    zone: { type: chart.zone.type, upper: chart.zone.upper, lower: chart.zone.lower },
    explanation: chart.explanation,
    baseTimes: chart.baseTimes,
  };
}
