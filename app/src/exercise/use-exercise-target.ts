import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ExerciseSubject } from '../analytics/analytics.js';
import type { CourseApi, ExerciseChartData } from '../api/index.js';
import { courseQueries, queryKeys } from '../api/queries.js';

/**
 * Which plan or take-or-skip exercise a page answers: a lesson's (its chart from the catalogue, as
 * that lesson shows it), one of the learner's practice ones, by its place in the portal, or one
 * of their real ones (take or skip on real setups).
 */
export type ExerciseTarget =
  | { lesson: number; chartNumber: number; hourlyChartNumber?: number }
  | { practice: number }
  | { real: number };

/** What an answer names its exercise by: the practice or real index, or the lesson. */
export type TargetFields = { practice: number } | { lesson: number } | { real: number };

/** The query of a practice exercise by its index (none asked without one). */
export type PracticeQuery<Practice, Key extends QueryKey> = (
  api: CourseApi,
  index: number | undefined,
) => UseQueryOptions<Practice, Error, Practice, Key>;

/**
 * The target's chart, loaded through the query cache (`practiceQuery` for a practice exercise,
 * the catalogue chart for a lesson), the key an answer invalidates, and the fields an answer
 * names it by (which keep their identity while the target's numbers do).
 */
export function useExerciseTarget<Practice extends ExerciseChartData, Key extends QueryKey>(
  api: CourseApi,
  target: ExerciseTarget,
  practiceQuery: PracticeQuery<Practice, Key>,
) {
  const lessonId = 'lesson' in target ? target.lesson : undefined;
  const chartNumber = 'lesson' in target ? target.chartNumber : undefined;
  const real = 'real' in target ? target.real : undefined;
  const practice = 'practice' in target ? target.practice : real;
  const practiceLoad = useQuery(practiceQuery(api, practice));
  const lessonLoad = useQuery(
    courseQueries.chart(api, practice === undefined ? chartNumber : undefined, lessonId),
  );
  const load = practice === undefined ? lessonLoad : practiceLoad;
  const queryKey: QueryKey =
    practice === undefined
      ? queryKeys.chart(chartNumber, lessonId)
      : practiceQuery(api, practice).queryKey;
  const fields = useCallback(
    (): TargetFields =>
      real !== undefined
        ? { real }
        : practice !== undefined
          ? { practice }
          : { lesson: lessonId ?? 0 },
    [lessonId, practice, real],
  );
  // Real exercises have no analytics subject yet.
  const subject = useMemo(
    (): ExerciseSubject | undefined =>
      real !== undefined
        ? undefined
        : practice !== undefined
          ? { practiceIndex: practice }
          : { lessonId: lessonId ?? 0 },
    [lessonId, practice, real],
  );
  return { load, queryKey, fields, subject };
}
