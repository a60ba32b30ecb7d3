import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import { LANDING_CHART_COUNT, landingChartNumber } from '../landing/landing-demo.js';
import { useApi } from '../session/session-context.js';

function TestChart({ chartNumber }: { chartNumber: number }) {
  const api = useApi();
  const target = useMemo(() => ({ chart: chartNumber }), [chartNumber]);
  const exercise = useChartExercise({ api, target, chartNumber });
  return <ExerciseChart exercise={exercise} height={460} label={`Test chart ${chartNumber}`} />;
}

/** The spec's test practice screen: the open demo charts, to try the drawing tools freely. */
export function PracticeTestEnvPage() {
  const [chartId, setChartId] = useState(1);
  const chartNumber = landingChartNumber(chartId);
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
        <div className="segmented" role="group" aria-label="Test chart">
          {Array.from({ length: LANDING_CHART_COUNT }, (_, index) => index + 1).map((id) => (
            <button
              key={id}
              type="button"
              className="segmented__option"
              aria-pressed={id === chartId}
              onClick={() => setChartId(id)}
            >
              Chart {id}
            </button>
          ))}
        </div>
        <TestChart key={chartNumber} chartNumber={chartNumber} />
      </main>
    </>
  );
}
