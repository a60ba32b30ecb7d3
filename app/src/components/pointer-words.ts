import { useSyncExternalStore } from 'react';

/** A screen whose main pointer is a finger, not a mouse or a trackpad. */
const COARSE_POINTER = '(pointer: coarse)';

/** How the learner points: 'touch' on a phone or tablet, 'mouse' otherwise. */
export type PointerKind = 'touch' | 'mouse';

function coarseQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(COARSE_POINTER)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = coarseQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const current = (): PointerKind => (coarseQuery()?.matches ? 'touch' : 'mouse');

/** The pointer the screen has now, following changes (a tablet docked to a keyboard and mouse). */
export function usePointerKind(): PointerKind {
  return useSyncExternalStore(subscribe, current, () => 'mouse');
}

/** The word for pressing a button or a point on screen: 'tap' on a touch screen, else 'click'. */
export function pressWord(kind: PointerKind, capital = false): string {
  const word = kind === 'touch' ? 'tap' : 'click';
  return capital ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** How to zoom and move a chart with this pointer (a swipe up or down scrolls the page). */
export function chartGestureHint(kind: PointerKind): string {
  return kind === 'touch'
    ? 'Pinch to zoom and swipe sideways to move the chart.'
    : 'Scroll or pinch to zoom, drag the chart to move it.';
}
