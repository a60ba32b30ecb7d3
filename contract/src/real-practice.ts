import type { ExerciseChartData } from './charts.js';
import type { ExerciseStanding } from './exercise-standing.js';

/** Which real session a real chart showed: given only once the learner passed or used the tries. */
export interface RealSessionName {
  symbol: string;
  /** The New York trading day, YYYY-MM-DD. */
  day: string;
  /** As the page shows it: "AAPL, 5 June 2014". */
  name: string;
}

/**
 * GET api/practice/real/{index}: the learner's index-th real chart, a real session (the previous
 * session of the same symbol as context, then the session up to a cut) on which to find a zone of
 * `type`. Answers go to POST api/attempts {real: index, lines}. Any fresh zone of that type the
 * course's rules find on the chart passes; once passed or after three tries the strongest is
 * shown (hiddenpl, hiddenpl2), with the session's name and the rest of the session (next).
 */
export interface PracticeRealBody extends ExerciseChartData {
  index: number;
  /** How many real charts need no Pro Plan. */
  free: number;
  /** How many real sessions the pool holds: none repeats for a learner before all were shown. */
  pool: number;
  exercise: ExerciseStanding;
  /** The session, once revealed; absent before. */
  session?: RealSessionName;
}
