import { deriveSeed } from '../random.js';
import { checkRequest } from './request-rules.js';
import { ScenarioError, type ZoneScenario, type ZoneScenarioRequest } from './scenario-types.js';
import { tryScenario } from './try-scenario.js';

// The generator's public shapes, for the importers of the generator.
export {
  CONCEPTS,
  ScenarioError,
  type Aftermath,
  type Concept,
  type ScenarioDecision,
  type ScenarioResult,
  type ScenarioStyle,
  type ScenarioTrade,
  type ScenarioZone,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from './scenario-types.js';

/** Attempts before a request is given up on. */
const MAX_ATTEMPTS = 1000;
/**
 * Attempts that must place a chart's answer away from the view's extreme (an older extreme
 * beyond the zone, a trend or a gentle climb into it, a 1-hour zone in a trend; see verify's
 * extremeProblem): a market that will not frame one is made without it rather than not at all.
 */
const OLDER_EXTREME_ATTEMPTS = 400;

/**
 * Simulates a market and plants one answer in it, shaped by the chart's concepts, then checks it
 * as an exercise: the pattern is what its lesson says, the answer is fresh (or touched as a level
 * is), nothing else in view competes with it and it is not buried in earlier congestion
 * (the course's `assessClarity`), price comes back and reacts strongly after the puzzle, and the
 * opening view frames it tall enough to see and mark on every screen the app shows it on. If an
 * attempt fails, the next uses a seed derived from the requested one, so the outcome is still fixed
 * by the request.
 */
export function generateZoneScenario(request: ZoneScenarioRequest): ZoneScenario {
  const concepts = checkRequest(request);
  const reasons: string[] = [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const attemptSeed = attempt === 0 ? request.seed >>> 0 : deriveSeed(request.seed, attempt);
    const outcome = tryScenario(request, concepts, attemptSeed, attempt < OLDER_EXTREME_ATTEMPTS);
    if (typeof outcome !== 'string') return outcome;
    reasons.push(outcome);
  }
  throw new ScenarioError(
    `no clear ${request.zoneType} chart (${[...concepts].join(', ')}) for seed ${request.seed} ` +
      `after ${MAX_ATTEMPTS} attempts (most often: ${commonest(reasons)})`,
  );
}

/** The three commonest reasons for rejecting an attempt, with their counts. */
function commonest(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  // Numbers differ from attempt to attempt; the reason is the words.
  for (const reason of reasons) {
    const key = reason.replace(/[\d.]+/g, 'N');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, count]) => `${count}x ${reason}`)
    .join('; ');
}
