import type { LessonPageBody, ManageSetup } from '../api/index.js';
import { advanceButton } from '../exercise/exercise-state.js';
import { ExerciseLessonNav } from '../lesson/ExerciseLessonNav.js';
import { useLessonNavigation } from '../lesson/use-lesson-navigation.js';
import { useApi } from '../session/session-context.js';
import { ManageExercise } from './ManageExercise.js';
import { useManageExercise } from './use-manage-exercise.js';

interface ManageLessonExerciseProps {
  lesson: LessonPageBody & { c_num: number; manageSetup: ManageSetup };
}

/** A lesson's trade-management exercise and its page navigation (Next once answered). */
export function ManageLessonExercise({ lesson }: ManageLessonExerciseProps) {
  const api = useApi();
  const navigation = useLessonNavigation(lesson);
  const exercise = useManageExercise({
    api,
    lesson: lesson.id,
    chartNumber: lesson.c_num,
    review: lesson.manageReview,
  });
  const { result } = exercise.state;
  // The server's answer decides: answered once, the way on opens.
  const forward = advanceButton(
    { pass: Boolean(result?.pass), revealed: Boolean(result?.revealed) },
    lesson.reqPass,
  );
  return (
    <>
      <ManageExercise
        exercise={exercise}
        setup={lesson.manageSetup}
        label={`Trade-management chart for ${lesson.title}`}
      />
      <ExerciseLessonNav navigation={navigation} pageLabel={lesson.page} forward={forward} />
    </>
  );
}
