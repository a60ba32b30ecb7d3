import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LessonPageBody } from '../api/index.js';
import { advanceButton } from '../exercise/exercise-state.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import { useApi } from '../session/session-context.js';
import { loadUserLines, saveUserLines } from './saved-lines.js';
import { ExerciseLessonNav } from './ExerciseLessonNav.js';
import { useLessonNavigation } from './use-lesson-navigation.js';

interface ChartLessonExerciseProps {
  lesson: LessonPageBody & { c_num: number };
}

/** A chart lesson's exercise and its page navigation (Next, Skip or a disabled Skip). */
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
  const pulledLines = useMemo(
    () => (lesson.pullLine ? loadUserLines(window.localStorage, lesson.prev_chart) : undefined),
    [lesson.pullLine, lesson.prev_chart],
  );
  const [drawn, setDrawn] = useState<number[]>([]);
  const onLinesChange = useCallback((lines: number[]) => setDrawn(lines), []);
  // What the next lesson is shown: the learner's lines, unless the correct zone was shown after
  // three misses and they have not passed since; then the zone, not lines that missed it.
  const shownZone = !exercise.state.pass ? exercise.state.answer?.zone : undefined;
  useEffect(() => {
    if (!lesson.pushLine) return;
    const lines = shownZone ? [shownZone.upper, shownZone.lower] : drawn;
    if (lines.length > 0) saveUserLines(window.localStorage, { chart: lesson.c_num, lines });
  }, [lesson.pushLine, lesson.c_num, shownZone, drawn]);
  const forward = advanceButton(exercise.state, lesson.reqPass);

  return (
    <>
      {pulledLines && pulledLines.length > 0 && (
        <p className="muted">
          The dashed lines are the zone from the previous chart: your lines, or the correct zone if
          it was shown to you.
        </p>
      )}
      <ExerciseChart
        exercise={exercise}
        height={440}
        label={`Exercise chart for ${lesson.title}`}
        pulledLines={pulledLines}
        onLinesChange={lesson.pushLine ? onLinesChange : undefined}
        playReturnOnAnswer={lesson.showReturn}
      />
      <ExerciseLessonNav navigation={navigation} pageLabel={lesson.page} forward={forward} />
    </>
  );
}
