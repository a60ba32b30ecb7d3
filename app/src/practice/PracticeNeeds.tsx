import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { PracticeItem, PracticeKind } from '../api/index.js';
import { courseQueries } from '../api/queries.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { chartLoadState } from '../exercise/chart-load.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import { useApi } from '../session/session-context.js';
import { PracticeDecision } from './PracticeDecisions.js';
import { PracticePlan } from './PracticePlans.js';
import { practiceReasonText } from './practice-reason.js';
import { RealZoneExercise } from './PracticeReal.js';
import { RealDecision } from './PracticeRealDecisions.js';

const KIND_NAMES: Readonly<Record<PracticeKind, string>> = {
  zone: 'Practice chart',
  decision: 'Practice decision',
  plan: 'Practice plan',
};

/** A real chart or real decision the server chose (see PracticeItem.real). */
const REAL_KIND_NAMES: Readonly<Record<PracticeKind, string>> = {
  zone: 'Real chart',
  decision: 'Real decision',
  plan: 'Real plan',
};

interface PracticeNeedsProps {
  /** The exercise on screen, as the server chose it; null before the first. */
  current: PracticeItem | null;
  /** Asks the server which exercise Practise what I need has now, and keeps it on screen. */
  onResume: () => void;
  /** The server has answered `onResume`. */
  resumed: boolean;
  resumeError: string | undefined;
  /** Asks the server for the next exercise (it becomes `current`). */
  onNext: () => void;
  choosing: boolean;
  chooseError: string | undefined;
  /** The server's choice was a kind of which every exercise is done. */
  allDone: boolean;
}

/**
 * "Practise what I need": the exercise the server chose for the learner's weakest or most
 * overdue skill, with its reason; Skip (Next once passed) asks the server for the next one.
 */
export function PracticeNeeds({
  current,
  onResume,
  resumed,
  resumeError,
  onNext,
  choosing,
  chooseError,
  allDone,
}: PracticeNeedsProps) {
  // Opened on what the server says Practise what I need has now (the exercise on screen until
  // it is done, else its next choice): the same call as the hub's Practise next card, so the
  // two always show the same exercise. Asked once per visit; Skip and Next then ask for more.
  useEffect(() => onResume(), [onResume]);

  if (!resumed) {
    if (resumeError) {
      return <RetryNotice what="your next exercise" error={resumeError} onRetry={onResume} />;
    }
    return <LoadingState label="Choosing your next exercise" />;
  }
  if (allDone && current === null) {
    return (
      <Notice tone="info">
        You have done every practice exercise this one would be: pick a round above.
      </Notice>
    );
  }
  if (chooseError && current === null) {
    return <RetryNotice what="your next exercise" error={chooseError} onRetry={onNext} />;
  }
  if (current === null) return <LoadingState label="Choosing your next exercise" />;
  return (
    <NeedsItem
      key={`${current.real ? 'real-' : ''}${current.kind}-${current.index}`}
      item={current}
      onNext={onNext}
      choosing={choosing}
      chooseError={chooseError}
    />
  );
}

function NeedsItem({
  item,
  onNext,
  choosing,
  chooseError,
}: {
  item: PracticeItem;
  onNext: () => void;
  choosing: boolean;
  chooseError: string | undefined;
}) {
  const [passed, setPassed] = useState(false);
  const [gated, setGated] = useState(false);
  const label = `${(item.real ? REAL_KIND_NAMES : KIND_NAMES)[item.kind]} ${item.index}`;
  return (
    <>
      <p className="practice__reason" aria-label="Why this exercise">
        {practiceReasonText(item)}
      </p>
      <div className="practice__bar">
        <span className="practice__counter">{label}</span>
        <span className="practice__forward">
          {!gated && (
            <button
              type="button"
              className={`button ${passed ? 'button--primary' : 'button--ghost'}`}
              onClick={onNext}
              disabled={choosing}
            >
              {passed ? 'Next' : 'Skip'}
            </button>
          )}
        </span>
      </div>
      {chooseError && (
        <RetryNotice what="your next exercise" error={chooseError} onRetry={onNext} />
      )}
      {item.real ? (
        <NeedsReal item={item} label={label} onPassed={setPassed} onGated={setGated} />
      ) : item.kind === 'zone' ? (
        <NeedsZone index={item.index} label={label} onPassed={setPassed} onGated={setGated} />
      ) : (
        <NeedsTrade item={item} label={label} onPassed={setPassed} onGated={setGated} />
      )}
    </>
  );
}

