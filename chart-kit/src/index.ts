// chart-kit's engine: framework-agnostic, pixi.js on WebGL. Pure maths lives in `chart-kit/core`.
export { ChartEngine } from './engine/chart-engine.js';
export type {
  ChartEvents,
  ChartOptions,
  CrosshairInfo,
  ReplayOptions,
  RevealedZone,
  TimeframeSeries,
} from './engine/chart-engine.js';
export { DARK_THEME, LIGHT_THEME } from './engine/themes.js';
export type { ChartTheme } from './engine/themes.js';
export type { ChartLine } from './engine/user-lines.js';
export type { ReplayState, ReplayStatus } from './engine/replay.js';
export type { ChartTool } from './interaction/gestures.js';
export type { Candle } from './core/candle.js';
export type { Timeframe } from './core/aggregate.js';
export type { PriceZone } from './core/grade.js';
export type { IndexViewport } from './core/scales.js';
