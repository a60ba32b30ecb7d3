/** Colours of every layer; numbers are 0xRRGGBB. */
export interface ChartTheme {
  background: number;
  up: number;
  down: number;
  grid: number;
  text: number;
}

/** The course's dark chart (background #13131F, up #26a69a, down #ef5350). */
export const DARK_THEME: ChartTheme = {
  background: 0x13131f,
  up: 0x26a69a,
  down: 0xef5350,
  grid: 0x25253a,
  text: 0xa6a6bd,
};

export const LIGHT_THEME: ChartTheme = {
  background: 0xffffff,
  up: 0x26a69a,
  down: 0xef5350,
  grid: 0xe6e6ee,
  text: 0x4a4a5e,
};
