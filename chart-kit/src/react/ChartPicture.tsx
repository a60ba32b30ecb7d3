import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChartModel } from '../model/chart-model.js';
import type { ChartThemeInput } from '../render/themes.js';
import {
  chartPictureModel,
  type ChartPictureOptions,
  paintChartPicture,
} from '../picture/draw-chart-picture.js';

export interface ChartPictureProps extends ChartPictureOptions {
  /** What the picture shows, for screen readers (the canvas is an image with this name). */
  label: string;
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Device pixels per CSS pixel; default the screen's, followed when it changes. */
  devicePixelRatio?: number;
  /**
   * Called when the picture cannot be drawn (a ChartDataError for bad candles). Without it the
   * box says what went wrong.
   */
  onError?: (error: unknown) => void;
}

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** The screen's device pixel ratio, updated when it changes (a zoom, a move to another screen). */
function useScreenPixelRatio(fixed: number | undefined): number {
  const [ratio, setRatio] = useState(() =>
    typeof window === 'undefined' ? 1 : window.devicePixelRatio,
  );
  useEffect(() => {
    if (fixed !== undefined || typeof window.matchMedia !== 'function') return;
    let query: MediaQueryList | undefined;
    const watch = () => {
      setRatio(window.devicePixelRatio);
      // A resolution query matches one ratio only: watch again at the new one.
      query?.removeEventListener('change', watch);
      query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      query.addEventListener('change', watch);
    };
    watch();
    return () => query?.removeEventListener('change', watch);
  }, [fixed]);
  return fixed ?? ratio;
}

/**
 * A still candlestick chart (candles, lines, a zone box, highlighted candles) on one canvas drawn
 * with Canvas 2D: no pixi.js is loaded and no WebGL context is made, so a page may show any
 * number of them. It is an image, not a control: `role="img"` with `label` as its name, out of the
 * tab order. Redrawn when its box is resized and when a prop changes, before the browser paints.
 */
export function ChartPicture({
  label,
  width = '100%',
  height = 300,
  className,
  style,
  devicePixelRatio,
  onError,
  theme,
  candles,
  series,
  timeframe,
  homeView,
  homeViews,
  initialBars,
  lines,
  zone,
  highlight,
  referenceLines,
  markers,
  tickSize,
  timeZone,
  lineSeries,
  volume,
}: ChartPictureProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const ratio = useScreenPixelRatio(devicePixelRatio);

  // Built while rendering (it is pure): bad candles become an error to show, not a crash. Each
  // prop is its own dependency, so a parent that keeps its arrays does not rebuild the model.
  const built = useMemo((): { model: ChartModel } | { error: unknown } => {
    try {
      return {
        model: chartPictureModel({
          candles,
          series,
          timeframe,
          homeView,
          homeViews,
          initialBars,
          lines,
          zone,
          highlight,
          referenceLines,
          markers,
          tickSize,
          timeZone,
          lineSeries,
          volume,
        }),
      };
    } catch (error) {
      return { error };
    }
  }, [
    candles,
    series,
    timeframe,
    homeView,
    homeViews,
    initialBars,
    lines,
    zone,
    highlight,
    referenceLines,
    markers,
    tickSize,
    timeZone,
    lineSeries,
    volume,
  ]);
  const model = 'model' in built ? built.model : undefined;
  const error = 'error' in built ? built.error : undefined;

  const errorRef = useRef(onError);
  useLayoutEffect(() => {
    errorRef.current = onError;
  }, [onError]);
  useEffect(() => {
    if (error !== undefined) errorRef.current?.(error);
  }, [error]);
  // A picture's model starts no replay, animation or timer, so there is nothing to dispose of
  // (and StrictMode's second mount would otherwise paint a disposed model).

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const next = { width: box.clientWidth, height: box.clientHeight };
      setSize((now) => (now?.width === next.width && now.height === next.height ? now : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // The theme by value: one written inline is a new object every render, and repainting for it
  // would redraw the picture on every render of the page.
  const themeKey = JSON.stringify(theme ?? {});
  const themeByValue = useMemo(() => JSON.parse(themeKey) as ChartThemeInput, [themeKey]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !model || !size || size.width < 1 || size.height < 1) return;
    // Without a 2D context (jsdom) the canvas stays blank; its label still says what it shows.
    paintChartPicture(canvas, model, { ...size, devicePixelRatio: ratio }, themeByValue);
  }, [model, size, ratio, themeByValue]);

  return (
    <div
      ref={boxRef}
      className={className}
      style={{ position: 'relative', width, height, ...style }}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
      />
      {error !== undefined && !onError && (
        <p
          role="alert"
          style={{ position: 'relative', margin: 0, padding: '1rem', color: '#ef5350' }}
        >
          The picture cannot be drawn. {failureText(error)}.
        </p>
      )}
    </div>
  );
}
