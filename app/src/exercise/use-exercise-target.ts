import { useCallback, useMemo } from 'react';
import type { ExerciseSubject } from '../analytics/analytics.js';
import type { CourseApi, ExerciseChartData } from '../api/index.js';

/**
 * Which plan or take-or-skip exercise a page answers: a lesson's (its chart from the catalogue, as
 * that lesson shows it) or one of the learner's practice ones, by its place in the portal.
 */
export type ExerciseTarget =
  { lesson: number; chartNumber: number; hourlyChartNumber?: number } | { practice: number };

/** What an answer names its exercise by: the practice index, or the lesson. */
export type TargetFields = { practice: number } | { lesson: number };

/**
 * The target's chart loader (`loadPractice` for a practice exercise, the catalogue chart for a
 * lesson) and the fields an answer names it by. Both keep their identity while the target's
 * numbers do, so effects keyed on them do not run again on every render.
 */
export function useExerciseTarget<Practice extends ExerciseChartData>(
  api: CourseApi,
  target: ExerciseTarget,
  loadPractice: (index: number) => Promise<Practice>,
) {
  const lessonId = 'lesson' in target ? target.lesson : undefined;
  const chartNumber = 'lesson' in target ? target.chartNumber : undefined;
  const practice = 'practice' in target ? target.practice : undefined;
  const load = useCallback(
    (): Promise<Practice | ExerciseChartData> =>
      practice !== undefined ? loadPractice(practice) : api.chartData(chartNumber ?? 0, lessonId),
    [api, loadPractice, chartNumber, lessonId, practice],
  );
  const fields = useCallback(
    (): TargetFields => (practice !== undefined ? { practice } : { lesson: lessonId ?? 0 }),
    [lessonId, practice],
  );
  const subject = useMemo(
    (): ExerciseSubject =>
      practice !== undefined ? { practiceIndex: practice } : { lessonId: lessonId ?? 0 },
    [lessonId, practice],
  );
  return { load, fields, subject };
}
