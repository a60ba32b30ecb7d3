import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RetryNotice } from '../components/RetryNotice.js';
import { useElementWidth } from '../components/use-element-width.js';
import { Link } from 'react-router-dom';
import type { PlanResults } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { AppHeader } from '../components/AppHeader.js';
import { useCourseRules } from '../course/course-rules.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { dollarsText, isBreakeven, resultClass, rText } from '../plan/plan-numbers.js';
import { expectancyFormula, percentText, sampleWords } from '../plan/record-words.js';
import { useApi } from '../session/session-context.js';

type Exercise = PlanResults['exercises'][number];

/**
 * The learner's trade plans, graded and played out: each exercise's result in R and dollars, the
 * win rate, the average win and loss, the expectancy with what so few trades can tell, and the
 * running total, drawn as a step line.
 */
export function ResultsPage() {
  const api = useApi();
  const query = useQuery(courseQueries.planResults(api));
  const results = query.data;
  const error = loadErrorOf(query);
  const planTries = useCourseRules().rules?.triesBeforeReveal.plan;
  const yourTries = planTries === undefined ? 'your tries' : `your ${planTries} tries`;

  return (
    <>
      <AppHeader />
      <main className="results">
        <h1>Your trade plans</h1>
        <p className="muted">
          Each trade-plan exercise counts with your last plan, played out on the candles after the
          exercise once you passed it or used {yourTries}. Results are in R, multiples of the money
          you planned to risk: a stopped trade is −1R, a target twice as far as the stop is +2R.
          When price jumps past the stop between two candles (a gap), the trade leaves at the next
          price there is, and the loss is usually more than 1R. A trade filled and stopped at one
          price is breakeven, 0.0R: neither a win nor a loss.
        </p>
        {error && (
          <RetryNotice what="your results" error={error} onRetry={() => void query.refetch()} />
        )}
        {!results && !error && <LoadingState label="Loading your results" />}
        {results?.exercises.length === 0 && (
          <Notice tone="info">
            No plans yet. The Managing Risk module&apos;s exercises ask you to plan trades; your
            results collect here. <Link to="/home">Back to the Learning Hub</Link>
          </Notice>
        )}
        {results && results.exercises.length > 0 && <ResultsBody results={results} />}
      </main>
    </>
  );
}

