import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';
import { useCourseRules } from '../course/course-rules.js';
import { INITIAL_EXERCISE } from '../exercise/exercise-state.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { type ChartExercise, useChartExercise } from '../exercise/use-chart-exercise.js';
import { AnimatedBackground } from '../landing/AnimatedBackground.js';
import { HintBubble } from '../landing/HintBubble.js';
import { usePointerKind } from '../components/pointer-words.js';
import {
  advanceLandingChartId,
  landingChartNumber,
  landingHints,
  readLandingChartId,
} from '../landing/landing-demo.js';
import { PrivacyNote } from '../landing/PrivacyNote.js';
import { Sally } from '../landing/Sally.js';
import { useApi, useSession } from '../session/session-context.js';

/** Landing demo size from the spec (section 9); it scales down on narrow screens. */
const DEMO_WIDTH = 800;
const DEMO_HEIGHT = 703;

function LandingDemoFrame({ exercise, onNext }: { exercise: ChartExercise; onNext: () => void }) {
  const { state } = exercise;
  const hints = landingHints(usePointerKind());
  let hint = hints.first;
  if (state.pass) hint = hints.pass;
  else if (state.revealed) hint = hints.revealed;
  else if (state.feedback) hint = hints.missed;

  return (
    <div className="demo">
      <div className="demo__chart" style={{ maxWidth: DEMO_WIDTH }}>
        <ExerciseChart
          exercise={exercise}
          submitLabel="Run"
          aspectRatio={DEMO_WIDTH / DEMO_HEIGHT}
          label="Landing demo chart: find a supply or demand zone"
          // On a phone the demo starts below the fold: a visitor who never scrolls to it never
          // downloads pixi.js.
          loadWhenSeen
          actions={
            <button type="button" className="button button--primary" onClick={onNext}>
              Next
            </button>
          }
        />
      </div>
      <aside className="demo__guide">
        <HintBubble text={hint} />
        <Sally mood={state.pass ? 'happy' : 'waiting'} />
      </aside>
    </div>
  );
}

function LandingDemo({ chartNumber, onNext }: { chartNumber: number; onNext: () => void }) {
  const api = useApi();
  const target = useMemo(() => ({ chart: chartNumber }), [chartNumber]);
  const exercise = useChartExercise({ api, target, chartNumber });
  return <LandingDemoFrame exercise={exercise} onNext={onNext} />;
}

/**
 * The demo before the API has said which charts it shows: the same frame, loading (or offering
 * the request again), so nothing moves when the chart comes.
 */
function WaitingLandingDemo({ error, onRetry }: { error?: string; onRetry: () => void }) {
  const exercise = useMemo(
    (): ChartExercise => ({
      charts: undefined,
      loadError: error,
      gated: false,
      state: INITIAL_EXERCISE,
      // Never reported: analytics names an exercise only once its chart is shown.
      subject: { chartNumber: 0 },
      submit: () => Promise.resolve(),
      reload: onRetry,
    }),
    [error, onRetry],
  );
  return <LandingDemoFrame exercise={exercise} onNext={() => undefined} />;
}

export function LandingPage() {
  const { status } = useSession();
  const { rules, error, retry } = useCourseRules();
  const demo = rules?.landingDemo;
  // Undefined until Next is pressed: the stored id (read once the API has listed the charts).
  const [nextChartId, setNextChartId] = useState<number>();
  const chartId = useMemo(
    () => demo && (nextChartId ?? readLandingChartId(window.localStorage, demo.charts.length)),
    [demo, nextChartId],
  );

  return (
    <>
      <SiteHeader>
        {status === 'logged-in' ? (
          <Link to="/home" className="button button--ghost">
            Learning Hub
          </Link>
        ) : (
          <Link to="/login" className="button button--ghost">
            Login
          </Link>
        )}
      </SiteHeader>
      <main className="landing">
        <section className="landing__hero">
          <AnimatedBackground />
          <div className="landing__intro">
            <h1 className="landing__headline">Practice S&amp;D Trading Interactively</h1>
            <p className="landing__lead">
              Learn to read candlesticks and mark supply and demand zones on real-looking charts.
              Draw your zone, press Run, and see at once whether you found it.
            </p>
            <p className="landing__callout">learning starts here</p>
            <div className="landing__actions">
              <Link to="/register" className="button button--primary">
                Create a free account
              </Link>
              <Link to="/login" className="button button--ghost">
                I already have an account
              </Link>
            </div>
          </div>
        </section>
        <section className="landing__demo" aria-labelledby="demo-title">
          <h2 id="demo-title">Try it: find the zone</h2>
          {demo && chartId ? (
            <LandingDemo
              key={chartId}
              chartNumber={landingChartNumber(demo, chartId)}
              onNext={() =>
                setNextChartId(advanceLandingChartId(window.localStorage, demo.charts.length))
              }
            />
          ) : (
            <WaitingLandingDemo error={error} onRetry={retry} />
          )}
        </section>
        <PrivacyNote />
      </main>
    </>
  );
}
