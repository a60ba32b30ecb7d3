import type { LessonPageBody, PlanSetup } from '../api/index.js';
import { Notice } from '../components/Notice.js';
import { LessonNav } from '../lesson/LessonNav.js';
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
    lessonId: lesson.id,
    chartNumber: lesson.c_num,
    standing: lesson.exercise,
  });
  const { passed, revealed } = exercise.state;
  // The server's standing decides: passed, or three tries used, opens the way on.
  const forward = passed
    ? { label: 'Next', enabled: true }
    : revealed
      ? { label: 'Skip', enabled: true }
      : { label: lesson.reqPass ? 'Skip' : 'Next', enabled: !lesson.reqPass };

  return (
    <>
      <PlanExercise
        exercise={exercise}
        setup={lesson.planSetup}
        label={`Trade-plan chart for ${lesson.title}`}
      />
      {navigation.error && <Notice tone="error">{navigation.error}</Notice>}
      <LessonNav
        pageLabel={lesson.page}
        onBack={navigation.back}
        forward={
          <button
            type="button"
            className={`button ${forward.enabled ? 'button--primary' : 'button--disabled'}`}
            disabled={!forward.enabled || navigation.saving}
            title={forward.enabled ? undefined : 'Pass the exercise (or use three tries) first'}
            onClick={() => void navigation.next()}
          >
            {forward.label}
          </button>
        }
      />
    </>
  );
}
