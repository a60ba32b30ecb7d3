import fc from 'fast-check';
import { clampViewport, initialViewport, panViewport, zoomViewport } from './viewport.js';

describe('viewport maths', () => {
  it('starts on the last candles with a right margin', () => {
    expect(initialViewport(100, 50, 2)).toEqual({ fromIndex: 51.5, toIndex: 101.5 });
  });

  it('pans by pixels: dragging right by the full width shows the previous screenful', () => {
    expect(panViewport({ fromIndex: 50, toIndex: 100 }, 800, 800)).toEqual({
      fromIndex: 0,
      toIndex: 50,
    });
  });

  it('keeps the anchor fixed on screen while zooming', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (from, width, anchorAt, factor) => {
          const viewport = { fromIndex: from, toIndex: from + width };
          const anchor = from + anchorAt * width;
          const zoomed = zoomViewport(viewport, factor, anchor);
          const fractionBefore = (anchor - viewport.fromIndex) / width;
          const fractionAfter = (anchor - zoomed.fromIndex) / (zoomed.toIndex - zoomed.fromIndex);
          expect(fractionAfter).toBeCloseTo(fractionBefore, 9);
          expect(zoomed.toIndex - zoomed.fromIndex).toBeCloseTo(width / factor, 9);
        },
      ),
    );
  });

  it('never lets the view shrink below the minimum or leave the series', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        (count, from, width) => {
          const clamped = clampViewport(
            { fromIndex: from, toIndex: from + width },
            { candleCount: count, minBars: 5 },
          );
          const shown = clamped.toIndex - clamped.fromIndex;
          expect(shown).toBeGreaterThanOrEqual(Math.min(5, count + 7) - 1e-9);
          // Some candle is always in view.
          expect(clamped.toIndex).toBeGreaterThan(-0.5);
          expect(clamped.fromIndex).toBeLessThan(count - 0.5);
        },
      ),
    );
  });

  it('rejects a zoom factor that is not positive', () => {
    expect(() => zoomViewport({ fromIndex: 0, toIndex: 10 }, 0, 5)).toThrow(
      'zoom factor must be > 0',
    );
  });
});
