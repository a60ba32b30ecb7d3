import { TIMEFRAMES } from '@chart-kit/core';
import type { Candidate } from '../candidate.js';
import { lazyBoxes } from '../../zone-shortcuts.js';
import { framingShortfall, openingTimeWindow, placement, type IndexWindow } from '../framing.js';

const FIVE_MINUTES = TIMEFRAMES['5min'];

/** How far before its usual start, in candles, a practice view may reach for an older extreme. */
const REACH_BACK = 48;
/** Wider views tried for a practice chart, at the most (each is checked for clarity). */
const WIDER_VIEWS = 2;

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

/**
 * Wider opening views for a practice chart whose usual view (`view`) has the answer at its
 * extreme, where a box drawn without the skill would pass: views that start earlier, nearest
 * first, which show a price beyond the zone's far side (the older low of a rally-base-rally, the
 * drift a continuation came from) and still frame the zone tall enough. Empty when the usual view
 * already defeats that box, or no wider one does.
 */
export function viewsBeyondTheExtreme(candidate: Candidate, view: IndexWindow): IndexWindow[] {
  const { candles, draft, revealEnd, request } = candidate;
  if (request.placement !== 'practice' || candidate.concepts.has('clean')) return [];
  const puzzle = candles.slice(0, revealEnd);
  const lazyBoxPasses = (window: IndexWindow) =>
    lazyBoxes(puzzle, window, draft.band).view.grade.pass;
  if (!lazyBoxPasses(view)) return [];
  const wider: IndexWindow[] = [];
  for (
    let from = view.from - 4;
    from >= Math.max(0, view.from - REACH_BACK) && wider.length < WIDER_VIEWS;
    from -= 4
  ) {
    const window = { from, to: view.to };
    if (lazyBoxPasses(window)) continue;
    const framing = framingShortfall(
      puzzle,
      openingTimeWindow(puzzle, window, FIVE_MINUTES),
      draft.band,
      placement('practice'),
      FIVE_MINUTES,
    );
    if (framing.ok) wider.push(window);
  }
  return wider;
}
