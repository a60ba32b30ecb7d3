// chart-kit's engine: framework-agnostic, pixi.js on WebGL. Pure maths lives in `chart-kit/core`.
export { ChartEngine } from './engine/chart-engine.js';
export type { ChartEvents, ChartOptions } from './engine/chart-engine.js';
export { DARK_THEME, LIGHT_THEME } from './engine/themes.js';
export type { ChartTheme } from './engine/themes.js';
export type { Candle } from './core/candle.js';
export type { IndexViewport } from './core/scales.js';
