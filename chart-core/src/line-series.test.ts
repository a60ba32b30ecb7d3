import { LinePointError, LineSeriesData, type LinePoint } from './line-series.js';
import { SeriesStore } from './series-store.js';
import { formatVolume } from './format-volume.js';
import { plotFrame, plotLayout, priceHeightOf } from './frame.js';
import type { Candle } from './candle.js';

const points = (values: readonly number[], start = 0, step = 300): LinePoint[] =>
  values.map((value, i) => ({ time: start + i * step, value }));

const candleAt = (i: number, volume?: number): Candle => ({
  time: i * 300,
  open: 10 + (i % 3),
  high: 13,
  low: 9,
  close: 11 - (i % 2),
  ...(volume === undefined ? {} : { volume }),
});

describe('LineSeriesData', () => {
  it('names the first bad point, its time and what is wrong', () => {
    const bad = (data: unknown[]) => () => new LineSeriesData(data as LinePoint[]);
    expect(
      bad([
        { time: 0, value: 1 },
        { time: 300, value: Number.NaN },
      ]),
    ).toThrow(new LinePointError(1, 'value is not a finite number (NaN)', 300));
    expect(
      bad([
        { time: 300, value: 1 },
        { time: 300, value: 2 },
      ]),
    ).toThrow('point 1: duplicate time 300');
    expect(
      bad([
        { time: 600, value: 1 },
        { time: 300, value: 2 },
      ]),
    ).toThrow("point 1: time 300 is before the previous point's 600 (points must ascend)");
    expect(bad([null])).toThrow('point 0: is not a { time, value } object (null)');
    expect(bad([{ time: '5', value: 1 }])).toThrow('point 0: time is not a finite number (5)');
    try {
      new LineSeriesData([
        { time: 0, value: 1 },
        { time: 300, value: Infinity },
      ]);
    } catch (error) {
      expect(error).toBeInstanceOf(LinePointError);
      expect((error as LinePointError).index).toBe(1);
      expect((error as LinePointError).time).toBe(300);
    }
  });

  it('puts a point on the candle of its time, and between candles by the period', () => {
    const candleTimes = Float64Array.from([0, 3600, 7200, 10_800]);
    const line = new LineSeriesData(points([1, 2, 3, 4, 5], 0, 900));
    // Quarter-hour points on hourly candles: four to a candle's slot.
    expect(Array.from(line.indicesOn(candleTimes, 3600))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    const before = new LineSeriesData(points([1, 2], -3600, 3600));
    expect(Array.from(before.indicesOn(candleTimes, 3600))).toEqual([-1, 0]);
    const after = new LineSeriesData(points([1], 18_000));
    expect(Array.from(after.indicesOn(candleTimes, 3600))).toEqual([5]);
  });

  it('finds the extent of a long range as a scan of every point does', () => {
    const values = Array.from(
      { length: 100_000 },
      (_, i) => Math.sin(i / 700) * 50 + (i % 977 === 0 ? 80 : 0),
    );
    const line = new LineSeriesData(points(values));
    for (const [first, last] of [
      [0, 99_999],
      [12_345, 67_890],
      [5, 4100],
      [99_000, 99_999],
    ] as const) {
      const slice = values.slice(first, last + 1);
      expect(line.extent(first, last)).toEqual([Math.min(...slice), Math.max(...slice)]);
    }
  });

  it('draws a million points as at most four vertices per device pixel, keeping the extremes', () => {
    const count = 1_000_000;
    const values = Array.from(
      { length: count },
      (_, i) => 100 + 10 * Math.sin(i / 5000) + (i === 654_321 ? 40 : 0),
    );
    const line = new LineSeriesData(points(values));
    const indices = line.indicesOn(
      Float64Array.from(values.keys(), (i) => i * 300),
      300,
    );
    const width = 700;
    const frame = {
      fromIndex: -0.5,
      toIndex: count - 0.5,
      xOfIndex: (index: number) => ((index + 0.5) / count) * width,
      yOfPrice: (price: number) => 200 - price,
      widthDevicePx: width * 2,
      devicePixelRatio: 2,
    };
    const { xy, count: vertices } = line.vertices(indices, frame);
    expect(vertices).toBeLessThanOrEqual(4 * (width * 2 + 2));
    let top = Infinity;
    let bottom = -Infinity;
    for (let i = 0; i < vertices; i++) {
      top = Math.min(top, xy[2 * i + 1] ?? Infinity);
      bottom = Math.max(bottom, xy[2 * i + 1] ?? -Infinity);
    }
    const highest = values.reduce((a, b) => Math.max(a, b));
    const lowest = values.reduce((a, b) => Math.min(a, b));
    // The one-point spike and the wave's lowest point both show.
    expect(top).toBeCloseTo(200 - highest, 6);
    expect(bottom).toBeCloseTo(200 - lowest, 6);
    // x never goes back: the line is drawn left to right.
    let backwards = 0;
    for (let i = 1; i < vertices; i++) if ((xy[2 * i] ?? 0) < (xy[2 * i - 2] ?? 0)) backwards++;
    expect(backwards).toBe(0);
  });

  it('draws few points one by one, with one point either side of the view, and cuts at endIndex', () => {
    const line = new LineSeriesData(points([1, 2, 3, 4, 5, 6]));
    const indices = line.indicesOn(Float64Array.from([0, 300, 600, 900, 1200, 1500]), 300);
    const frame = {
      fromIndex: 1.5,
      toIndex: 3.5,
      xOfIndex: (index: number) => index * 10,
      yOfPrice: (price: number) => -price,
      widthDevicePx: 100,
      devicePixelRatio: 1,
    };
    const all = line.vertices(indices, frame);
    expect(Array.from(all.xy.subarray(0, 2 * all.count))).toEqual([10, -2, 20, -3, 30, -4, 40, -5]);
    const cut = line.vertices(indices, { ...frame, endIndex: 3 });
    expect(Array.from(cut.xy.subarray(0, 2 * cut.count))).toEqual([10, -2, 20, -3]);
  });
});

describe('volume of a series', () => {
  it('keeps each candle volume and merges columns by their largest', () => {
    const candles = Array.from({ length: 4096 }, (_, i) => candleAt(i, i === 1234 ? 999 : i % 10));
    const store = new SeriesStore(candles);
    expect(store.hasVolume).toBe(true);
    expect(store.candle(1234)?.volume).toBe(999);
    // 4096 candles across 512 device pixels: 8 candles a column.
    const columns = store.columns(-0.5, 4095.5, 512);
    expect(columns.candlesPerColumn).toBe(8);
    const volume = store.volumeColumns(columns);
    expect(volume[Math.floor(1234 / 8)]).toBe(999);
    expect(volume[0]).toBe(7);
    expect(Math.max(...volume)).toBe(999);
  });

  it('hides the volume of candles a replay has not shown, in a column straddling the cut', () => {
    const candles = Array.from({ length: 64 }, (_, i) => candleAt(i, i));
    const store = new SeriesStore(candles);
    const columns = store.columns(-0.5, 63.5, 16, 21);
    const volume = store.volumeColumns(columns, 21);
    expect(volume[columns.count - 1]).toBe(20);
  });

  it('has no volume when no candle carries one', () => {
    const store = new SeriesStore([candleAt(0), candleAt(1)]);
    expect(store.hasVolume).toBe(false);
    expect(store.candle(0)).not.toHaveProperty('volume');
  });

  it('formats volumes as traders read them', () => {
    expect([950, 9999, 12_345, 250_000, 1_254_000, 3.2e9].map(formatVolume)).toEqual([
      '950',
      '9999',
      '12.3K',
      '250K',
      '1.25M',
      '3.2B',
    ]);
  });
});

describe('a price pane above a strip', () => {
  it('maps the price domain onto the pane, not the whole plot', () => {
    const layout = plotLayout(868, 624);
    const priceHeight = priceHeightOf(layout, 0.25);
    expect(priceHeight).toBe(450);
    const frame = plotFrame(layout, { fromIndex: 0, toIndex: 10 }, [100, 110], 1, priceHeight);
    expect(frame.yOfPrice(100)).toBe(450);
    expect(frame.yOfPrice(110)).toBe(0);
    expect(frame.priceOfY(450)).toBe(100);
    expect(Math.max(...frame.priceTicks.values.map(frame.yOfPrice))).toBeLessThanOrEqual(450);
    expect(plotFrame(layout, { fromIndex: 0, toIndex: 10 }, [100, 110]).priceHeight).toBe(600);
  });
});
