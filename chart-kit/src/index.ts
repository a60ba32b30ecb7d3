// chart-kit's engine: framework-agnostic, drawn with Canvas 2D at once and with pixi.js on WebGL
// where it helps. Pure maths lives in `chart-kit/core`.
export { ChartEngine } from './engine/chart-engine.js';
export type { ChartOptions, RendererPreference, SurfaceKind } from './engine/chart-engine.js';
export { DEFAULT_CHART_OPTIONS } from './model/defaults.js';
export {
  ChartDataError,
  ChartStartError,
  isChartError,
  WebGLUnavailableError,
} from './engine/chart-error.js';
export type { ChartError } from './engine/chart-error.js';
export type { VerticalSwipe } from './interaction/chart-input.js';
export { ChartModel } from './model/chart-model.js';
export type {
  ChartModelOptions,
  CrosshairTarget,
  DrawnCandles,
  InvalidLayer,
} from './model/chart-model.js';
export type {
  ChartEvents,
  ChartMarker,
  ChartNotice,
  ChartTool,
  ChartZone,
  CrosshairInfo,
  LinePlacement,
  LineSeriesValue,
  ReferenceLine,
  ReplayOptions,
} from './model/events.js';
// Kept for one release so code written against it still compiles (see ChartZone).
// eslint-disable-next-line @typescript-eslint/no-deprecated
export type { RevealedZone } from './model/events.js';
export type { HomeViews, TimeframeSeries } from './model/series-set.js';
export type { LineSeriesOptions, VolumeOptions } from './model/line-series.js';
export { DARK_THEME, LIGHT_THEME, resolveTheme } from './render/themes.js';
export type { ChartColor, ChartTheme, ChartThemeInput } from './render/themes.js';
export type { ChartLine, LineRole } from './model/user-lines.js';
export type { ReplayState, ReplayStatus } from './model/replay.js';
export type {
  Candle,
  LinePoint,
  SessionOptions,
  Timeframe,
  PlotFrame,
  TimeWindow,
  ViewTarget,
  PriceZone,
  IndexViewport,
} from '@chart-kit/core';
