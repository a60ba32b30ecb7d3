/**
 * Where the caller stands on one exercise, as the server counts the tries: the app shows these
 * numbers and never applies the tries rule itself.
 */
export interface ExerciseStanding {
  passed: boolean;
  /** Failed tries so far. */
  tries: number;
  /** Failed tries still allowed before the answer shows; 0 once revealed. */
  triesLeft: number;
  /** The answer may be shown: passed, or the tries are used up. */
  revealed: boolean;
}
