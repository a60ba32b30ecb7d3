export { SeriesError, validateSeries } from './candle.js';
export type { Candle } from './candle.js';