interface ItemProps {
  label: string;
  onPassed: (passed: boolean) => void;
  /** The subscription wall stands in for the exercise: there is nothing to skip. */
  onGated: (gated: boolean) => void;
}

function NeedsZone({ index, label, onPassed, onGated }: ItemProps & { index: number }) {
  const api = useApi();
  const target = useMemo(() => ({ practice: index }), [index]);
  const exercise = useChartExercise({ api, target, practiceIndex: index });
  const zoneType = exercise.charts?.fiveMinute.type;
  const passed = exercise.state.pass;
  useEffect(() => onPassed(passed), [onPassed, passed]);
  useEffect(() => onGated(exercise.gated), [onGated, exercise.gated]);
  if (exercise.gated) return <SubscriptionWall title={label} />;
  return (
    <>
      {zoneType && <p className="practice__task">Find a {zoneType} zone on this chart.</p>}
      <ExerciseChart exercise={exercise} height={460} label={label} />
    </>
  );
}

function NeedsTrade({ item, label, onPassed, onGated }: ItemProps & { item: PracticeItem }) {
  const api = useApi();
  const decisionLoad = useQuery(
    courseQueries.practiceDecision(api, item.kind === 'decision' ? item.index : undefined),
  );
  const planLoad = useQuery(
    courseQueries.practicePlan(api, item.kind === 'plan' ? item.index : undefined),
  );
  const { loadError, gated, reload } = chartLoadState([decisionLoad, planLoad]);
  useEffect(() => onGated(gated), [onGated, gated]);
  if (gated) return <SubscriptionWall title={label} />;
  if (loadError) return <RetryNotice what="this chart" error={loadError} onRetry={reload} />;
  if (item.kind === 'decision' && decisionLoad.data) {
    return <PracticeDecision body={decisionLoad.data} label={label} onPassed={onPassed} />;
  }
  if (item.kind === 'plan' && planLoad.data) {
    return <PracticePlan body={planLoad.data} label={label} onPassed={onPassed} />;
  }
  return <LoadingState label="Loading your chart" />;
}

/** A real chart or real decision, as its track in the portal shows it. */
function NeedsReal({ item, ...props }: ItemProps & { item: PracticeItem }) {
  return item.kind === 'zone' ? (
    <NeedsRealZone index={item.index} {...props} />
  ) : (
    <NeedsRealDecision index={item.index} {...props} />
  );
}

function NeedsRealZone({ index, label, onPassed, onGated }: ItemProps & { index: number }) {
  const api = useApi();
  const target = useMemo(() => ({ real: index }), [index]);
  const exercise = useChartExercise({ api, target, realIndex: index });
  const passed = exercise.state.pass;
  useEffect(() => onPassed(passed), [onPassed, passed]);
  useEffect(() => onGated(exercise.gated), [onGated, exercise.gated]);
  if (exercise.gated) return <SubscriptionWall title={label} />;
  return <RealZoneExercise exercise={exercise} position={index} label={label} />;
}

function NeedsRealDecision({ index, label, onPassed, onGated }: ItemProps & { index: number }) {
  const api = useApi();
  const load = useQuery(courseQueries.practiceRealDecision(api, index));
  const { loadError, gated, reload } = chartLoadState([load]);
  useEffect(() => onGated(gated), [onGated, gated]);
  if (gated) return <SubscriptionWall title={label} />;
  if (loadError) return <RetryNotice what="this chart" error={loadError} onRetry={reload} />;
  if (load.data) return <RealDecision body={load.data} label={label} onPassed={onPassed} />;
  return <LoadingState label="Loading your chart" />;
}
