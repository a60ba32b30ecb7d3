import fc from 'fast-check';
import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';
import { PRICE_TAG_HEIGHT } from '../../src/render/price-tag.js';
import { stackPriceTags, type TagSlot } from '../../src/views/price-tag-stack.js';
import { priceLabelsView } from '../../src/views/axes-view.js';
import { priceTagsView } from '../../src/views/price-tags-view.js';

const H = PRICE_TAG_HEIGHT;

function overlaps(centres: readonly number[], height = H): boolean {
  const sorted = [...centres].sort((a, b) => a - b);
  return sorted.some((y, i) => i > 0 && y - (sorted[i - 1] ?? 0) < height - 1e-9);
}

describe('stackPriceTags', () => {
  it('leaves tags that do not collide where they are', () => {
    expect(
      stackPriceTags(
        [
          { y: 50, height: H },
          { y: 100, height: H },
        ],
        { top: 0, bottom: 400 },
      ),
    ).toEqual([50, 100]);
  });

  it('pushes two colliding tags apart around where they both want to be', () => {
    const [a = 0, b = 0] = stackPriceTags(
      [
        { y: 200, height: H },
        { y: 204, height: H },
      ],
      {
        top: 0,
        bottom: 400,
      },
    );
    expect(b - a).toBeCloseTo(H);
    expect((a + b) / 2).toBeCloseTo(202);
  });

  it('keeps a pinned tag (the crosshair) still and stacks the others away from it', () => {
    const tags: TagSlot[] = [
      { y: 198, height: H },
      { y: 200, height: H, pinned: true },
      { y: 203, height: H },
    ];
    const [above = 0, pinned, below = 0] = stackPriceTags(tags, { top: 0, bottom: 400 });
    expect(pinned).toBe(200);
    expect(above).toBeCloseTo(200 - H);
    expect(below).toBeCloseTo(200 + H);
  });

  it('moves tags to the other side of a pinned tag at the edge', () => {
    const [line = 0, pinned] = stackPriceTags(
      [
        { y: 2, height: H },
        { y: 5, height: H, pinned: true },
      ],
      { top: 0, bottom: 400 },
    );
    expect(pinned).toBe(H / 2);
    expect(line).toBeCloseTo(H + H / 2);
  });

  it('never overlaps, keeps price order and stays inside when there is room (any tags)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -20, max: 420, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: undefined }),
        (ys, pinnedY) => {
          const tags: TagSlot[] = ys.map((y) => ({ y, height: H }));
          if (pinnedY !== undefined) tags.push({ y: pinnedY, height: H, pinned: true });
          const centres = stackPriceTags(tags, { top: 0, bottom: 400 });
          expect(overlaps(centres)).toBe(false);
          for (const centre of centres) {
            expect(centre).toBeGreaterThanOrEqual(H / 2 - 1e-9);
            expect(centre).toBeLessThanOrEqual(400 - H / 2 + 1e-9);
          }
          if (pinnedY !== undefined) {
            expect(centres.at(-1)).toBeCloseTo(Math.min(Math.max(pinnedY, H / 2), 400 - H / 2));
          } else {
            // Without a pinned tag the order of the tags is the order of their prices.
            const order = (values: readonly number[]) =>
              values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0) || a - b);
            const clamped = ys.map((y) => Math.min(Math.max(y, H / 2), 400 - H / 2));
            expect(order(centres)).toEqual(order(clamped));
          }
        },
      ),
    );
  });
});

/** A chart and a zone's bounds in cents, 100 px apart in the middle of its plot. */
function chartWithZoneBounds(): { harness: ChartHarness; lower: number; upper: number } {
  const harness = new ChartHarness({ candles: waveSeries(288), initialBars: 80, maxLines: 2 });
  const cents = (y: number) => Math.round(harness.model.frame.priceOfY(y) * 100) / 100;
  return { harness, lower: cents(300), upper: cents(200) };
}

