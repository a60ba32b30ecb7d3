// React bindings for chart-kit: hooks and a component over the framework-agnostic engine.
export { Chart } from './Chart.js';
export type { ChartProps } from './Chart.js';
export { ChartPicture } from './ChartPicture.js';
export type { ChartPictureProps } from './ChartPicture.js';
export type { ChartError } from '../engine/chart-error.js';
export { useChart } from './use-chart.js';
export type { UseChartOptions, UseChartResult } from './use-chart.js';
export { useChartEvent } from './use-chart-event.js';
export { useLines, useZoneDrawing } from './use-lines.js';
export type { UseLinesResult, UseZoneDrawingResult } from './use-lines.js';
export { useTimeframe } from './use-timeframe.js';
export type { UseTimeframeResult } from './use-timeframe.js';
export { useReplay } from './use-replay.js';
export type { UseReplayResult } from './use-replay.js';
