import { Container, Mesh, MeshGeometry, Texture } from 'pixi.js';

/**
 * The candles to draw this frame, one entry per screen column: either single candles or, zoomed
 * out, min/max merges of several (level of detail). Columns are evenly spaced.
 */
export interface CandleColumns {
  count: number;
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
}

export interface CandleLayout {
  /** x of the first column's centre, in CSS pixels. */
  firstCenterX: number;
  /** Distance between two column centres, in CSS pixels. */
  columnStep: number;
  priceToY: (price: number) => number;
  devicePixelRatio: number;
}

/** Per-column positions for {@link CandleLayer.updateFree}. */
export interface FreeColumns {
  centers: ArrayLike<number>;
  /** Width of each candle's slot; the body takes 70% of it. */
  slotWidths: ArrayLike<number>;
}

export interface FreeLayout {
  priceToY: (price: number) => number;
  devicePixelRatio: number;
}

export interface CandleColors {
  up: number;
  down: number;
}

const VERTICES_PER_QUAD = 4;
const QUADS_PER_CANDLE = 2; // body and wick
const FLOATS_PER_CANDLE = QUADS_PER_CANDLE * VERTICES_PER_QUAD * 2;
const BODY_WIDTH_FRACTION = 0.7;

/**
 * One growable vertex buffer of quads drawn with a single tinted mesh, limited to the quads in use;
 * nothing is reallocated while the capacity suffices.
 */
class QuadBatch {
  readonly mesh: Mesh;
  private readonly geometry: MeshGeometry;
  private positions: Float32Array;
  private capacity: number;
  private used = 0;
  private previouslyUsed = 0;

  constructor(tint: number, initialCandles: number) {
    this.capacity = initialCandles;
    this.positions = new Float32Array(initialCandles * FLOATS_PER_CANDLE);
    this.geometry = new MeshGeometry({
      positions: this.positions,
      uvs: new Float32Array(this.positions.length),
      indices: quadIndices(initialCandles * QUADS_PER_CANDLE),
    });
    this.mesh = new Mesh({ geometry: this.geometry, texture: Texture.WHITE });
    this.mesh.tint = tint;
  }

  set tint(value: number) {
    this.mesh.tint = value;
  }

  begin(candles: number): void {
    if (candles > this.capacity) this.grow(candles);
    this.previouslyUsed = this.used;
    this.used = 0;
  }

  /** Appends an axis-aligned rectangle in CSS pixels. */
  rect(left: number, top: number, right: number, bottom: number): void {
    const p = this.positions;
    let i = this.used * VERTICES_PER_QUAD * 2;
    p[i++] = left;
    p[i++] = top;
    p[i++] = right;
    p[i++] = top;
    p[i++] = right;
    p[i++] = bottom;
    p[i++] = left;
    p[i] = bottom;
    this.used++;
  }

  end(): void {
    if (this.previouslyUsed > this.used) {
      this.positions.fill(0, this.used * 8, this.previouslyUsed * 8);
    }
    this.geometry.getBuffer('aPosition').update();
    // Draw only the quads written this frame: the rasteriser (software on many machines) pays for
    // every collapsed quad too. An empty batch is hidden, as indexCount 0 means "all indices".
    this.geometry.indexCount = this.used * 6;
    this.mesh.visible = this.used > 0;
  }

  private grow(candles: number): void {
    const capacity = Math.max(candles, this.capacity * 2);
    this.capacity = capacity;
    this.positions = new Float32Array(capacity * FLOATS_PER_CANDLE);
    this.geometry.positions = this.positions;
    this.geometry.uvs = new Float32Array(this.positions.length);
    this.geometry.indices = quadIndices(capacity * QUADS_PER_CANDLE);
    this.used = 0;
    this.previouslyUsed = 0;
  }

  destroy(): void {
    this.mesh.destroy({ children: true });
    this.geometry.destroy();
  }
}

function quadIndices(quads: number): Uint32Array {
  const indices = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    const v = q * 4;
    indices.set([v, v + 1, v + 2, v, v + 2, v + 3], q * 6);
  }
  return indices;
}

/** Candle bodies and wicks: two meshes (up and down colour), rewritten only when the view changes. */
export class CandleLayer {
  readonly view = new Container({ label: 'candles' });
  private readonly up: QuadBatch;
  private readonly down: QuadBatch;

