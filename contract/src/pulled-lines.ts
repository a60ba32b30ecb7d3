/**
 * Where the lines a "push line" lesson keeps come from: the learner's passing answer, or the
 * correct zone, kept instead once it was shown to them after their tries and until they pass.
 */
export type SavedLinesSource = 'answer' | 'zone';

/** GET api/lessons/{path}/pulled-lines: the lines a "pull line" lesson shows from prev_chart. */
export interface PulledLinesBody {
  /** The earlier chart the lines were kept for (the lesson's prev_chart). */
  chart: number;
  /** The two prices, or none while the learner has neither passed nor been shown the zone. */
  lines: number[];
  /** Null when nothing is kept yet. */
  source: SavedLinesSource | null;
}
