import { act, render, screen } from '@testing-library/react';
import { FIRST_HINT, landingHints, PASS_HINT } from '../landing/landing-demo.js';
import { chartGestureHint, pressWord, usePointerKind } from './pointer-words.js';

/** A matchMedia whose '(pointer: coarse)' answer the test sets and can change. */
function fakePointerMedia(coarse: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return coarse;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((media: string) => {
    if (media !== '(pointer: coarse)') throw new Error(`unexpected query ${media}`);
    return query;
  }) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      coarse = next;
      for (const listener of listeners) listener();
    },
  };
}

function Status() {
  const pointer = usePointerKind();
  return <p>{`${pressWord(pointer, true)} anywhere. ${chartGestureHint(pointer)}`}</p>;
}

describe('words for the pointer in use', () => {
  it("says 'tap' on a touch screen and 'click' with a mouse, following a change", () => {
    const media = fakePointerMedia(true);
    render(<Status />);
    expect(screen.getByText(/anywhere/).textContent).toBe(
      'Tap anywhere. Pinch to zoom and swipe sideways to move the chart.',
    );
    act(() => media.set(false));
    expect(screen.getByText(/anywhere/).textContent).toBe(
      'Click anywhere. Scroll or pinch to zoom, drag the chart to move it.',
    );
  });

  it("keeps the spec's landing hints for a mouse and says 'tap' for a finger", () => {
    expect(landingHints('mouse')).toMatchObject({ first: FIRST_HINT, pass: PASS_HINT });
    const touch = landingHints('touch');
    expect(touch.first).toBe('draw where a Supply or Demand zone might be and then tap Run');
    expect(touch.pass).toBe('WOOHOO! You got it! Now tap Next!');
    expect(Object.values(touch).join(' ')).not.toMatch(/click/i);
  });
});
