/**
 * Sizes, insets and opacities of what the chart draws, shared by every renderer (the WebGL layers
 * and the Canvas 2D painter), so that a chart looks the same whichever draws it. Colours are the
 * theme's (themes.ts).
 */

/** The labels' face: a monospace one, so a label's width is its length times one advance. */
export const LABEL_FONT_FAMILY =
  'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';
/** Font size of every chart label, in CSS pixels. */
export const LABEL_FONT_SIZE = 11;

/** Gap between the price axis' border and its labels (and the text on its tags). */
export const PRICE_LABEL_INSET = 8;
/** Length of an axis' tick marks into its panel. */
export const AXIS_TICK_LENGTH = 4;
/** Top of the time axis' labels below the plot. */
export const TIME_LABEL_TOP = 6;

/** Opacity of volume bars: the candles' colours, quieter than the candles above them. */
export const VOLUME_ALPHA = 0.5;

/** Opacity of role bands: light enough to read the candles through. */
export const BAND_ALPHA = 0.16;
/** Advance of one glyph of the label font, to right-align a role's name. */
export const ROLE_LABEL_CHAR_PX = 7;
/** A role's name ends this far left of the plot's right edge. */
export const ROLE_LABEL_RIGHT_GAP = 16;
/** A name written above its line has its top this far above the line. */
export const LABEL_ABOVE_LINE = 16;
/** The zone label's default distance from the plot's left edge, and its top below the zone's. */
export const ZONE_LABEL_INSET = 8;
export const ZONE_LABEL_TOP = 4;
/** At most this many highlight bands are drawn; more would be a band across the whole view. */
export const MAX_HIGHLIGHT_BANDS = 512;
/** Thickness of pulled and reference lines, in CSS pixels (at least a device pixel). */
export const MARK_LINE_WIDTH = 1.5;
/** Side and offset of a selected line's grab handles. */
export const HANDLE_SIZE = 8;
export const HANDLE_INSET = 4;

/** Padding around the crosshair's OHLC readout, and its corner's distance from the plot's. */
export const READOUT_PADDING = 4;
export const READOUT_INSET = 8;
/** Opacity of the readout's backing. */
export const READOUT_BACKING_ALPHA = 0.85;
/** Side of the magnet's square marker, and of the background square inside it. */
export const SNAP_MARKER_SIZE = 9;
export const SNAP_MARKER_HOLE = 5;
/** Extra width of the crosshair's time tag around its text. */
export const TIME_TAG_PADDING = 12;
/** Top of the time tag's text below the plot. */
export const TIME_TAG_TEXT_TOP = 3;

/** Near-black text, for light tag fills on a light theme (white on amber reads at 2.8:1). */
export const INK = 0x101018;
