// React bindings for chart-kit: hooks and a component over the framework-agnostic engine.
export { Chart } from './Chart.js';
export type { ChartProps } from './Chart.js';
export { useChart } from './use-chart.js';
export type { UseChartResult } from './use-chart.js';
