import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingState } from '../components/LoadingState.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { chartLoadState } from '../exercise/chart-load.js';
import { PracticeBar } from './PracticeBar.js';

interface PracticeTrackProps<Body> {
  /** What one chart is called: "Practice plan", "Practice decision". */
  name: string;
  position: number;
  /** How many charts the track has (the API's practice rules). */
  count: number;
  onMove: (position: number) => void;
  /** The query of the chart at `position`. */
  load: UseQueryResult<Body>;
  children: (body: Body, label: string) => ReactNode;
}

/**
 * A Practice Portal track of the learner's own charts: Back and Next between them, the chart
 * loaded (or the subscription wall after the free first one), and the exercise `children` draw.
 */
export function PracticeTrack<Body>({
  name,
  position,
  count,
  onMove,
  load,
  children,
}: PracticeTrackProps<Body>) {
  const body = load.data;
  const { loadError, gated, reload } = chartLoadState([load]);
  const label = `${name} ${position} of ${count}`;
  return (
    <>
      <PracticeBar
        position={position}
        onMove={onMove}
        counterName={name}
        counter={`${position}/${count}`}
        forward={position < count && !gated ? { text: 'Next', primary: false } : null}
      />
      {gated && <SubscriptionWall title={label} />}
      {loadError && <RetryNotice what="this chart" error={loadError} onRetry={reload} />}
      {!body && !gated && !loadError && <LoadingState label="Loading your chart" />}
      {body !== undefined && children(body, label)}
    </>
  );
}
