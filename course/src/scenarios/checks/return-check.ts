import type { Candidate } from '../candidate.js';
import {
  readReaction,
  textbookHoldProblem,
  type ReactionReading,
  type ZoneReaction,
  ZONE_REACTIONS,
} from '../reaction.js';

/**
 * The return after the puzzle, read as the course reads it: the planted touch is price's first
 * return, and on a zone exercise its reaction is the one planted (free candles inside the
 * reading's window can turn a stall into a break: then the draft is redrawn).
 */
export function checkReturn(candidate: Candidate): ReactionReading | string {
  const { candles, draft, revealEnd, returnIndex, planned } = candidate;
  const reading = readReaction(candles, draft.band, revealEnd);
  if (reading === null) return 'price never came back to the zone';
  if (reading.returnIndex !== returnIndex) {
    return 'the planted return is not price’s first return to the zone';
  }
  if (planned === 'holds') {
    const problem = textbookHoldProblem(candles, draft.band, reading.returnIndex);
    if (problem) return problem;
  }
  // A trade's aftermath is checked by how the trade ends (planTrade, planDecision).
  const wanted = planned === 'holds' ? 'strong' : planned;
  if (ZONE_REACTIONS.includes(wanted as ZoneReaction) && reading.reaction !== wanted) {
    return `the return reacted ${reading.reaction}, not ${wanted}`;
  }
  return reading;
}
