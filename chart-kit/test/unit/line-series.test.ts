import { aggregateCandles, TIMEFRAMES, type Candle, type LinePoint } from '@chart-kit/core';
import { ChartDataError } from '../../src/model/chart-data-error.js';
import { ChartModel } from '../../src/model/chart-model.js';
import { bodyHalfWidth, candleRects, wickWidthFor } from '../../src/render/candle-geometry.js';
import { volumeRects } from '../../src/render/volume-geometry.js';
import { priceLabelsView } from '../../src/views/axes-view.js';
import { crosshairView } from '../../src/views/crosshair-view.js';
import { lineSeriesView } from '../../src/views/line-series-view.js';
import { volumeView } from '../../src/views/volume-view.js';
import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';

const SIZE = { width: 868, height: 624, devicePixelRatio: 1 };
/** A wave with a volume on every candle: larger on rising ones, one spike at candle 150. */
const CANDLES: Candle[] = waveSeries(288).map((candle, i) => ({
  ...candle,
  volume: i === 150 ? 50_000 : candle.close >= candle.open ? 2000 + 10 * i : 1000 + 5 * i,
}));

/** The simple moving average of the closes over `length` candles, from the first full window. */
function movingAverage(candles: readonly Candle[], length: number): LinePoint[] {
  const points: LinePoint[] = [];
  let sum = 0;
  candles.forEach((candle, i) => {
    sum += candle.close - (i >= length ? (candles[i - length]?.close ?? 0) : 0);
    if (i >= length - 1) points.push({ time: candle.time, value: sum / length });
  });
  return points;
}

const MA = movingAverage(CANDLES, 20);

