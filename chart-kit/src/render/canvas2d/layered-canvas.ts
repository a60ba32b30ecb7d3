import { LABEL_FONT_FAMILY, LABEL_FONT_SIZE } from '../chart-style.js';
import { type ChartLayerName, DRAW_ORDER } from '../draw-order.js';

/** The labels' font as a CSS font shorthand. */
export const LABEL_FONT = `${LABEL_FONT_SIZE}px ${LABEL_FONT_FAMILY}`;

export interface TextOptions {
  color: number;
  /** 0 = left, 0.5 = centre, 1 = right edge at x (as the WebGL label pool). */
  anchorX?: number;
  /** 0 = top, 0.5 = middle of the line at y. */
  anchorY?: number;
}

type Operation =
  | { kind: 'path'; path: Path2D; style: string }
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      style: string;
      align: CanvasTextAlign;
      baseline: CanvasTextBaseline;
    };

/** 0xRRGGBB at `alpha` as a canvas fill style. */
export function cssColor(color: number, alpha = 1): string {
  const red = (color >> 16) & 0xff;
  const green = (color >> 8) & 0xff;
  const blue = color & 0xff;
  return alpha >= 1 ? `rgb(${red} ${green} ${blue})` : `rgb(${red} ${green} ${blue} / ${alpha})`;
}

/**
 * The device pixel edge a GPU rasterises a quad's edge at `position` (CSS px) to: a pixel is
 * covered when its centre is inside the quad. Canvas 2D would instead blend a partly covered
 * pixel, a faint seam beside every edge off the pixel grid (a highlight band's sides).
 */
export function rasterEdge(position: number, devicePixelRatio: number): number {
  return Math.ceil(position * devicePixelRatio - 0.5) / devicePixelRatio;
}

/** Widths of texts in the label font, by text (the font is one constant). */
const labelWidths = new Map<string, number>();
const LABEL_WIDTHS_KEPT = 4_096;

/**
 * One layer of a {@link LayeredCanvas}: rectangles and texts in the order written. Consecutive
 * rectangles of one colour become one path and one fill (candles of a colour, dashes of a line).
 */
export class CanvasLayer {
  private readonly operations: Operation[] = [];
  private open: { path: Path2D; style: string } | undefined;

  constructor(
    private readonly measureContext: CanvasRenderingContext2D,
    private readonly devicePixelRatio: number,
  ) {}

  /** A solid rectangle covering the device pixels the WebGL renderer's quad covers. */
  rect(x: number, y: number, width: number, height: number, color: number, alpha = 1): void {
    if (!(width > 0 && height > 0) || alpha <= 0) return;
    const dpr = this.devicePixelRatio;
    const left = rasterEdge(x, dpr);
    const top = rasterEdge(y, dpr);
    const right = rasterEdge(x + width, dpr);
    const bottom = rasterEdge(y + height, dpr);
    if (right <= left || bottom <= top) return;
    const style = cssColor(color, alpha);
    if (this.open?.style !== style) {
      this.open = { path: new Path2D(), style };
      this.operations.push({ kind: 'path', ...this.open });
    }
    this.open.path.rect(left, top, right - left, bottom - top);
  }

  /** Fills a path built by the caller (e.g. every candle of a colour) in `color`. */
  fill(path: Path2D, color: number): void {
    this.open = undefined;
    this.operations.push({ kind: 'path', path, style: cssColor(color) });
  }

  /** What was written, in order. */
  get written(): readonly Operation[] {
    return this.operations;
  }

  /** Width of `value` in the label font, in CSS pixels. */
  measure(value: string): number {
    // Labels repeat from frame to frame (prices, times), and setting a context's font parses it
    // each time: a frame measures each text once in the page's life.
    let width = labelWidths.get(value);
    if (width === undefined) {
      this.measureContext.font = LABEL_FONT;
      width = this.measureContext.measureText(value).width;
      if (labelWidths.size >= LABEL_WIDTHS_KEPT) labelWidths.clear();
      labelWidths.set(value, width);
    }
    return width;
  }

  /** Writes `value` with its anchor point at (x, y); returns its width. */
  text(value: string, x: number, y: number, options: TextOptions): number {
    this.open = undefined;
    const anchorX = options.anchorX ?? 0;
    // On whole device pixels, as the WebGL label pool places its glyphs: off the grid they blur.
    const dpr = this.devicePixelRatio;
    this.operations.push({
      kind: 'text',
      text: value,
      x: Math.round(x * dpr) / dpr,
      y: Math.round(y * dpr) / dpr,
      style: cssColor(options.color),
      align: anchorX === 0 ? 'left' : anchorX === 1 ? 'right' : 'center',
      baseline: (options.anchorY ?? 0) === 0 ? 'top' : 'middle',
    });
    return this.measure(value);
  }
}

/**
 * The chart's layers of {@link DRAW_ORDER} on a Canvas 2D context: each part of the chart writes
 * into its own layer in any order, and `paint` draws them back to front, as the WebGL mesh does,
 * so a zone's edge written with the overlay still lands above the candles.
 */
export class LayeredCanvas {
  private readonly layers = new Map<ChartLayerName, CanvasLayer>();

  constructor(
    private readonly context: CanvasRenderingContext2D,
    private readonly devicePixelRatio: number,
  ) {}

  layer(name: ChartLayerName): CanvasLayer {
    let layer = this.layers.get(name);
    if (!layer) {
      layer = new CanvasLayer(this.context, this.devicePixelRatio);
      this.layers.set(name, layer);
    }
    return layer;
  }

  /** Draws every layer back to front, in CSS pixels (the context's transform scales them). */
  paint(): void {
    const { context } = this;
    context.font = LABEL_FONT;
    for (const name of DRAW_ORDER) {
      for (const operation of this.layers.get(name)?.written ?? []) {
        context.fillStyle = operation.style;
        if (operation.kind === 'path') {
          context.fill(operation.path);
        } else {
          context.textAlign = operation.align;
          context.textBaseline = operation.baseline;
          context.fillText(operation.text, operation.x, operation.y);
        }
      }
    }
  }
}
