import type { Candle } from 'chart-kit';
import {
  CandlestickSeries,
  type CandlestickData,
  createChart,
  CrosshairMode,
  type IChartApi,
  type ISeriesApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { IndexRange } from '../protocol.js';
import type { ChartAdapter, Scene } from './adapter.js';

/**
 * The smallest bar spacing lightweight-charts may use: its default (0.5 px) stops zooming out at
 * ~1,600 bars, far from the 1M-candle view the script reaches.
 */
const MIN_BAR_SPACING = 0.0001;

/** lightweight-charts v5: a candlestick series with grid, axes, two price lines and a crosshair. */
export class LightweightAdapter implements ChartAdapter {
  readonly renderer = 'canvas 2D';
  private chart: IChartApi | undefined;
  private container: HTMLElement | undefined;

  create(container: HTMLElement, candles: Candle[], scene: Scene): Promise<void> {
    this.container = container;
    const chart = createChart(container, {
      width: container.clientWidth,
      height: container.clientHeight,
      layout: { background: { color: '#13131f' }, textColor: '#9aa0b4' },
      grid: { vertLines: { color: '#22223a' }, horzLines: { color: '#22223a' } },
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: { minBarSpacing: MIN_BAR_SPACING, timeVisible: true },
    });
    this.chart = chart;
    const series: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
      upColor: '#26a69a',
      downColor: '#ef5350',
      wickUpColor: '#26a69a',
      wickDownColor: '#ef5350',
      borderVisible: false,
    });
    // The same objects chart-kit gets: their `time` is Unix seconds, lightweight-charts' UTCTimestamp.
    series.setData(candles as CandlestickData<UTCTimestamp>[]);
    for (const price of scene.linePrices) {
      series.createPriceLine({ price, color: '#4f8cff', lineWidth: 1, lineStyle: LineStyle.Solid });
    }
    chart.timeScale().setVisibleLogicalRange(scene.initialRange);
    chart.setCrosshairPosition(scene.crosshairPrice, scene.crosshairTime as UTCTimestamp, series);
    return Promise.resolve();
  }

  show(range: IndexRange): void {
    this.chart?.timeScale().setVisibleLogicalRange(range);
  }

  readback(): void {
    // Canvas 2D records its drawing; reading a pixel of each canvas makes it rasterise now.
    for (const canvas of this.container?.querySelectorAll('canvas') ?? []) {
      canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
    }
  }
}
