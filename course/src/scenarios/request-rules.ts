import {
  drawAftermath,
  drawGradeSkipShape,
  FAILED_CHECK_AFTERMATH_ODDS,
  type GradeSkipShape,
  SKIPPED_AFTERMATH_ODDS,
  SMALL_MOVE_AFTERMATH_ODDS,
  type SkipReason,
  TRADE_AFTERMATH_ODDS,
  ZONE_REACTION_ODDS,
} from './aftermath.js';
import { CONTEXT_ODDS, type ContextKind } from './families.js';
import {
  ScenarioError,
  type Aftermath,
  type Concept,
  type ScenarioStyle,
  type ZoneScenarioRequest,
} from './scenario-types.js';
import { drawBySeed } from './seeded-draw.js';

/** The request's concepts, once its combination is one the generator can make. */
export function checkRequest(request: ZoneScenarioRequest): Set<Concept> {
  const concepts = new Set<Concept>(request.concepts ?? ['zone']);
  const main = ['support', 'resistance', 'flip', 'higher-timeframe'].filter((concept) =>
    concepts.has(concept as Concept),
  );
  const fail = (message: string): never => {
    throw new ScenarioError(`invalid scenario request: ${message}`);
  };
  if (concepts.has('support') && request.zoneType !== 'demand') fail('support is a demand band');
  if (concepts.has('resistance') && request.zoneType !== 'supply')
    fail('resistance is a supply band');
  if (main.length > 1) fail(`one main pattern at most (${main.join(', ')})`);
  const plain = [...concepts].every((concept) => concept === 'zone' || concept === 'round-number');
  if (request.style === 'easy' && !plain) fail('the easy style is for plain zones');
  if (concepts.has('clean') && !request.continues) fail('a clean zone continues another chart');
  if (concepts.has('clean') && request.continues?.zone.type === request.zoneType) {
    fail('the room of a clean zone is measured to an opposing zone');
  }
  const onlyTrade = [...concepts].every(
    (concept) => concept === 'trade-plan' || concept === 'take-or-skip' || concept === 'zone',
  );
  if ((concepts.has('trade-plan') || concepts.has('take-or-skip')) && !onlyTrade) {
    fail('a trade-plan or take-or-skip chart is a plain zone');
  }
  if (concepts.has('trade-plan') && concepts.has('take-or-skip')) {
    fail('a chart asks for a plan or for a decision, not both');
  }
  if (request.decision !== undefined && !concepts.has('take-or-skip')) {
    fail('a decision belongs to a take-or-skip chart');
  }
  if (request.skipBecause !== undefined && request.decision !== 'skip') {
    fail('a reason to skip belongs to a chart to skip');
  }
  if (request.continues && concepts.has('round-number')) {
    fail('a continued chart cannot also be moved to a round number');
  }
  // A small base changes the base's candles only, so any context can lead into it.
  const contextFits = [...concepts].every(
    (concept) => concept === 'zone' || concept === 'round-number' || concept === 'small-base',
  );
  if (request.context !== undefined && !contextFits) {
    fail('a context is drawn for a plain zone or a small base only');
  }
  if (request.after !== undefined) {
    const odds = aftermathOdds(concepts, request);
    if (odds === null) fail('a flip chart has no aftermath to choose');
    else if (!(request.after in odds) && !(request.after === 'holds' && 'strong' in odds)) {
      fail(`after must be one of ${Object.keys(odds).join(', ')} on this chart`);
    }
  }
  return concepts;
}

/** The odds of what follows the puzzle on this kind of chart; null for a flip, which has none. */
export function aftermathOdds(
  concepts: ReadonlySet<Concept>,
  request: ZoneScenarioRequest,
): Readonly<Record<string, number>> | null {
  if (concepts.has('flip')) return null;
  const skipBecause = skipReasonOf(request, concepts);
  if (skipBecause === 'room') return SKIPPED_AFTERMATH_ODDS;
  if (gradeSkipShapeOf(request, concepts) === 'small-move') return SMALL_MOVE_AFTERMATH_ODDS;
  if (skipBecause !== null) return FAILED_CHECK_AFTERMATH_ODDS[skipBecause];
  if (concepts.has('take-or-skip') || concepts.has('trade-plan')) return TRADE_AFTERMATH_ODDS;
  return ZONE_REACTION_ODDS;
}

/** On a take-or-skip chart to skip, the check that fails; null on any other chart. */
export function skipReasonOf(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
): SkipReason | null {
  if (!concepts.has('take-or-skip') || request.decision !== 'skip') return null;
  return request.skipBecause ?? 'room';
}

/** On a chart to skip for its grade, how its zone scores a C; null on any other chart. */
export function gradeSkipShapeOf(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
): GradeSkipShape | null {
  return skipReasonOf(request, concepts) === 'grade' ? drawGradeSkipShape(request.seed) : null;
}

const CONTEXT_SALT = 0x6374_7874;

/** A practice zone's context, drawn from the seed; null where the legacy choice applies. */
export function contextOf(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
  style: ScenarioStyle,
): ContextKind | null {
  if (request.context) return request.context;
  const plain = [...concepts].every((concept) => concept === 'zone');
  if (!plain || style !== 'normal' || request.placement !== 'practice') return null;
  return drawBySeed(request.seed, CONTEXT_SALT, CONTEXT_ODDS);
}

/** What follows the puzzle: the requested aftermath, or one drawn from the seed by the chart's odds. */
export function plannedAftermath(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
): Aftermath | null {
  const odds = aftermathOdds(concepts, request);
  if (odds === null) return null;
  return request.after ?? (drawAftermath(request.seed, odds) as Aftermath);
}
