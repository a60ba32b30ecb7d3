import { Texture } from 'pixi.js';

const SIZE = 16;
/** Entries are dropped and re-added once the palette is this full (animated alphas add many). */
const REFILL_AT = SIZE * SIZE - 32;

export interface PaletteEntry {
  u: number;
  v: number;
}

/**
 * Colours (with alpha) as texels of a small texture, so one mesh can hold rectangles of many
 * colours: each rectangle samples the centre of its colour's texel. Alpha is kept at the 8 bits a
 * texel has, so an animated fade adds at most 256 entries per colour.
 */
export class Palette {
  readonly texture: Texture;
  private readonly context: CanvasRenderingContext2D;
  private readonly entries = new Map<number, PaletteEntry>();
  private dirty = false;

  constructor() {
    const canvas = document.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas 2D context for the chart palette');
    this.context = context;
    this.texture = Texture.from(canvas);
    this.texture.source.scaleMode = 'nearest';
  }

  /** Clears the palette when nearly full; call before a layer writes its frame. */
  begin(): void {
    if (this.entries.size < REFILL_AT) return;
    this.entries.clear();
    this.context.clearRect(0, 0, SIZE, SIZE);
    this.dirty = true;
  }

  /** The texel of `color` (0xRRGGBB) at `alpha` (0..1), added if new. */
  entry(color: number, alpha = 1): PaletteEntry {
    const alphaByte = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
    const key = (color & 0xffffff) * 256 + alphaByte;
    let entry = this.entries.get(key);
    if (!entry) {
      const index = this.entries.size;
      const x = index % SIZE;
      const y = Math.floor(index / SIZE);
      const hex = (color & 0xffffff).toString(16).padStart(6, '0');
      this.context.clearRect(x, y, 1, 1);
      this.context.globalAlpha = alphaByte / 255;
      this.context.fillStyle = `#${hex}`;
      this.context.fillRect(x, y, 1, 1);
      entry = { u: (x + 0.5) / SIZE, v: (y + 0.5) / SIZE };
      this.entries.set(key, entry);
      this.dirty = true;
    }
    return entry;
  }

  /** Uploads the texels added since the last call. */
  end(): void {
    if (!this.dirty) return;
    this.texture.source.update();
    this.dirty = false;
  }

  destroy(): void {
    this.texture.destroy(true);
  }
}
