import type { ExerciseChartData } from './charts.js';
import type { DecisionResult, DecisionSetup } from './decisions.js';
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

/**
 * GET api/practice/real/decisions/{index}: the learner's index-th real take-or-skip exercise, a
 * real return to a zone the course's rules found (the sessions before as context, then the
 * session up to the candle that came back into the zone). Answered through POST api/decisions
 * {real: index, take, reasons}; the answer shows the course's decision, the session's name, and
 * what the trade really did (next), to the session's close.
 */
export interface PracticeRealDecisionBody extends ExerciseChartData {
  index: number;
  free: number;
  /** How many real sessions the take-or-skip pool holds. */
  pool: number;
  exercise: ExerciseStanding;
  /** The same market in 1-hour candles, for the 1-hour check. */
  hourly: ExerciseChartData;
  decisionSetup: DecisionSetup;
  decisionReview: DecisionResult | null;
  /** The session, once answered; absent before. */
  session?: RealSessionName;
}
