import { CANDLES_PER_SESSION } from '../market-sim.js';
import { createRandom } from '../random.js';
import { plantAfterPuzzle, plansTrade, plantPuzzleEnd } from './after-pattern.js';
import { verify } from './checks/verify.js';
import { plantLeadIn } from './lead-in.js';
import { directionOf } from './planted-band.js';
import { LAYOUTS } from './layouts.js';
import { startMarket } from './market-start.js';
import { MarketScript } from './market-script.js';
import { plantPattern } from './pattern-draft.js';
import { gradeSkipShapeOf, plannedAftermath, skipReasonOf } from './request-rules.js';
import { shiftToRoundNumber } from './round-number.js';
import type { Concept, ZoneScenario, ZoneScenarioRequest } from './scenario-types.js';

/** How far inside the older extreme the zone's far edge stays, in average ranges. */
const MIN_OLDER_GAP = 0.6;

/**
 * One attempt at the requested chart from `attemptSeed`: the market with its lead-in, the
 * answer's pattern, the rest of the puzzle and what follows it, then the checks. Returns the
 * scenario, or why this attempt does not make a fair exercise.
 */
export function tryScenario(
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
  attemptSeed: number,
  /**
   * Whether this attempt places the answer away from the view's extreme, which fewer attempts
   * achieve: an older extreme beyond the zone (see plantOlderExtreme), a trend or a gentle climb
   * into it, a 1-hour zone formed in a trend (see plantHourlyZone).
   */
  awayFromExtreme = true,
): ZoneScenario | string {
  const random = createRandom(attemptSeed);
  const style = request.style ?? 'normal';
  const layout = LAYOUTS[request.continues ? 'continuation' : style];
  const type = request.zoneType;
  const { prefix, simulator } = startMarket(request, random);
  const script = new MarketScript(simulator, random, prefix);
  const skipBecause = skipReasonOf(request, concepts);

  const leadIn = plantLeadIn(script, request, concepts, layout, skipBecause, awayFromExtreme);
  const { decoy, context } = leadIn;
  const draft = plantPattern(script, {
    type,
    concepts,
    style,
    legIn: leadIn.legIn,
    steepDeparture: leadIn.steepDeparture,
    pulledZone: concepts.has('clean') ? request.continues?.zone : undefined,
    decoy,
    // A trend in view takes the chart's height: its zones need the tall far-wick bases.
    varied: context === 'reversal' || context === 'range' || context === 'failed-breakout',
    hourInTrend: leadIn.hourInTrend,
    climbIntoBase: leadIn.climbIntoBase,
    roomToSkip: skipBecause === 'room',
    gradeSkipShape: gradeSkipShapeOf(request, concepts),
  });
  const older = leadIn.olderExtreme;
  // The older extreme is there to be beyond the zone: a zone that reached past it is the
  // chart's extreme again.
  if (
    older !== null &&
    directionOf(type) * ((type === 'demand' ? draft.band.lower : draft.band.upper) - older.price) <
      MIN_OLDER_GAP * older.yardstick
  ) {
    return 'the zone formed beyond the older extreme';
  }
  const wall = plantPuzzleEnd(script, draft, type, concepts, layout, skipBecause, {
    hasDecoy: decoy !== null,
    afterTrend: leadIn.climbIntoBase,
  });
  const revealEnd = script.length;
  const planned = plannedAftermath(request, concepts);
  const returnIndex = plantAfterPuzzle(script, {
    draft,
    revealEnd,
    wall,
    planned,
    skipped: skipBecause !== null,
    trades: plansTrade(concepts),
    chartLength: prefix.length + layout.sessions * CANDLES_PER_SESSION,
  });
  if (typeof returnIndex === 'string') return returnIndex;

  let candles = script.candles;
  let band = draft.band;
  let roundLevel: number | null = null;
  if (concepts.has('round-number')) {
    const shifted = shiftToRoundNumber(candles, band, random);
    candles = shifted.candles;
    band = shifted.band;
    roundLevel = shifted.level;
  }
  const verified = verify({
    wall,
    request,
    concepts,
    attemptSeed,
    candles,
    draft: { ...draft, band },
    revealEnd,
    returnIndex,
    planned,
    zoneLike: !draft.touchedByDesign,
    roundLevel,
    family: leadIn.family,
    decoy,
    viewStart: Math.max(0, (decoy?.start ?? leadIn.contextStart) - 2),
    style,
    awayFromExtreme,
  });
  if (typeof verified !== 'string' && older !== null && verified.openingView.from > older.index) {
    return 'the older extreme would not be in the opening view';
  }
  return verified;
}
