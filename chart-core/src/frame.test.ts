import type { Candle } from './candle.js';
import {
  fitFrame,
  openingFrame,
  paddedPriceDomain,
  plotFrame,
  plotLayout,
  PRICE_AXIS_WIDTH,
  TIME_AXIS_HEIGHT,
  zonePixelHeight,
} from './frame.js';
import { SeriesStore } from './series-store.js';

/** 400 five-minute candles: a ramp from 100 with one spike to 150 at index 350. */
const CANDLES: Candle[] = Array.from({ length: 400 }, (_, i) => {
  const base = 100 + i * 0.05;
  return {
    time: 1_700_000_000 + i * 300,
    open: base,
    close: base + 0.5,
    high: i === 350 ? 150 : base + 1,
    low: base - 1,
  };
});

describe('plotLayout', () => {
  it('leaves the price axis on the right and the time axis at the bottom', () => {
    expect(plotLayout(1280, 440)).toEqual({
      width: 1280,
      height: 440,
      plotWidth: 1280 - PRICE_AXIS_WIDTH,
      plotHeight: 440 - TIME_AXIS_HEIGHT,
    });
    expect(plotLayout(0, 0).plotWidth).toBe(1);
  });
});

describe('plotFrame', () => {
  it('maps the domain onto the plot, low at the bottom, and inverts', () => {
    const frame = plotFrame(plotLayout(468, 424), { fromIndex: -0.5, toIndex: 99.5 }, [90, 110]);
    expect(frame.yOfPrice(90)).toBe(400);
    expect(frame.yOfPrice(110)).toBe(0);
    expect(frame.priceOfY(100)).toBeCloseTo(105);
    expect(frame.xOfIndex(-0.5)).toBe(0);
    expect(frame.indexOfX(frame.xOfIndex(42.25))).toBeCloseTo(42.25);
    expect(frame.barSpacing).toBe(4);
    expect(frame.priceTicks.values.length).toBeGreaterThan(2);
  });

  it('refuses an empty viewport or price domain', () => {
    expect(() => plotFrame(plotLayout(100, 100), { fromIndex: 1, toIndex: 1 }, [0, 1])).toThrow(
      RangeError,
    );
    expect(() => plotFrame(plotLayout(100, 100), { fromIndex: 0, toIndex: 1 }, [1, 1])).toThrow(
      RangeError,
    );
  });
});

describe('fitFrame', () => {
  const series = new SeriesStore(CANDLES);

  it('fits the price axis to the drawn candles plus the padding', () => {
    const { frame } = fitFrame(
      series,
      { fromIndex: 99.5, toIndex: 199.5 },
      { width: 800, height: 600 },
    );
    // Candles 99 and 200 touch the view's edges: drawn, so counted.
    const [low, high] = paddedPriceDomain([100 + 99 * 0.05 - 1, 100 + 200 * 0.05 + 1]);
    expect(frame.priceDomain[0]).toBeCloseTo(low, 9);
    expect(frame.priceDomain[1]).toBeCloseTo(high, 9);
  });

  it('takes in `include` (a revealed zone) and leaves out hidden candles (a replay)', () => {
    const view = { fromIndex: 299.5, toIndex: 399.5 };
    const size = { width: 800, height: 600 };
    const all = fitFrame(series, view, size).frame.priceDomain;
    expect(all[1]).toBeGreaterThan(150);
    const replay = fitFrame(series, view, size, { shownCount: 340 }).frame.priceDomain;
    expect(replay[1]).toBeLessThan(130);
    const zone = fitFrame(series, view, size, { shownCount: 340, include: [60, 61] }).frame;
    expect(zone.priceDomain[0]).toBeLessThan(60);
  });

  it('counts candles as the renderer does: merged columns when they are narrower than a pixel', () => {
    const wide = fitFrame(
      series,
      { fromIndex: -0.5, toIndex: 399.5 },
      { width: 1280, height: 800 },
    );
    const narrow = fitFrame(
      series,
      { fromIndex: -0.5, toIndex: 399.5 },
      { width: 390, height: 844 },
    );
    expect(wide.columns.candlesPerColumn).toBe(1);
    expect(narrow.columns.candlesPerColumn).toBe(2);
    const phone = fitFrame(
      series,
      { fromIndex: -0.5, toIndex: 399.5 },
      { width: 390, height: 844, devicePixelRatio: 3 },
    );
    expect(phone.columns.candlesPerColumn).toBe(1);
  });

  it('keeps the fallback domain when no candle is in view', () => {
    const empty = new SeriesStore([]);
    const { frame } = fitFrame(
      empty,
      { fromIndex: 0, toIndex: 10 },
      { width: 100, height: 100 },
      {
        fallbackDomain: [5, 6],
      },
    );
    expect(frame.priceDomain).toEqual([5, 6]);
  });
});

describe('openingFrame and zonePixelHeight', () => {
  const window = { from: CANDLES[300]?.time ?? 0, to: CANDLES[340]?.time ?? 0 };

  it('frames a time window like the index viewport it stands for', () => {
    const byTime = openingFrame(CANDLES, window, { width: 1280, height: 440 });
    const byIndex = openingFrame(
      CANDLES,
      { fromIndex: 299.5, toIndex: 340.5 },
      { width: 1280, height: 440 },
    );
    expect(byTime.viewport).toEqual({ fromIndex: 299.5, toIndex: 340.5 });
    expect(byTime.priceDomain).toEqual(byIndex.priceDomain);
  });

  it("gives a zone's height in CSS pixels, in either bound order", () => {
    const size = { width: 390, height: 440 };
    const frame = openingFrame(CANDLES, window, size);
    const zone = { upper: 116, lower: 115 };
    const expected = frame.yOfPrice(115) - frame.yOfPrice(116);
    expect(zonePixelHeight(CANDLES, window, size, zone)).toBeCloseTo(expected, 9);
    expect(zonePixelHeight(CANDLES, window, size, { upper: 115, lower: 116 })).toBeCloseTo(
      expected,
      9,
    );
    // Taller on the taller chart.
    expect(zonePixelHeight(CANDLES, window, { width: 1280, height: 800 }, zone)).toBeGreaterThan(
      expected,
    );
  });
});
