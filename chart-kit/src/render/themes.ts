import { color } from 'd3-color';

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

/** A colour: a CSS colour string ('#26a69a', 'rgb(38 166 154)', 'teal') or a 0xRRGGBB number. */
export type ChartColor = string | number;

type AlphaKey = 'userZoneAlpha' | 'revealedZoneAlpha' | 'highlightAlpha';
type ColorKey = Exclude<keyof ChartTheme, AlphaKey>;

/**
 * A theme as an app writes it: any of {@link ChartTheme}'s fields, colours as CSS strings or
 * numbers; the fields left out come from the built-in theme it is merged over (`DARK_THEME`
 * unless said otherwise). A translucent CSS colour for a fill that has an alpha field
 * (`userZone`, `revealedZone`, `highlight`) sets that alpha too, unless the alpha is given.
 */
export type ChartThemeInput = Partial<Record<ColorKey, ChartColor>> &
  Partial<Record<AlphaKey, number>>;

const ALPHA_OF: Partial<Record<ColorKey, AlphaKey>> = {
  userZone: 'userZoneAlpha',
  revealedZone: 'revealedZoneAlpha',
  highlight: 'highlightAlpha',
};

const THEME_KEYS = Object.keys(DARK_THEME) as (keyof ChartTheme)[];

/**
 * The complete theme `input` describes, merged over `base`. Throws a TypeError naming the field
 * for a colour that is not one (an unknown CSS name, a number outside 0x000000-0xffffff), an alpha
 * outside 0-1, or a field that no theme has.
 */
export function resolveTheme(
  input: ChartThemeInput = {},
  base: ChartTheme = DARK_THEME,
): ChartTheme {
  const theme: ChartTheme = { ...base };
  for (const key of Object.keys(input)) {
    if (!(THEME_KEYS as string[]).includes(key)) {
      throw new TypeError(`theme.${key} is not a theme field (fields: ${THEME_KEYS.join(', ')})`);
    }
  }
  for (const key of THEME_KEYS) {
    const value = (input as Record<string, ChartColor | undefined>)[key];
    if (value === undefined) continue;
    if (key.endsWith('Alpha')) {
      if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
        throw new TypeError(`theme.${key} must be a number from 0 to 1 (${String(value)})`);
      }
      theme[key] = value;
      continue;
    }
    const { rgb, opacity } = parseColor(key, value);
    theme[key] = rgb;
    const alphaKey = ALPHA_OF[key as ColorKey];
    if (alphaKey && opacity < 1 && input[alphaKey] === undefined) theme[alphaKey] = opacity;
  }
  return theme;
}

/** True when both describe the same colours: a re-render with an equal theme draws nothing new. */
export function sameTheme(a: ChartTheme, b: ChartTheme): boolean {
  return THEME_KEYS.every((key) => a[key] === b[key]);
}

/**
 * A colour given as a CSS string or 0xRRGGBB number, as 0xRRGGBB (its alpha dropped). Throws a
 * TypeError naming `field` for a value that is not a colour.
 */
export function resolveColor(field: string, value: ChartColor): number {
  return parseColor(field, value).rgb;
}

function parseColor(key: string, value: ChartColor): { rgb: number; opacity: number } {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffff) {
      throw new TypeError(`${fieldName(key)} must be 0xRRGGBB or a CSS colour (${String(value)})`);
    }
    return { rgb: value, opacity: 1 };
  }
  const parsed = typeof value === 'string' ? (color(value) ?? color(commaSyntax(value))) : null;
  if (!parsed) {
    throw new TypeError(`${fieldName(key)}: ${JSON.stringify(value)} is not a CSS colour`);
  }
  const { r, g, b, opacity } = parsed.rgb();
  const channel = (c: number) => Math.max(0, Math.min(255, Math.round(c)));
  return { rgb: (channel(r) << 16) | (channel(g) << 8) | channel(b), opacity };
}

/** A theme field's key as `theme.up`; any other field (a line series' colour) as given. */
function fieldName(key: string): string {
  return (THEME_KEYS as string[]).includes(key) ? `theme.${key}` : key;
}

/**
 * CSS Colors 4's space-separated `rgb(242 54 69 / 50%)` and `hsl(...)` in the comma syntax d3-color
 * reads (`rgba(242, 54, 69, 0.5)`); anything else unchanged.
 */
function commaSyntax(value: string): string {
  const match = /^\s*(rgb|hsl)a?\(\s*([^,)]+?)\s*\)\s*$/i.exec(value);
  if (!match?.[1] || !match[2]) return value;
  const [channels = '', alpha] = match[2].split('/').map((part) => part.trim());
  const parts = channels.split(/\s+/);
  if (parts.length !== 3) return value;
  if (alpha === undefined) return `${match[1]}(${parts.join(', ')})`;
  const opacity = alpha.endsWith('%') ? Number(alpha.slice(0, -1)) / 100 : Number(alpha);
  return `${match[1]}a(${parts.join(', ')}, ${String(opacity)})`;
}
