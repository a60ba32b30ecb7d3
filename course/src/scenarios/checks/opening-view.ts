import { TIMEFRAMES } from '@chart-kit/core';
import type { Candidate } from '../candidate.js';
import { framingShortfall, openingTimeWindow, placement, type IndexWindow } from '../framing.js';

const FIVE_MINUTES = TIMEFRAMES['5min'];

/**
 * The opening view: from just before the answer's context (or its decoy) to the puzzle's end. If
 * that is too much to show the zone tall enough everywhere, the view starts later, down to a
 * dozen candles before the pattern; if even that fails, the attempt does.
 */
export function frameOpeningView(candidate: Candidate): IndexWindow | string {
  const { candles, draft, revealEnd, decoy, concepts, request } = candidate;
  let latestStart = Math.max(0, draft.patternStart - 12);
  // A decoy stays in view from its base on (a tested zone's leg in may scroll off to the left).
  if (decoy) latestStart = Math.min(latestStart, decoy.start + 1);
  // A zone carried over from an earlier chart is drawn as lines, which the chart keeps in view.
  const pulled = concepts.has('clean') ? request.continues?.zone : undefined;
  const alsoShown = pulled ? [pulled.lower, pulled.upper] : [];
  let shortfall = '';
  for (
    let from = candidate.viewStart;
    from <= Math.max(candidate.viewStart, latestStart);
    from += 4
  ) {
    const window = { from, to: revealEnd - 1 };
    const puzzle = candles.slice(0, revealEnd);
    const framing = framingShortfall(
      puzzle,
      openingTimeWindow(puzzle, window, FIVE_MINUTES),
      candidate.draft.band,
      placement(request.placement ?? 'lesson'),
      FIVE_MINUTES,
      alsoShown,
    );
    if (framing.ok) return window;
    shortfall = framing.worst;
  }
  return `the zone would be only ${shortfall} at the opening view`;
}
