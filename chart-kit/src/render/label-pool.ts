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

/**
 * Single-line text labels written as glyph quads into a {@link QuadLayer}: a pan that changes
 * every axis label rewrites a few hundred quads and creates no object. Call `begin`, then `text`
 * for each label.
 */
export class LabelPool {
  constructor(
    private readonly layer: QuadLayer,
    private readonly font: LabelFont,
  ) {}

  begin(): void {
    this.layer.begin();
  }

  /** The size `value` takes when drawn. */
  measure(value: string): LabelSize {
    const { font } = this.font;
    const scale = LABEL_FONT_SIZE / font.baseMeasurementFontSize;
    const chars: Partial<BitmapFont['chars']> = font.chars;
    let advance = 0;
    for (const char of value) {
      // Outside the atlas (rare: it holds printable ASCII): drawn into it on first use.
      if (!chars[char] && font instanceof DynamicBitmapFont) font.ensureCharacters(char);
      advance += chars[char]?.xAdvance ?? 0;
    }
    return { width: advance * scale, height: font.lineHeight * scale };
  }

  /** Draws `value` with its anchor point at (x, y); returns its size. */
  text(value: string, x: number, y: number, options: LabelOptions): LabelSize {
    const { font, resolution, atlas } = this.font;
    const scale = LABEL_FONT_SIZE / font.baseMeasurementFontSize;
    const chars: Partial<BitmapFont['chars']> = font.chars;
    const size = this.measure(value);
    const { width, height } = size;
    const color = packColor(options.color);
    // Whole device pixels: glyphs sampled off the pixel grid come out blurred.
    const snap = (value: number) => snapToDevicePixel(value, resolution);
    const left = x - (options.anchorX ?? 0) * width;
    const top = snap(y - (options.anchorY ?? 0) * height + font.baseLineOffset * scale);
    let pen = 0;
    for (const char of value) {
      const glyph = chars[char];
      if (!glyph) continue;
      const texture = glyph.texture;
      // A glyph on a second atlas page (only if a zone label brought hundreds of new characters)
      // is left out rather than drawn from the wrong texture.
      if (texture?.source === atlas) {
        const { uvs, orig } = texture;
        const glyphLeft = snap(left + (pen + glyph.xOffset) * scale);
        const glyphTop = top + snap(glyph.yOffset * scale);
        this.layer.quad(
          glyphLeft,
          glyphTop,
          glyphLeft + orig.width * scale,
          glyphTop + orig.height * scale,
          uvs.x0,
          uvs.y0,
          uvs.x2,
          uvs.y2,
          color,
        );
      }
      pen += glyph.xAdvance;
    }
    return size;
  }
}