function ResultsBody({ results }: { results: PlanResults }) {
  const { record, exercises } = results;
  const played = exercises.filter((exercise) => exercise.outcome !== null);
  return (
    <>
      <dl className="results__summary" aria-label="Your record">
        <div>
          <dt>Trades taken</dt>
          <dd data-testid="results-filled">
            {record.filled} of {record.plans}
          </dd>
        </div>
        <div>
          <dt>Win rate</dt>
          <dd data-testid="results-hit-rate">{percentText(record.hitRate)}</dd>
        </div>
        <div>
          <dt>Average win</dt>
          <dd data-testid="results-average-win">
            {record.averageWinR === null ? '–' : rText(record.averageWinR)}
          </dd>
        </div>
        <div>
          <dt>Average loss</dt>
          <dd data-testid="results-average-loss">
            {record.averageLossR === null ? '–' : rText(record.averageLossR)}
          </dd>
        </div>
        <div>
          <dt>Expectancy</dt>
          <dd data-testid="results-expectancy">
            {record.expectancy === null ? '–' : rText(record.expectancy)}
            {/* Identical results have no spread: "± 0.0R" would claim a certainty they lack. */}
            {record.standardErrorR !== null && record.standardErrorR > 1e-9 && (
              <span className="results__error"> ± {record.standardErrorR.toFixed(1)}R</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="results-total">{rText(record.totalR)}</dd>
        </div>
      </dl>
      <p className="results__formula" data-testid="results-formula">
        {expectancyFormula(record)}
      </p>
      <p className="results__sample" data-testid="results-sample">
        {sampleWords(record)}
      </p>
      <p className="muted">
        Win rate is wins over closed trades (those that reached their stop or their target, left at
        breakeven, or were closed flat at the session&apos;s close, as a day trade is); the
        expectancy is what a closed trade made on average, in R. A trade still open at the
        chart&apos;s end counts in the total at its last price, not in these. With at least 2:1 on
        every trade, a win rate above one in three already adds up.
      </p>
      {played.length > 0 && <CumulativeRPlot exercises={played} cumulativeR={record.cumulativeR} />}
      <div className="results__table-wrap">
        <table className="results__table">
          <caption className="visually-hidden">Your plans, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Exercise</th>
              <th scope="col">Plan</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {exercises.map((exercise) => (
              <ExerciseRow
                key={exercise.lesson.path}
                exercise={exercise}
                number={played.indexOf(exercise) + 1}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One plan; `number` is its place on the plot (0: not played out yet). */
function ExerciseRow({ exercise, number }: { exercise: Exercise; number: number }) {
  const { plan, outcome } = exercise;
  return (
    <tr data-lesson-id={exercise.lesson.id ?? undefined}>
      <td>{number > 0 ? number : ''}</td>
      <th scope="row">
        <Link to={exercise.lesson.path}>{exercise.lesson.title}</Link>
        <span className="muted results__grade">
          {exercise.pass
            ? 'Passed'
            : `${exercise.tries} ${exercise.tries === 1 ? 'try' : 'tries'} missed`}
        </span>
      </th>
      <td>
        Entry {plan.entry.toFixed(2)}, stop {plan.stop.toFixed(2)}, target {plan.target.toFixed(2)},{' '}
        {plan.size.toLocaleString('en-US')} {exercise.unit}
      </td>
      <td>
        {outcome ? (
          <>
            <strong className={resultClass(outcome.resultR)}>
              {isBreakeven(outcome.resultR) ? 'Breakeven 0.0R' : rText(outcome.resultR)}
            </strong>{' '}
            ({dollarsText(outcome.resultDollars)})
            {/* The server's words, so that this page and the replay tell one trade alike. */}
            <span className="muted results__grade">{outcome.summary}</span>
          </>
        ) : (
          <span className="muted">Shown once you pass or use up your tries</span>
        )}
      </td>
    </tr>
  );
}

const PLOT = { maxWidth: 640, height: 220, left: 48, right: 14, top: 14, bottom: 28 };

/** The running total in R after each played plan, as a step line with a zero line. */
function CumulativeRPlot({
  exercises,
  cumulativeR,
}: {
  exercises: readonly Exercise[];
  cumulativeR: readonly number[];
}) {
  // Drawn at the width it is shown at, so its text keeps its size on a phone.
  const [figure, setFigure] = useState<HTMLElement | null>(null);
  const width = useElementWidth(figure, PLOT.maxWidth);
  const values = [0, ...cumulativeR];
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const innerWidth = width - PLOT.left - PLOT.right;
  const innerHeight = PLOT.height - PLOT.top - PLOT.bottom;
  const x = (step: number) => PLOT.left + (innerWidth * step) / Math.max(1, values.length - 1);
  const y = (r: number) => PLOT.top + ((high - r) / (high - low)) * innerHeight;
  let path = `M ${x(0)} ${y(0)}`;
  values.forEach((value, step) => {
    if (step === 0) return;
    path += ` H ${x(step)} V ${y(value)}`;
  });
  const ticks = [low, 0, high].filter((tick, index, all) => all.indexOf(tick) === index);
  const last = values.at(-1) ?? 0;
  return (
    <figure className="results__plot" ref={setFigure}>
      <svg
        width={width}
        height={PLOT.height}
        viewBox={`0 0 ${width} ${PLOT.height}`}
        role="img"
        aria-label={`Running total after ${exercises.length} ${exercises.length === 1 ? 'trade' : 'trades'}: ${rText(last)}`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PLOT.left}
              x2={width - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? 'results__zero' : 'results__grid'}
            />
            <text x={PLOT.left - 6} y={y(tick)} className="results__tick" dominantBaseline="middle">
              {rText(tick)}
            </text>
          </g>
        ))}
        <path d={path} className="results__line" />
        {values.map((value, step) =>
          step === 0 ? null : (
            <circle key={step} cx={x(step)} cy={y(value)} r={4} className="results__dot" />
          ),
        )}
        {exercises.map((exercise, index) => (
          <text
            key={exercise.lesson.path}
            x={x(index + 1)}
            y={PLOT.height - 8}
            className="results__tick results__tick--x"
          >
            {index + 1}
          </text>
        ))}
      </svg>
      <figcaption className="muted">
        Running total in R, trade by trade (numbered as in the table, oldest first).
      </figcaption>
    </figure>
  );
}
