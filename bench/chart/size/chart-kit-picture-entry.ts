// What an app imports to draw a still chart-kit picture: Canvas 2D, no pixi.js.
export { drawChartPicture } from 'chart-kit/picture';
