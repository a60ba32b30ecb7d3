import fc from 'fast-check';
import { type Box, placeLineLabels, TakenBoxes } from '../../src/views/label-layout.js';
import { overlayView } from '../../src/views/overlay-view.js';
import { ChartModel } from '../../src/model/chart-model.js';
import { AXIS_LABEL_CHAR_PX } from '@chart-kit/core';
import { waveSeries } from '../browser/series.js';

const LINE = 14;
const PLOT = { width: 730, height: 410 };
const LAYOUT = { plot: PLOT, lineHeight: LINE, inset: 8, gap: 2 };

const boxOf = (place: { x: number; y: number }, width: number): Box => ({
  left: place.x,
  right: place.x + width,
  top: place.y,
  bottom: place.y + LINE,
});
const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const crossesLine = (box: Box, y: number) => box.top < y + 0.5 && box.bottom > y - 0.5;

describe('placeLineLabels', () => {
  it('writes a lone label above its line at the plot’s left', () => {
    expect(placeLineLabels([{ y: 200, width: 63 }], LAYOUT)).toEqual([{ x: 8, y: 184 }]);
  });

  it('separates the labels of two lines 12 px apart (a wall and a 2R target), each by its line', () => {
    // /risk-decide: "Next demand zone" at 295 px, "2R target" at 283 px, the wall's other line
    // at 250 px.
    const wall = { y: 295, width: 16 * AXIS_LABEL_CHAR_PX };
    const target = { y: 283, width: 9 * AXIS_LABEL_CHAR_PX };
    const [wallPlace, targetPlace] = placeLineLabels([wall, target], { ...LAYOUT, lines: [250] });
    if (!wallPlace || !targetPlace) throw new Error('not placed');
    const wallBox = boxOf(wallPlace, wall.width);
    const targetBox = boxOf(targetPlace, target.width);
    expect(overlap(wallBox, targetBox)).toBe(false);
    for (const y of [250, 283, 295]) {
      expect(crossesLine(wallBox, y)).toBe(false);
      expect(crossesLine(targetBox, y)).toBe(false);
    }
    // Each stays next to its own line: the wall's below it, the target's above it.
    expect(wallBox.top).toBe(297);
    expect(targetBox.bottom).toBe(281);
  });

  it('slides a label along its row past the ones in the way before leaving its line', () => {
    const taken = new TakenBoxes(PLOT, LINE);
    taken.take({ left: 0, right: PLOT.width, top: 202, bottom: 240 }); // a zone box below
    const places = placeLineLabels(
      [
        { y: 200, width: 80 },
        { y: 200, width: 60 },
      ],
      { ...LAYOUT, taken },
    );
    expect(places).toEqual([
      { x: 8, y: 184 },
      { x: 8 + 80 + 6, y: 184 },
    ]);
  });

  it('never overlaps another label, a taken box or a line, and stays in the plot (any lines)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            y: fc.double({ min: 0, max: PLOT.height, noNaN: true }),
            chars: fc.integer({ min: 2, max: 20 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (lines) => {
          const labels = lines.map((line) => ({
            y: line.y,
            width: line.chars * AXIS_LABEL_CHAR_PX,
          }));
          const boxes = placeLineLabels(labels, LAYOUT).map((place, i) =>
            boxOf(place, labels[i]?.width ?? 0),
          );
          boxes.forEach((box, i) => {
            expect(box.left).toBeGreaterThanOrEqual(0);
            expect(box.right).toBeLessThanOrEqual(PLOT.width);
            expect(box.top).toBeGreaterThanOrEqual(0);
            expect(box.bottom).toBeLessThanOrEqual(PLOT.height);
            for (const other of boxes.slice(i + 1)) expect(overlap(box, other)).toBe(false);
            for (const label of labels) expect(crossesLine(box, label.y)).toBe(false);
          });
        },
      ),
    );
  });
});

describe('reference line labels on a chart', () => {
  it('are laid out clear of each other and of the zone when their lines nearly touch', () => {
    const candles = waveSeries(120);
    const model = new ChartModel({ candles, size: { width: 800, height: 440 } });
    const { frame } = model;
    const at = (y: number) => frame.priceOfY(y);
    void model.revealZone(
      { upper: at(40), lower: at(110), label: 'Supply zone' },
      { animate: false },
    );
    const lines = [
      { price: at(30), label: 'Course stop' },
      { price: at(110), label: 'Course entry' },
      { price: at(250) },
      { price: at(295), label: 'Next demand zone' },
      { price: at(283), label: '2R target' },
    ];
    model.setReferenceLines(lines);
    const view = overlayView(model);
    const boxes = view.referenceLines
      .filter((line) => line.label)
      .map((line) =>
        boxOf(
          { x: line.labelX ?? 0, y: line.labelY ?? 0 },
          (line.label?.length ?? 0) * AXIS_LABEL_CHAR_PX,
        ),
      );
    expect(boxes).toHaveLength(4);
    boxes.forEach((box, i) => {
      for (const other of boxes.slice(i + 1)) expect(overlap(box, other)).toBe(false);
      for (const line of view.referenceLines) {
        expect(crossesLine(box, model.frame.yOfPrice(line.price))).toBe(false);
      }
    });
  });
});
