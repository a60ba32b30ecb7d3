import { type BitmapFont, BitmapFontManager, DynamicBitmapFont, type TextureSource } from 'pixi.js';
import { packColor, type QuadLayer } from './frame-mesh.js';
import { LABEL_FONT_FAMILY, LABEL_FONT_SIZE } from './chart-style.js';
import { snapToDevicePixel } from './layout.js';

export { LABEL_FONT_SIZE };

/** The glyph atlas a label pool draws from. */
export interface LabelFont {
  /** Device pixels per CSS pixel the glyphs were drawn at. */
  resolution: number;
  font: BitmapFont;
  /** The atlas page the chart's shader samples: every glyph the chart draws is on it. */
  atlas: TextureSource;
}

/**
 * A bitmap font for `resolution`, installed once per page and shared by every chart: glyphs are
 * drawn into one texture once, and a changed label costs a few quads, never a new texture. The
 * glyphs are white: the shader takes only their coverage, and each quad has its own colour.
 */
export function labelFont(resolution: number): LabelFont {
  const rounded = Math.max(1, Math.ceil(resolution * 2) / 2);
  const name = `chart-kit-label@${rounded}`;
  let font = installed.get(name);
  if (!font) {
    font = BitmapFontManager.install({
      name,
      style: { fontFamily: LABEL_FONT_FAMILY, fontSize: LABEL_FONT_SIZE, fill: 0xffffff },
      chars: [[' ', '~'], '·–—'],
      resolution: rounded,
      // A monospace face has no kerning, and measuring every pair of glyphs (9,000 canvas
      // measureText calls) cost about 100 ms of the first frame.
      skipKerning: true,
    });
    installed.set(name, font);
  }
  // The chart draws from a single texture: at 11 px, pixi's 512 px page holds printable ASCII
  // with room to spare even at three device pixels per CSS pixel.
  const atlas = font.pages[0]?.texture.source;
  if (!atlas) throw new Error(`the label font ${name} has no atlas page`);
  return { resolution: rounded, font, atlas };
}

const installed = new Map<string, BitmapFont>();

export interface LabelOptions {
  color: number;
  /** 0 = left, 0.5 = centre, 1 = right edge at x. */
  anchorX?: number;
  /** 0 = top, 0.5 = middle, 1 = bottom edge at y. */
  anchorY?: number;
}

/** Size of a label as drawn, in CSS pixels. */
export interface LabelSize {
  width: number;
  height: number;
}

/** One glyph of a laid-out label, at its offsets in CSS pixels from the label's left and top. */
interface PlacedGlyph {
  left: number;
  top: number;
  width: number;
  height: number;
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** A label laid out once: its size and its glyphs, drawn again by moving them. */
interface GlyphRun extends LabelSize {
  /** From the label's top to the font's baseline offset, before snapping to device pixels. */
  baseline: number;
  glyphs: PlacedGlyph[];
}

/**
 * Labels laid out, by text. Axis labels repeat from frame to frame while a chart pans (and the
 * readout's digits change only some of the time): laying a label out walks its characters through
 * the font's glyph table, which at a few hundred characters a frame was a visible share of a pan
 * frame's work. A few hundred entries cover the axes, the tags and the readout.
 */
const MAX_CACHED_RUNS = 512;

/**
 * Single-line text labels written as glyph quads into a {@link QuadLayer}: a pan that changes
 * every axis label rewrites a few hundred quads and creates no object. Call `begin`, then `text`
 * for each label.
 */
export class LabelPool {
  private readonly runs = new Map<string, GlyphRun>();

  constructor(
    private readonly layer: QuadLayer,
    private readonly font: LabelFont,
  ) {}

  begin(): void {
    this.layer.begin();
  }

  /** The size `value` takes when drawn. */
  measure(value: string): Readonly<LabelSize> {
    return this.run(value);
  }

  /** Draws `value` with its anchor point at (x, y); returns its size. */
  text(value: string, x: number, y: number, options: LabelOptions): Readonly<LabelSize> {
    const { resolution } = this.font;
    const run = this.run(value);
    const color = packColor(options.color);
    const left = x - (options.anchorX ?? 0) * run.width;
    // Whole device pixels: glyphs sampled off the pixel grid come out blurred.
    const top = snapToDevicePixel(
      y - (options.anchorY ?? 0) * run.height + run.baseline,
      resolution,
    );
    for (const glyph of run.glyphs) {
      const glyphLeft = snapToDevicePixel(left + glyph.left, resolution);
      const glyphTop = top + glyph.top;
      this.layer.quad(
        glyphLeft,
        glyphTop,
        glyphLeft + glyph.width,
        glyphTop + glyph.height,
        glyph.u0,
        glyph.v0,
        glyph.u1,
        glyph.v1,
        color,
      );
    }
    return run;
  }

  private run(value: string): GlyphRun {
    const cached = this.runs.get(value);
    if (cached) return cached;
    const { font, resolution, atlas } = this.font;
    const scale = LABEL_FONT_SIZE / font.baseMeasurementFontSize;
    const chars: Partial<BitmapFont['chars']> = font.chars;
    const snap = (offset: number) => snapToDevicePixel(offset, resolution);
    const glyphs: PlacedGlyph[] = [];
    let pen = 0;
    for (const char of value) {
      // Outside the atlas (rare: it holds printable ASCII): drawn into it on first use.
      if (!chars[char] && font instanceof DynamicBitmapFont) font.ensureCharacters(char);
      const glyph = chars[char];
      if (!glyph) continue;
      const texture = glyph.texture;
      // A glyph on a second atlas page (only if a zone label brought hundreds of new characters)
      // is left out rather than drawn from the wrong texture.
      if (texture?.source === atlas) {
        const { uvs, orig } = texture;
        glyphs.push({
          left: (pen + glyph.xOffset) * scale,
          top: snap(glyph.yOffset * scale),
          width: orig.width * scale,
          height: orig.height * scale,
          u0: uvs.x0,
          v0: uvs.y0,
          u1: uvs.x2,
          v1: uvs.y2,
        });
      }
      pen += glyph.xAdvance;
    }
    const run: GlyphRun = {
      width: pen * scale,
      height: font.lineHeight * scale,
      baseline: font.baseLineOffset * scale,
      glyphs,
    };
    if (this.runs.size >= MAX_CACHED_RUNS) this.runs.clear();
    this.runs.set(value, run);
    return run;
  }
}