  constructor(colors: CandleColors, initialCandles = 4096) {
    this.up = new QuadBatch(colors.up, initialCandles);
    this.down = new QuadBatch(colors.down, initialCandles);
    this.view.addChild(this.up.mesh, this.down.mesh);
  }

  setColors(colors: CandleColors): void {
    this.up.tint = colors.up;
    this.down.tint = colors.down;
  }

  update(columns: CandleColumns, layout: CandleLayout): void {
    const { count, open, high, low, close } = columns;
    const { firstCenterX, columnStep, priceToY, devicePixelRatio } = layout;
    const devicePixel = 1 / devicePixelRatio;
    const snap = (value: number) => Math.round(value * devicePixelRatio) / devicePixelRatio;
    const bodyHalf = Math.max(snap((columnStep * BODY_WIDTH_FRACTION) / 2), devicePixel / 2);
    const wickWidth = columnStep >= 3 ? Math.max(devicePixel, snap(1)) : devicePixel;

    this.up.begin(count);
    this.down.begin(count);
    for (let i = 0; i < count; i++) {
      this.candle(
        firstCenterX + i * columnStep,
        bodyHalf,
        wickWidth,
        open[i] ?? 0,
        high[i] ?? 0,
        low[i] ?? 0,
        close[i] ?? 0,
        priceToY,
        devicePixelRatio,
      );
    }
    this.up.end();
    this.down.end();
  }

  /**
   * Draws candles at arbitrary centres and widths (`centers` and `slotWidths` in CSS pixels), for
   * animations such as the timeframe morph where candles are not evenly spaced.
   */
  updateFree(columns: CandleColumns & FreeColumns, layout: FreeLayout): void {
    const { count, open, high, low, close, centers, slotWidths } = columns;
    const { priceToY, devicePixelRatio } = layout;
    const devicePixel = 1 / devicePixelRatio;
    const snap = (value: number) => Math.round(value * devicePixelRatio) / devicePixelRatio;
    this.up.begin(count);
    this.down.begin(count);
    for (let i = 0; i < count; i++) {
      const slot = slotWidths[i] ?? 1;
      this.candle(
        centers[i] ?? 0,
        Math.max(snap((slot * BODY_WIDTH_FRACTION) / 2), devicePixel / 2),
        slot >= 3 ? Math.max(devicePixel, snap(1)) : devicePixel,
        open[i] ?? 0,
        high[i] ?? 0,
        low[i] ?? 0,
        close[i] ?? 0,
        priceToY,
        devicePixelRatio,
      );
    }
    this.up.end();
    this.down.end();
  }

  private candle(
    centerX: number,
    bodyHalf: number,
    wickWidth: number,
    o: number,
    h: number,
    l: number,
    c: number,
    priceToY: (price: number) => number,
    devicePixelRatio: number,
  ): void {
    const devicePixel = 1 / devicePixelRatio;
    // Snap to device pixels so bodies have crisp edges and one-pixel wicks stay one pixel.
    const snap = (value: number) => Math.round(value * devicePixelRatio) / devicePixelRatio;
    const batch = c >= o ? this.up : this.down;
    // Work in device pixels: the wick takes the pixel column that holds the true centre and the
    // body extends the same number of whole pixels either side, so every candle is symmetric.
    const column = Math.floor(centerX * devicePixelRatio);
    const wickPixels = Math.max(1, Math.round(wickWidth * devicePixelRatio));
    const wickLeft = (column - Math.floor((wickPixels - 1) / 2)) / devicePixelRatio;
    const bodySide = Math.max(0, Math.round(bodyHalf * devicePixelRatio - 0.5));
    const highY = snap(priceToY(h));
    const lowY = snap(priceToY(l));
    let bodyTop = snap(priceToY(Math.max(o, c)));
    let bodyBottom = snap(priceToY(Math.min(o, c)));
    // A doji still shows a one-pixel body.
    if (bodyBottom - bodyTop < devicePixel) {
      bodyTop = snap(bodyTop);
      bodyBottom = bodyTop + devicePixel;
    }
    batch.rect(
      wickLeft,
      highY,
      wickLeft + wickPixels / devicePixelRatio,
      Math.max(lowY, highY + devicePixel),
    );
    batch.rect(
      (column - bodySide) / devicePixelRatio,
      bodyTop,
      (column + 1 + bodySide) / devicePixelRatio,
      bodyBottom,
    );
  }

  destroy(): void {
    this.up.destroy();
    this.down.destroy();
    this.view.destroy();
  }
}
