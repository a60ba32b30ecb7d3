/** Colours of every layer; numbers are 0xRRGGBB. */
export interface ChartTheme {
  background: number;
  up: number;
  down: number;
  grid: number;
  /** Axis labels and the OHLC readout. */
  text: number;
  /** Background of the price and time axis panels. */
  axisBackground: number;
  /** The axis panels' border line. */
  axisBorder: number;
  crosshair: number;
  /** Background of the crosshair's price and time tags. */
  crosshairTag: number;
  /** Text on coloured tags (crosshair, line prices). */
  tagText: number;
  /** The user's horizontal lines. */
  line: number;
  /** A selected user line (drawn thicker too). */
  selectedLine: number;
  /** Fill of the box between the user's first two lines, drawn at `userZoneAlpha`. */
  userZone: number;
  userZoneAlpha: number;
  /** Fill and edges of the revealed (correct) zone, drawn at `revealedZoneAlpha`. */
  revealedZone: number;
  revealedZoneAlpha: number;
  /** Lines carried over from an earlier chart (dashed, not draggable). */
  pulledLine: number;
  /** Band behind highlighted candles, drawn at `highlightAlpha`. */
  highlight: number;
  highlightAlpha: number;
}

/** The course's dark chart (background #13131F, up #26a69a, down #ef5350). */
export const DARK_THEME: ChartTheme = {
  background: 0x13131f,
  up: 0x26a69a,
  down: 0xef5350,
  grid: 0x22223a,
  text: 0xb2b2c8,
  axisBackground: 0x13131f,
  axisBorder: 0x36364f,
  crosshair: 0x8a8aa6,
  crosshairTag: 0x3a3a55,
  tagText: 0xffffff,
  line: 0xf5b942,
  selectedLine: 0xffd97a,
  userZone: 0xf5b942,
  userZoneAlpha: 0.14,
  revealedZone: 0x4f8cff,
  revealedZoneAlpha: 0.28,
  pulledLine: 0xc77dff,
  highlight: 0xffffff,
  highlightAlpha: 0.1,
};

export const LIGHT_THEME: ChartTheme = {
  background: 0xffffff,
  up: 0x26a69a,
  down: 0xef5350,
  grid: 0xececf2,
  text: 0x4a4a5e,
  axisBackground: 0xffffff,
  axisBorder: 0xd0d0dc,
  crosshair: 0x70708a,
  crosshairTag: 0x4a4a5e,
  tagText: 0xffffff,
  line: 0xd98a00,
  selectedLine: 0x9c5f00,
  userZone: 0xf5a623,
  userZoneAlpha: 0.16,
  revealedZone: 0x2962ff,
  revealedZoneAlpha: 0.2,
  pulledLine: 0x8e44ad,
  highlight: 0x2962ff,
  highlightAlpha: 0.08,
};
