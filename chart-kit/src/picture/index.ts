// chart-kit/picture: still charts drawn with Canvas 2D, without pixi.js or a WebGL context.
export { chartPictureModel, drawChartPicture, paintChartPicture } from './draw-chart-picture.js';
export type { ChartPictureOptions, PictureSize } from './draw-chart-picture.js';
export { ChartDataError } from '../model/chart-data-error.js';
export { DARK_THEME, LIGHT_THEME, resolveTheme } from '../render/themes.js';
export type { ChartColor, ChartTheme, ChartThemeInput } from '../render/themes.js';
export type { Candle } from '@chart-kit/core';
export type { ChartMarker, ChartZone, ReferenceLine } from '../model/events.js';
// Kept for one release so code written against it still compiles (see ChartZone).
// eslint-disable-next-line @typescript-eslint/no-deprecated
export type { RevealedZone } from '../model/events.js';