describe('line series', () => {
  it('draws each point on its candle, on the candles’ price scale', () => {
    const model = new ChartModel({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'ma20', points: MA }],
    });
    const [line] = lineSeriesView(model);
    if (!line) throw new Error('no line drawn');
    const { frame } = model;
    const first = Math.ceil(frame.viewport.fromIndex);
    // One point left of the view, so the line runs to the plot's edge.
    expect(line.xy[0]).toBeCloseTo(frame.xOfIndex(first - 1), 9);
    const k = first - 19;
    expect(line.xy[1]).toBeCloseTo(frame.yOfPrice(MA[k - 1]?.value ?? 0), 9);
    expect(line.count).toBe(MA.length - (k - 1));
    expect(line).toMatchObject({ id: 'ma20', width: 2, place: 0, color: undefined });
  });

  it('widens the price scale to keep the line in view, unless told not to', () => {
    const high = MA.map((point, i) => ({
      ...point,
      value: i === MA.length - 5 ? 150 : point.value,
    }));
    const fitted = new ChartModel({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'a', points: high }],
    });
    expect(fitted.frame.priceDomain[1]).toBeGreaterThan(150);
    const free = new ChartModel({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'a', points: high, fitPriceScale: false }],
    });
    expect(free.frame.priceDomain[1]).toBeLessThan(110);
  });

  it('is added, replaced and removed by id, each a redraw', () => {
    const model = new ChartModel({ candles: CANDLES, size: SIZE });
    const redraws: string[][] = [];
    model.onInvalidate((layers) => redraws.push([...layers]));
    model.setLineSeries({ id: 'ma20', points: MA });
    model.setLineSeries({ id: 'ma50', points: movingAverage(CANDLES, 50), color: '#ff0000' });
    model.setLineSeries({ id: 'ma20', points: MA, width: 3 });
    expect(model.lineSeries.map((series) => [series.id, series.width])).toEqual([
      ['ma20', 3],
      ['ma50', 2],
    ]);
    expect(model.removeLineSeries('ma20')).toBe(true);
    expect(model.removeLineSeries('ma20')).toBe(false);
    expect(lineSeriesView(model).map((line) => [line.id, line.place, line.color])).toEqual([
      ['ma50', 0, '#ff0000'],
    ]);
    expect(redraws).toHaveLength(4);
    expect(redraws.every((layers) => layers.includes('base'))).toBe(true);
  });

  it('refuses a bad point with a ChartDataError naming the series, the point and its time', () => {
    const model = new ChartModel({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'ma20', points: MA }],
    });
    const bad = MA.map((point, i) => (i === 7 ? { ...point, value: Number.NaN } : point));
    let caught: unknown;
    try {
      model.setLineSeries({ id: 'ma20', points: bad });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ChartDataError);
    expect(caught).toMatchObject({
      kind: 'data',
      index: 7,
      time: MA[7]?.time,
      lineSeries: 'ma20',
      problem: 'value is not a finite number (NaN)',
      message: `Point 7 (time ${MA[7]?.time}) of line series "ma20": value is not a finite number (NaN)`,
    });
    // The chart keeps the line it had.
    expect(model.lineSeries[0]?.data.count).toBe(MA.length);
    expect(
      () =>
        new ChartModel({
          candles: CANDLES,
          lineSeries: [{ id: 'x', points: [MA[1], MA[0]] as LinePoint[] }],
        }),
    ).toThrow(ChartDataError);
    expect(() => model.setLineSeries({ id: 'ma20', points: MA, width: 0 })).toThrow(RangeError);
    expect(() => model.setLineSeries({ id: '', points: MA })).toThrow(TypeError);
  });

  it('runs a 5min line across the hourly candles’ slots', async () => {
    const model = new ChartModel({
      series: { '5min': CANDLES },
      size: SIZE,
      lineSeries: [{ id: 'ma20', points: MA }],
    });
    await model.setTimeframe('1hr', { animate: false });
    const hours = aggregateCandles(CANDLES, TIMEFRAMES['1hr']);
    const indices = model.lineIndices(model.lineSeries[0]!);
    // MA point 0 is at 5min candle 19: hour 1, 7 of its 12 slots in.
    expect(indices[0]).toBeCloseTo(1 + 7 / 12, 9);
    expect(indices[MA.length - 1]).toBeCloseTo(hours.length - 1 + 11 / 12, 9);
    // On an hourly candle the readout gives the line's last value in that hour.
    expect(model.lineValuesAt(5)).toEqual([
      { id: 'ma20', label: 'ma20', value: MA[5 * 12 + 11 - 19]?.value },
    ]);
  });

  it('moves with the candles during the timeframe morph, and lands on the hourly places', () => {
    const harness = new ChartHarness({
      series: { '5min': CANDLES },
      size: SIZE,
      lineSeries: [{ id: 'ma20', points: MA }],
    });
    const { model } = harness;
    const before = lineSeriesView(model)[0];
    void model.setTimeframe('1hr');
    harness.advance(100);
    expect(model.morphing).toBe(true);
    const during = lineSeriesView(model)[0];
    if (!before || !during) throw new Error('no line drawn');
    expect(during.count).toBeGreaterThan(0);
    // The last point moves from its 5min place towards its hourly one.
    const lastX = (line: { xy: ArrayLike<number>; count: number }) => line.xy[2 * line.count - 2];
    harness.settle();
    const after = lineSeriesView(model)[0];
    if (!after) throw new Error('no line drawn');
    const [start = 0, middle = 0, end = 0] = [lastX(before), lastX(during), lastX(after)];
    expect(Math.min(start, end)).toBeLessThanOrEqual(middle);
    expect(Math.max(start, end)).toBeGreaterThanOrEqual(middle);
    expect(start).not.toBeCloseTo(end, 0);
    harness.dispose();
  });

  it('shows no point after the candles a replay has shown', () => {
    const model = new ChartModel({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'ma20', points: MA }],
    });
    model.startReplay({ from: CANDLES[240]?.time ?? 0, speedMs: 1_000_000 });
    const [line] = lineSeriesView(model);
    if (!line) throw new Error('no line drawn');
    const lastX = line.xy[2 * (line.count - 1)] ?? 0;
    expect(lastX).toBeCloseTo(model.frame.xOfIndex(model.shownCount - 1), 9);
    model.dispose();
  });

  it('is read out with the candle under the crosshair, and described to screen readers', () => {
    const harness = new ChartHarness({
      candles: CANDLES,
      size: SIZE,
      lineSeries: [{ id: 'ma20', label: 'MA 20', points: MA }],
      volume: true,
    });
    const { model } = harness;
    const index = 200;
    model.setCrosshair({ kind: 'keyboard', index, price: 100 });
    const value = MA[index - 19]?.value ?? 0;
    const readout = crosshairView(model)?.readout ?? '';
    expect(readout).toContain(`MA 20 ${value.toFixed(2)}`);
    expect(readout).toMatch(/ V \d/);
    expect(model.crosshairInfo()?.lineValues).toEqual([{ id: 'ma20', label: 'MA 20', value }]);
    expect(model.crosshairInfo()?.candle?.volume).toBe(CANDLES[index]?.volume);
    expect(harness.description).toContain('Drawn over the candles: MA 20.');
    expect(harness.description).toContain('Volume is shown below the candles.');
  });
});

