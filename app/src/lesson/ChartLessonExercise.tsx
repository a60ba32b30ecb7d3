import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LessonPageBody, PulledLinesBody } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { advanceButton } from '../exercise/exercise-state.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import { useApi } from '../session/session-context.js';
import { ExerciseLessonNav } from './ExerciseLessonNav.js';
import { useLessonNavigation } from './use-lesson-navigation.js';

interface ChartLessonExerciseProps {
  lesson: LessonPageBody & { c_num: number };
}

/** What the dashed lines are, in the words of where the server says they come from. */
const PULLED_LINES_WORDS: Record<NonNullable<PulledLinesBody['source']>, string> = {
  answer: 'The dashed lines are the zone you marked on the previous lesson’s chart.',
  zone: 'The dashed lines are the correct zone from the previous lesson’s chart, as it was shown to you.',
};

/**
 * A chart lesson's exercise and its page navigation (Next, Skip or a disabled Skip). A "push
 * line" lesson needs nothing here: the server keeps its lines with the graded answer. A "pull
 * line" lesson shows them, as the server has them for this learner on any browser or device.
 */
export function ChartLessonExercise({ lesson }: ChartLessonExerciseProps) {
  const api = useApi();
  const navigation = useLessonNavigation(lesson);
  const target = useMemo(() => ({ lesson: lesson.id }), [lesson.id]);
  const exercise = useChartExercise({
    api,
    target,
    chartNumber: lesson.c_num,
    hourlyChartNumber:
      lesson.twoseries && lesson.hourly_c_num !== null ? lesson.hourly_c_num : undefined,
    standing: lesson.exercise,
  });
  const pulled = useQuery({
    ...courseQueries.pulledLines(api, lesson.path),
    enabled: lesson.pullLine,
  });
  const pulledError = lesson.pullLine ? loadErrorOf(pulled) : undefined;
  const source = pulled.data?.source;
  const forward = advanceButton(exercise.state, lesson.reqPass);

  return (
    <>
      {pulledError && (
        <RetryNotice
          what="your lines from the previous lesson"
          error={pulledError}
          onRetry={() => void pulled.refetch()}
        />
      )}
      {source && (
        <p className="muted" data-testid="pulled-lines-note">
          {PULLED_LINES_WORDS[source]}
        </p>
      )}
      <ExerciseChart
        exercise={exercise}
        height={440}
        label={`Exercise chart for ${lesson.title}`}
        pulledLines={pulled.data?.lines}
        playReturnOnAnswer={lesson.showReturn}
      />
      <ExerciseLessonNav navigation={navigation} pageLabel={lesson.page} forward={forward} />
    </>
  );
}