describe('priceTagsView', () => {
  it("stacks pulled lines, the user's lines, the revealed zone and the crosshair apart", () => {
    // The defect: /validating-clean after /validating-faz with lines at 194.50 and 194.90.
    const candles = waveSeries(288).map((candle) => ({
      ...candle,
      open: candle.open + 94,
      high: candle.high + 94,
      low: candle.low + 94,
      close: candle.close + 94,
    }));
    const harness = new ChartHarness({ candles, initialBars: 80, maxLines: 2 });
    harness.model.setPulledLines([194.5, 194.9]);
    harness.model.addLine(194.6);
    harness.model.addLine(194.8);
    void harness.model.revealZone({ upper: 194.85, lower: 194.55 }, { animate: false });
    harness.hover(300, harness.yOfPrice(194.7));
    const tags = priceTagsView(harness.model);
    expect(tags.map((tag) => tag.kind).sort()).toEqual([
      'crosshair',
      'line',
      'line',
      'pulled',
      'pulled',
      'zone',
      'zone',
    ]);
    expect(tags).toHaveLength(7);
    expect(overlaps(tags.map((tag) => tag.y))).toBe(false);
    // The crosshair's tag stays on the pointer.
    const crosshair = tags.find((tag) => tag.kind === 'crosshair');
    expect(crosshair?.y).toBeCloseTo(harness.yOfPrice(194.7));
    expect(tags.find((tag) => tag.kind === 'pulled')?.text).toBe('194.50');
  });

  it("tags a pulled line on a zone's bound once, as the zone's", () => {
    // A lesson picture draws a zone and the two lines that mark it at the same prices.
    const { harness, lower, upper } = chartWithZoneBounds();
    harness.model.setPulledLines([lower, upper, lower + 0.5]);
    void harness.model.revealZone({ upper, lower }, { animate: false });
    const tags = priceTagsView(harness.model);
    expect(tags.map((tag) => tag.kind).sort()).toEqual(['pulled', 'zone', 'zone']);
    expect(new Set(tags.map((tag) => tag.text)).size).toBe(3);
  });

  it("tags a reference line on a zone's bound once, as the zone's", () => {
    // A plan's entry at the zone's proximal line: "403.40 / 403.40" stacked.
    const { harness, lower, upper } = chartWithZoneBounds();
    harness.model.setReferenceLines([
      { price: upper, label: 'Course entry', color: 0x90caf9 },
      { price: lower - 0.5, label: 'Course stop', color: 0xef5350 },
    ]);
    void harness.model.revealZone({ upper, lower }, { animate: false });
    const tags = priceTagsView(harness.model);
    expect(tags.map((tag) => tag.kind).sort()).toEqual(['pulled', 'zone', 'zone']);
    expect(new Set(tags.map((tag) => tag.text)).size).toBe(3);
  });

  it("draws no crosshair tag beside a line's tag at the same price", () => {
    const harness = new ChartHarness({ candles: waveSeries(288), initialBars: 80, maxLines: 2 });
    const price = Math.round(harness.model.frame.priceOfY(250) * 100) / 100;
    harness.model.addLine(price);
    harness.hover(300, harness.yOfPrice(price));
    expect(priceTagsView(harness.model).map((tag) => tag.kind)).toEqual(['line']);
    // Off the line, the crosshair has its own tag again.
    harness.hover(300, harness.yOfPrice(price) + 3 * PRICE_TAG_HEIGHT);
    expect(
      priceTagsView(harness.model)
        .map((tag) => tag.kind)
        .sort(),
    ).toEqual(['crosshair', 'line']);
  });

  it("keeps a user's line's tag on a zone's bound, not the zone's too", () => {
    const { harness, lower, upper } = chartWithZoneBounds();
    harness.model.addLine(upper);
    harness.model.addLine(lower + 0.3);
    void harness.model.revealZone({ upper, lower }, { animate: false });
    const tags = priceTagsView(harness.model);
    expect(tags.map((tag) => tag.kind).sort()).toEqual(['line', 'line', 'zone']);
    expect(new Set(tags.map((tag) => tag.text)).size).toBe(3);
  });
});

describe('priceLabelsView', () => {
  it('leaves out the axis labels a line, pulled line or zone tag would half cover', () => {
    const harness = new ChartHarness({ candles: waveSeries(288), initialBars: 80, maxLines: 2 });
    const all = priceLabelsView(harness.model, []);
    expect(all.length).toBeGreaterThan(3);
    const target = all[Math.floor(all.length / 2)]!;
    const price = harness.model.frame.priceOfY(target.y + 4);
    harness.model.addLine(price);
    const labels = priceLabelsView(harness.model, priceTagsView(harness.model));
    expect(labels.map((label) => label.text)).not.toContain(target.text);
    expect(labels).toHaveLength(all.length - 1);
    // Every label left is clear of every tag.
    for (const label of labels) {
      for (const tag of priceTagsView(harness.model)) {
        expect(Math.abs(tag.y - label.y)).toBeGreaterThanOrEqual(PRICE_TAG_HEIGHT / 2 + 5);
      }
    }
  });

  it('does not hide labels for the crosshair, which moves over them', () => {
    const harness = new ChartHarness({ candles: waveSeries(288), initialBars: 80 });
    const all = priceLabelsView(harness.model, []);
    harness.hover(300, all[2]!.y);
    expect(priceLabelsView(harness.model, priceTagsView(harness.model))).toEqual(all);
  });
});
