// Real 5-minute bars shipped with the course, for Node only (the loader reads files): the API's
// real-chart practice, the real-rates report and the calibration tests. Browser code imports the
// pure parts from the package's main entry.
export { loadRealSample, REAL_BARS_DIR } from './load-real-sample.js';
export type { RealSample, RealSymbolEntry } from './load-real-sample.js';
export {
  parseRealBars,
  REAL_BAR_SECONDS,
  REAL_BARS_HEADER,
  RealDataError,
} from './parse-real-bars.js';
export type { RealSession } from './parse-real-bars.js';
export { realSeriesBySymbol } from './series.js';
