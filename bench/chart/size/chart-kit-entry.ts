// What an app imports to draw a chart-kit chart: the engine (pixi.js parts it uses come along).
export { ChartEngine } from 'chart-kit';
