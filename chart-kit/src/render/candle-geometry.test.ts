import { bodyHalfWidth, candleRects, wickWidthFor } from './candle-geometry.js';
import { forEachDash } from './dashes.js';

type Rect = [left: number, top: number, right: number, bottom: number];

function rectsOf(
  slot: number,
  centerX: number,
  [o, h, l, c]: [number, number, number, number],
  devicePixelRatio: number,
): Rect[] {
  const rects: Rect[] = [];
  // Price 100 at y 0, two CSS pixels per 0.1 (whole device pixels at 1.5 too).
  const priceToY = (price: number) => (100 - price) * 20;
  candleRects(
    centerX,
    bodyHalfWidth(slot, devicePixelRatio),
    wickWidthFor(slot, devicePixelRatio),
    o,
    h,
    l,
    c,
    priceToY,
    devicePixelRatio,
    (...rect) => rects.push(rect),
  );
  return rects;
}

describe('candle geometry (shared by the WebGL and Canvas 2D renderers)', () => {
  it('puts the body symmetrically around a one-pixel wick, on whole device pixels', () => {
    for (const devicePixelRatio of [1, 1.5, 2, 3]) {
      const [wick, body] = rectsOf(10, 50.3, [99, 99.5, 97, 98], devicePixelRatio);
      if (!wick || !body) throw new Error('expected a wick and a body');
      const wickCentre = (wick[0] + wick[2]) / 2;
      const bodyCentre = (body[0] + body[2]) / 2;
      // An even number of wick pixels (two at 1.5) cannot share an odd body's centre exactly.
      expect(Math.abs(bodyCentre - wickCentre)).toBeLessThanOrEqual(0.5 / devicePixelRatio + 1e-9);
      for (const edge of [...wick, ...body]) {
        expect(
          Math.abs(edge * devicePixelRatio - Math.round(edge * devicePixelRatio)),
        ).toBeLessThan(1e-9);
      }
      // High 99.5 at y 10, low 97 at y 60; the body spans the open and the close.
      expect([wick[1], wick[3]]).toEqual([10, 60]);
      expect([body[1], body[3]]).toEqual([20, 40]);
      // About 70% of a 10 px slot: whole device pixels either side of the wick's pixel.
      expect(body[2] - body[0]).toBeGreaterThanOrEqual(6);
      expect(body[2] - body[0]).toBeLessThanOrEqual(9);
    }
  });

  it('gives a doji a body one device pixel tall', () => {
    const [, body] = rectsOf(10, 50, [99, 99.5, 98.5, 99], 2);
    expect(body && body[3] - body[1]).toBe(0.5);
  });

  it('draws a candle one device pixel wide as its wick alone', () => {
    expect(rectsOf(1, 50, [99, 99.5, 98.5, 99.2], 1)).toHaveLength(1);
  });

  it('lays dashes out from the edge, clipped to the line', () => {
    const dashes: [number, number][] = [];
    forEachDash(5, 20, (start, end) => dashes.push([start, end]));
    // Pattern 4 on, 3 off from 0: 0-4, 7-11, 14-18; the first starts before the line.
    expect(dashes).toEqual([
      [7, 11],
      [14, 18],
    ]);
  });
});
