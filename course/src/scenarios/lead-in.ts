import type { ZoneType } from '../zones.js';
import type { SkipReason } from './aftermath.js';
import {
  CONTEXTS_AFTER_OLDER_EXTREME,
  familyOf,
  OLDER_EXTREME_CANDLES,
  plantContext,
  plantOlderExtreme,
  type ContextKind,
  type OlderExtreme,
  type ShapeFamily,
} from './families.js';
import type { Layout } from './layouts.js';
import type { Direction, MarketScript } from './market-script.js';
import {
  plantGentleMoveDecoy,
  plantLongBaseDecoy,
  plantTestedZoneDecoy,
  type PlantedDecoy,
} from './decoys.js';
import { directionOf } from './planted-band.js';
import { contextOf } from './request-rules.js';
import { drawBySeed } from './seeded-draw.js';
import type { Concept, ScenarioStyle, ZoneScenarioRequest } from './scenario-types.js';

type DecoyKind = 'long-base' | 'gentle-move' | 'tested-zone';

/** The trend a practice 1-hour zone forms in: candles before the context, and their lean. */
const TREND_BEFORE_HOURLY_ZONE = { candles: 120, lean: 0.2 };

/**
 * Share of the charts whose context runs into the zone that show an older extreme first, drawn
 * by the request's seed (see drawBySeed), so failed attempts do not favour the charts without.
 */
const OLDER_EXTREME_ODDS = { older: 0.9, none: 0.1 } as const;
const OLDER_EXTREME_SALT = 0x6f6c_6478;

/** What leads into the answer's pattern, as planted. */
export interface LeadIn {
  /** What in view looks like an answer and is not, on a chart about telling them apart. */
  decoy: PlantedDecoy | null;
  /** The steep move's departure (drawn on every chart; used where a gentle move compares). */
  steepDeparture: number;
  /** Which way price came into the zone: -1 a reversal, 1 a continuation. */
  legIn: Direction;
  /** The context drawn for a practice zone, or null. */
  context: ContextKind | null;
  /** First candle of the answer's context. */
  contextStart: number;
  /** The shape the zone forms in; null for a level, a flip or a 1-hour zone. */
  family: ShapeFamily | null;
  /** The older extreme beyond the zone planted before the context, or null. */
  olderExtreme: OlderExtreme | null;
  /** A gentle climb runs on into the answer's base (a chart about a steep move). */
  climbIntoBase: boolean;
  /** A 1-hour zone that forms in a trend: price rises into its base's hour (see plantHourlyZone). */
  hourInTrend: boolean;
}

/**
 * Everything before the answer's pattern: free market up to where the pattern goes, the decoy
 * the chart compares the answer with (if any), and the context price drifts in on, so the
 * answer's band is not tangled up with earlier trading.
 */
export function plantLeadIn(
  script: MarketScript,
  request: ZoneScenarioRequest,
  concepts: ReadonlySet<Concept>,
  layout: Layout,
  skipBecause: SkipReason | null,
  olderExtremeAllowed = true,
): LeadIn {
  const { random } = script;
  const type = request.zoneType;
  const style = request.style ?? 'normal';
  // A decoy already gives the answer its context in view: a shorter approach keeps both in frame.
  // A 1-hour trend against the trade is most of a session of price running into the zone.
  const contextLength =
    skipBecause === 'higher-timeframe'
      ? random.integer(44, 60)
      : concepts.has('short-base') || concepts.has('steep-move') || concepts.has('fresh')
        ? random.integer(6, 12)
        : random.integer(...layout.context);
  const patternAt = script.length + random.integer(...layout.patternStart);
  const decoyKind = decoyKindOf(concepts);
  // The decoy (if any) sits in view before the answer's context, with a short bridge between.
  const decoyBudget = decoyKind === null ? 0 : decoyKind === 'gentle-move' ? 40 : 34;
  // Most practice charts whose context runs into the zone show an older extreme beyond it first.
  const drawnContext = contextOf(request, concepts, style);
  const olderDrawn =
    olderExtremeAllowed &&
    drawBySeed(request.seed, OLDER_EXTREME_SALT, OLDER_EXTREME_ODDS) === 'older';
  const olderExtremeFirst =
    drawnContext !== null && CONTEXTS_AFTER_OLDER_EXTREME.includes(drawnContext) && olderDrawn;
  // A chart about a steep move: the gentle climb runs on into the answer's base
  // (rally-base-rally), so the gentle move's start is the view's extreme, not the answer.
  const climbIntoBase = decoyKind === 'gentle-move' && olderExtremeAllowed;
  const olderBudget = olderExtremeFirst ? OLDER_EXTREME_CANDLES : 0;
  const freeCandles = Math.max(
    0,
    patternAt - contextLength - decoyBudget - olderBudget - script.length,
  );
  // A 1-hour zone forms in a trend days long, so its prices are new ground on the 1-hour chart
  // (not an old sideways stretch) and its base is a higher low. A clean zone's room is measured
  // to the chart it continues, whose market it keeps.
  const hourInTrend =
    concepts.has('higher-timeframe') && !concepts.has('clean') && olderExtremeAllowed;
  const trending = hourInTrend ? Math.min(freeCandles, TREND_BEFORE_HOURLY_ZONE.candles) : 0;
  script.free(freeCandles - trending);
  script.lean(trending, directionOf(type), TREND_BEFORE_HOURLY_ZONE.lean);
  // After a gentle climb the steep move starts at its top: a shorter pair keeps the view's
  // prices few enough to frame the zone tall.
  const steepDeparture = climbIntoBase ? random.between(6, 7.5) : random.between(7, 9.5);
  const decoy =
    decoyKind === null ? null : plantDecoy(script, decoyKind, type, steepDeparture, climbIntoBase);

  // A level is approached from the side it holds (support from above); a flipped level was first
  // approached from the other side (old resistance from below).
  const context = drawnContext;
  const contextStart = script.length;
  const olderExtreme = olderExtremeFirst ? plantOlderExtreme(script, type) : null;
  const legIn =
    context !== null
      ? plantContext(script, context, type, contextLength, olderExtreme)
      : driftIntoPattern(
          script,
          type,
          concepts,
          style,
          skipBecause,
          climbIntoBase ? random.integer(0, 2) : contextLength,
          (concepts.has('short-base') &&
            (request.placement === 'practice' || olderExtremeAllowed)) ||
            climbIntoBase,
        );
  const plainZone = !['support', 'resistance', 'flip', 'higher-timeframe'].some((concept) =>
    concepts.has(concept as Concept),
  );
  const family =
    context !== null
      ? familyOf(context, type)
      : plainZone
        ? familyOf(legIn < 0 ? 'reversal' : 'continuation', type)
        : null;
  return {
    decoy,
    steepDeparture,
    legIn,
    context,
    contextStart,
    family,
    olderExtreme,
    climbIntoBase,
    hourInTrend,
  };
}