describe('volume', () => {
  it('takes a strip below the candles, a fifth of the plot by default', () => {
    const model = new ChartModel({ candles: CANDLES, size: SIZE, volume: true });
    const { frame } = model;
    const { plotHeight } = frame.layout;
    expect(frame.priceHeight).toBe(Math.round(plotHeight * 0.8));
    // The candles' lowest low in view is drawn above the strip.
    const columns = model.drawn.kind === 'columns' ? model.drawn.columns : undefined;
    const lowest = Math.min(...Array.from(columns?.low ?? []));
    expect(frame.yOfPrice(lowest)).toBeLessThan(frame.priceHeight);
    const volume = volumeView(model);
    if (volume?.kind !== 'columns') throw new Error('no volume columns drawn');
    expect(volume.top).toBe(frame.priceHeight);
    expect(volume.bottom).toBe(plotHeight);
    const largest = Math.max(...Array.from(volume.volume));
    expect(volume.yOfVolume(largest)).toBe(frame.priceHeight + 4);
    expect(volume.yOfVolume(0)).toBe(plotHeight);
    // The bars are the candles' columns.
    expect(volume.count).toBe(columns?.count);
    expect(volume.firstCenterX).toBeCloseTo(frame.xOfIndex(columns?.firstCandle ?? 0), 9);
    // Price labels stay in the candles' pane; the strip's scale has its own.
    const labels = priceLabelsView(model, []);
    const volumeLabel = labels.at(-1);
    expect(volumeLabel?.y).toBeGreaterThan(frame.priceHeight);
    expect(labels.slice(0, -1).every((label) => label.y < frame.priceHeight)).toBe(true);
  });

  it('is turned off, resized and on again, and never shows without volumes', () => {
    const model = new ChartModel({ candles: CANDLES, size: SIZE, volume: { heightShare: 0.3 } });
    const plotHeight = model.frame.layout.plotHeight;
    expect(model.frame.priceHeight).toBe(Math.round(plotHeight * 0.7));
    model.setVolume(false);
    expect(model.frame.priceHeight).toBe(plotHeight);
    expect(volumeView(model)).toBeUndefined();
    model.setVolume(true);
    expect(model.volumeShare).toBe(0.2);
    expect(() => model.setVolume({ heightShare: 0.8 })).toThrow(RangeError);
    const bare = new ChartModel({ candles: waveSeries(50), size: SIZE, volume: true });
    expect(volumeView(bare)).toBeUndefined();
    // No strip is kept for volumes the candles do not have.
    expect(bare.frame.priceHeight).toBe(bare.frame.layout.plotHeight);
  });

  it('morphs with the candles between timeframes: under each candle, from 5-min to hourly volume', () => {
    const harness = new ChartHarness({ series: { '5min': CANDLES }, size: SIZE, volume: true });
    const { model } = harness;
    void model.setTimeframe('1hr');
    harness.advance(160);
    const { drawn, frame } = model;
    if (drawn.kind !== 'morph') throw new Error('not mid-morph');
    const volume = volumeView(model);
    if (volume?.kind !== 'free') throw new Error('no moving volume bars drawn');
    const { candles } = drawn;
    expect(volume.count).toBe(candles.count);
    expect(volume.count).toBeGreaterThan(0);
    // Each bar is on its candle's body: the same device pixel columns, and its colour.
    const { devicePixelRatio } = SIZE;
    const bars: { left: number; right: number; rising: boolean }[] = [];
    volumeRects(volume, devicePixelRatio, (left, _top, right, _bottom, rising) => {
      bars.push({ left, right, rising });
    });
    expect(bars).toHaveLength(candles.count);
    bars.forEach((bar, i) => {
      const slot = candles.slotWidths[i] ?? 0;
      let body = { left: 0, right: 0 };
      candleRects(
        candles.centers[i] ?? 0,
        bodyHalfWidth(slot, devicePixelRatio),
        wickWidthFor(slot, devicePixelRatio),
        candles.open[i] ?? 0,
        candles.high[i] ?? 0,
        candles.low[i] ?? 0,
        candles.close[i] ?? 0,
        frame.yOfPrice,
        devicePixelRatio,
        (left, _top, right) => {
          body = { left, right };
        },
      );
      expect(bar).toEqual({ ...body, rising: (candles.close[i] ?? 0) >= (candles.open[i] ?? 0) });
    });
    // Heights between the 5-min volumes and the hours' (each hour the sum of its 5-min candles),
    // and well on the way: some bar is taller than any 5-min candle's.
    const hourly = aggregateCandles(CANDLES, TIMEFRAMES['1hr']).map((hour) => hour.volume ?? 0);
    const fiveMinute = CANDLES.map((candle) => candle.volume ?? 0);
    const heights = Array.from(volume.volume).slice(0, volume.count);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(Math.min(...fiveMinute));
    expect(Math.max(...heights)).toBeLessThanOrEqual(Math.max(...hourly));
    expect(Math.max(...heights)).toBeGreaterThan(Math.max(...fiveMinute));
    // The strip's scale is fitted to the tallest bar of this frame, as between morphs.
    expect(volume.yOfVolume(Math.max(...heights))).toBe(frame.priceHeight + 4);
    expect(volume.scaleLabel).toBeDefined();
    harness.settle();
    expect(volumeView(model)?.kind).toBe('columns');
    harness.dispose();
  });

  it('keeps a spike in view when zoomed out to merged columns', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => ({
      time: 1_700_000_000 + i * 300,
      open: 10,
      high: 11,
      low: 9,
      close: 10.5,
      volume: i === 12_345 ? 1e6 : 100,
    }));
    const model = new ChartModel({
      candles: long,
      size: SIZE,
      volume: true,
      homeView: { fromIndex: -0.5, toIndex: 19_999.5 },
    });
    const volume = volumeView(model);
    expect(model.drawn.kind === 'columns' && model.drawn.columns.candlesPerColumn).toBeGreaterThan(
      1,
    );
    expect(Math.max(...Array.from(volume?.volume ?? []))).toBe(1e6);
    expect(volume?.scaleLabel?.text).toBe('1M');
  });
});
