import { candleAt, type Candidate } from '../candidate.js';
import type { ScenarioResult } from '../scenario-types.js';

/**
 * Room from a clean zone's near edge to what stands in its way, in heights of the zone: the
 * pulled opposing zone, or the turn where the move away was pushed back before reaching it,
 * whichever is nearer (a teacher measures to the first place sellers showed up).
 */
export function roomToPulledZone(candidate: Candidate): ScenarioResult['room'] {
  const pulled = candidate.request.continues?.zone;
  if (!pulled || !candidate.concepts.has('clean')) return null;
  const { band, moveEnd } = candidate.draft;
  const demand = band.type === 'demand';
  const height = band.upper - band.lower;
  // The top of the rally after the move away (the bottom of the drop, for supply).
  let turn: { price: number; index: number } | null = null;
  for (let index = moveEnd + 1; index < candidate.revealEnd; index++) {
    const candle = candleAt(candidate.candles, index);
    const extreme = demand ? candle.high : candle.low;
    if (turn === null || (demand ? extreme > turn.price : extreme < turn.price)) {
      turn = { price: extreme, index };
    }
  }
  let limit: NonNullable<ScenarioResult['room']>['limit'] = {
    price: demand ? pulled.lower : pulled.upper,
    kind: 'pulled-zone',
    index: null,
  };
  if (turn && (demand ? turn.price < limit.price : turn.price > limit.price)) {
    limit = { price: turn.price, kind: 'turn', index: turn.index };
  }
  const room = demand ? limit.price - band.upper : band.lower - limit.price;
  return { pulled, limit, roomInHeights: height > 0 ? room / height : 0 };
}
