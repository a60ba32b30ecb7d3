// Pure chart maths: no DOM and no pixi.js, so the API can import it under Node.
export { SeriesError, validateSeries } from './candle.js';
export type { Candle } from './candle.js';
