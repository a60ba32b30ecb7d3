import type { ExerciseChartData } from './charts.js';
import type { DecisionResult, DecisionSetup } from './decisions.js';
import type { ExerciseStanding } from './exercise-standing.js';
import type { PlanReview, PlanSetup } from './plans.js';

/** GET api/practice/{index}: one of the learner's own practice charts and its 1-hour twin. */
export interface PracticeChartBody extends ExerciseChartData {
  /** Its place in the portal; the first `round` make the round. */
  index: number;
  round: number;
  /** How many practice charts the learner has, and how many of them need no Pro Plan. */
  count: number;
  free: number;
  /** The learner's tries at this chart, as the server counts them. */
  exercise: ExerciseStanding;
  /** The same market in 1-hour candles. */
  hourly: ExerciseChartData;
}

/** GET api/practice/plans/{index}: a chart with a zone given, and a trade to plan. */
export interface PracticePlanBody extends ExerciseChartData {
  index: number;
  count: number;
  free: number;
  exercise: ExerciseStanding;
  planSetup: PlanSetup;
  planReview: PlanReview | null;
}

/** GET api/practice/decisions/{index}: a zone given, a trade to take or skip. */
export interface PracticeDecisionBody extends ExerciseChartData {
  index: number;
  count: number;
  free: number;
  exercise: ExerciseStanding;
  /** The same market in 1-hour candles: the course's third check reads the 1-hour trend. */
  hourly: ExerciseChartData;
  decisionSetup: DecisionSetup;
  decisionReview: DecisionResult | null;
}
