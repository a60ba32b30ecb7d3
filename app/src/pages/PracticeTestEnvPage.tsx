import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import type { LandingDemoRules } from '../api/index.js';
import { WithCourseRules } from '../course/WithCourseRules.js';
import { landingChartNumber } from '../landing/landing-demo.js';
import { useApi } from '../session/session-context.js';

function TestChart({ chartNumber }: { chartNumber: number }) {
  const api = useApi();
  const target = useMemo(() => ({ chart: chartNumber }), [chartNumber]);
  const exercise = useChartExercise({ api, target, chartNumber });
  return <ExerciseChart exercise={exercise} height={460} label={`Test chart ${chartNumber}`} />;
}

/** The open demo charts, one at a time, as the API lists them. */
function TestCharts({ demo }: { demo: LandingDemoRules }) {
  const [chartId, setChartId] = useState(1);
  const chartNumber = landingChartNumber(demo, chartId);
  return (
    <>
      <div className="segmented" role="group" aria-label="Test chart">
        {demo.charts.map((_, index) => (
          <button
            key={index + 1}
            type="button"
            className="segmented__option"
            aria-pressed={index + 1 === chartId}
            onClick={() => setChartId(index + 1)}
          >
            Chart {index + 1}
          </button>
        ))}
      </div>
      <TestChart key={chartNumber} chartNumber={chartNumber} />
    </>
  );
}

/** The spec's test practice screen: the open demo charts, to try the drawing tools freely. */
export function PracticeTestEnvPage() {
  return (
    <>
      <SiteHeader>
        <Link to="/" className="button button--ghost">
          Start page
        </Link>
      </SiteHeader>
      <main className="practice">
        <h1>Practice test environment</h1>
        <p className="muted">
          A sandbox with the open demo charts: draw, try and replay without an account.
        </p>
        <WithCourseRules>{(rules) => <TestCharts demo={rules.landingDemo} />}</WithCourseRules>
      </main>
    </>
  );
}