function decoyKindOf(concepts: ReadonlySet<Concept>): DecoyKind | null {
  if (concepts.has('short-base')) return 'long-base';
  if (concepts.has('steep-move')) return 'gentle-move';
  if (concepts.has('fresh')) return 'tested-zone';
  return null;
}

/** Plants the decoy, then the bridge from it towards where the answer forms. */
function plantDecoy(
  script: MarketScript,
  kind: DecoyKind,
  type: ZoneType,
  steepDeparture: number,
  /** The gentle move runs on into the answer's leg in, with no slide back between. */
  climbIntoBase: boolean,
): PlantedDecoy {
  const { random } = script;
  const direction = directionOf(type);
  if (kind === 'gentle-move') {
    const decoy = plantGentleMoveDecoy(script, type, steepDeparture * random.between(0.85, 1.05));
    if (climbIntoBase) return decoy;
    // After a gentle rise, price slips back to just beyond where it started, so the steep move
    // covers the same ground (the chart compares the angles, and one stretch of prices keeps the
    // zone tall in view).
    const start = direction > 0 ? decoy.lower : decoy.upper;
    script.steerTo(
      start - direction * script.yardstick() * random.between(0.8, 1.6),
      random.integer(8, 12),
      0.6,
    );
    return decoy;
  }
  const decoy =
    kind === 'long-base' ? plantLongBaseDecoy(script, type) : plantTestedZoneDecoy(script, type);
  // Away from the decoy towards the answer; a tested zone is left behind the way it was left the
  // first time, so the answer forms beyond it and the decoy stays intact.
  const bridge = (kind === 'tested-zone' ? direction : -direction) as Direction;
  script.lean(random.integer(4, 8), bridge, kind === 'tested-zone' ? 0.45 : 0.25);
  return decoy;
}

/** Where no context is drawn: price drifts into the pattern as a reversal or a continuation. */
function driftIntoPattern(
  script: MarketScript,
  type: ZoneType,
  concepts: ReadonlySet<Concept>,
  style: ScenarioStyle,
  skipBecause: SkipReason | null,
  contextLength: number,
  /**
   * The answer forms inside a trend (rally-base-rally), so it is not the view's extreme: a
   * short base (before a reversal the long-base decoy leaves no room in view for an older
   * extreme beyond it), or a steep move after a gentle climb.
   */
  insideATrend: boolean,
): Direction {
  const reversal =
    concepts.has('flip') || concepts.has('fresh') || insideATrend
      ? false
      : concepts.has('support') ||
        concepts.has('resistance') ||
        style === 'easy' ||
        skipBecause === 'higher-timeframe' ||
        script.random.chance(0.45);
  // Before a continuation (rally-base-rally, drop-base-drop) the trend is plain to see, so
  // price in view has been beyond the zone's far edge: the answer is not always the chart's
  // extreme, which would teach a beginner to mark the lowest low (or highest high) on screen.
  // Against the 1-hour trend, price has run hard into the zone for hours.
  const lean = skipBecause === 'higher-timeframe' ? 0.55 : reversal ? 0.1 : 0.5;
  script.lean(contextLength, (directionOf(type) * (reversal ? -1 : 1)) as Direction, lean);
  return reversal ? -1 : 1;
}
