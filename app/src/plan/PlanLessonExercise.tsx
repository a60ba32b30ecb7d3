import type { LessonPageBody, PlanSetup } from '../api/index.js';
import { advanceButton } from '../exercise/exercise-state.js';
import { ExerciseLessonNav } from '../lesson/ExerciseLessonNav.js';
import { useLessonNavigation } from '../lesson/use-lesson-navigation.js';
import { useApi } from '../session/session-context.js';
import { PlanExercise } from './PlanExercise.js';
import { usePlanExercise } from './use-plan-exercise.js';

interface PlanLessonExerciseProps {
  lesson: LessonPageBody & { c_num: number; planSetup: PlanSetup };
}

/** A lesson's trade-plan exercise and its page navigation (Next, Skip or a disabled Skip). */
export function PlanLessonExercise({ lesson }: PlanLessonExerciseProps) {
  const api = useApi();
  const navigation = useLessonNavigation(lesson);
  const exercise = usePlanExercise({
    api,
    target: { lesson: lesson.id, chartNumber: lesson.c_num },
    standing: lesson.exercise,
    review: lesson.planReview,
  });
  const { passed, revealed } = exercise.state;
  // The server's standing decides: passed, or three tries used, opens the way on.
  const forward = advanceButton({ pass: passed, revealed }, lesson.reqPass);

  return (
    <>
      <PlanExercise
        exercise={exercise}
        setup={lesson.planSetup}
        label={`Trade-plan chart for ${lesson.title}`}
      />
      <ExerciseLessonNav navigation={navigation} pageLabel={lesson.page} forward={forward} />
    </>
  );
}
