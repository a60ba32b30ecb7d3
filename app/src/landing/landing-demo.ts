import type { LandingDemoRules } from '../api/index.js';
import { type PointerKind, pressWord } from '../components/pointer-words.js';

/** Browser-storage key of the landing demo's local chart id (spec: starts at 1). */
export const LANDING_CHART_ID_KEY = 'localChartId';

/** The spec's hints, as a mouse user reads them; `landingHints` words them for touch screens. */
export const FIRST_HINT = 'draw where a Supply or Demand zone might be and then click Run';
export const PASS_HINT = 'WOOHOO! You got it! Now click Next!';

/** Sally's hints, saying 'tap' on a touch screen and 'click' (the spec's words) otherwise. */
export function landingHints(kind: PointerKind) {
  const press = pressWord(kind);
  return {
    first: `draw where a Supply or Demand zone might be and then ${press} Run`,
    pass: `WOOHOO! You got it! Now ${press} Next!`,
    revealed: `Here is the zone I was looking for. ${pressWord(kind, true)} Next for another chart!`,
    missed: `Not quite! Move your lines and ${press} Run again.`,
  };
}

/**
 * The stored id, back to 1 when missing, malformed or past the last demo chart (`count`: how
 * many the API lists).
 */
export function readLandingChartId(storage: Storage, count: number): number {
  const id = Number(storage.getItem(LANDING_CHART_ID_KEY));
  return Number.isInteger(id) && id >= 1 && id <= count ? id : 1;
}

/** Moves to the next demo chart (wrapping after the last of `count`) and stores the id. */
export function advanceLandingChartId(storage: Storage, count: number): number {
  const next = (readLandingChartId(storage, count) % count) + 1;
  storage.setItem(LANDING_CHART_ID_KEY, String(next));
  return next;
}

/** The chart number of local id `id` (from 1), in the order the API lists the demo's charts. */
export function landingChartNumber(demo: LandingDemoRules, id: number): number {
  const chartNumber = demo.charts[id - 1] ?? demo.charts[0];
  if (chartNumber === undefined) throw new Error('the course lists no landing demo chart');
  return chartNumber;
}
