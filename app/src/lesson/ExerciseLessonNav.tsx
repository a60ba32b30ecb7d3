import type { AdvanceButton } from '../exercise/exercise-state.js';
import { Notice } from '../components/Notice.js';
import { LessonNav } from './LessonNav.js';
import type { useLessonNavigation } from './use-lesson-navigation.js';

/**
 * An exercise lesson's page navigation: Back, the page label and the forward button the
 * exercise's standing allows (Next, Skip, or a disabled Skip until passed or the tries used up).
 */
export function ExerciseLessonNav({
  navigation,
  pageLabel,
  forward,
}: {
  navigation: ReturnType<typeof useLessonNavigation>;
  pageLabel: string;
  forward: AdvanceButton;
}) {
  return (
    <>
      {navigation.error && <Notice tone="error">{navigation.error}</Notice>}
      <LessonNav
        pageLabel={pageLabel}
        onBack={navigation.back}
        forward={
          <button
            type="button"
            className={`button ${forward.enabled ? 'button--primary' : 'button--disabled'}`}
            disabled={!forward.enabled || navigation.saving}
            title={forward.enabled ? undefined : 'Pass the exercise (or use up your tries) first'}
            onClick={() => void navigation.next()}
          >
            {forward.label}
          </button>
        }
      />
    </>
  );
}
