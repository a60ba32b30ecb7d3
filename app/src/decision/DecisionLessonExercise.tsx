import type { DecisionSetup, LessonPageBody } from '../api/index.js';
import { advanceButton } from '../exercise/exercise-state.js';
import { ExerciseLessonNav } from '../lesson/ExerciseLessonNav.js';
import { useLessonNavigation } from '../lesson/use-lesson-navigation.js';
import { useApi } from '../session/session-context.js';
import { DecisionExercise } from './DecisionExercise.js';
import { useDecisionExercise } from './use-decision-exercise.js';

interface DecisionLessonExerciseProps {
  lesson: LessonPageBody & { c_num: number; decisionSetup: DecisionSetup };
}

/** A lesson's take-or-skip exercise and its page navigation (Next once answered). */
export function DecisionLessonExercise({ lesson }: DecisionLessonExerciseProps) {
  const api = useApi();
  const navigation = useLessonNavigation(lesson);
  const exercise = useDecisionExercise({
    api,
    target: {
      lesson: lesson.id,
      chartNumber: lesson.c_num,
      ...(lesson.hourly_c_num === null ? {} : { hourlyChartNumber: lesson.hourly_c_num }),
    },
    review: lesson.decisionReview,
  });
  const { result } = exercise.state;
  // The server's answer decides: answered once, the way on opens.
  const forward = advanceButton(
    { pass: Boolean(result?.pass), revealed: Boolean(result?.revealed) },
    lesson.reqPass,
  );
  return (
    <>
      <DecisionExercise
        exercise={exercise}
        setup={lesson.decisionSetup}
        label={`Take-or-skip chart for ${lesson.title}`}
      />
      <ExerciseLessonNav navigation={navigation} pageLabel={lesson.page} forward={forward} />
    </>
  );
}
