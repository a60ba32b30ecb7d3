import { LINE_SERIES_COLORS } from './line-series-geometry.js';
import { type ChartColor, resolveColor } from './themes.js';

/** Colours already parsed, by the string given: a frame parses none again. */
const parsed = new Map<string, number>();
const PARSED_KEPT = 256;

/**
 * A line series' colour as 0xRRGGBB: the one given (a CSS colour or a number), else the default
 * for its place. A colour that is not one was refused when the series was set (see
 * ChartEngine.setLineSeries), so this never throws for a chart's series.
 */
export function lineSeriesColor(color: ChartColor | undefined, place: number): number {
  if (color === undefined) {
    return LINE_SERIES_COLORS[place % LINE_SERIES_COLORS.length] ?? LINE_SERIES_COLORS[0] ?? 0;
  }
  if (typeof color === 'number') return color;
  let rgb = parsed.get(color);
  if (rgb === undefined) {
    rgb = resolveColor('color', color);
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(color, rgb);
  }
  return rgb;
}
