import {
  type BitmapFont,
  BitmapFontManager,
  Container,
  DynamicBitmapFont,
  type Texture,
} from 'pixi.js';
import { QuadMesh } from './quad-mesh.js';

const FONT_FAMILY =
  'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';
/** Font size of every chart label, in CSS pixels. */
export const LABEL_FONT_SIZE = 11;

/** The glyph atlas a label pool draws from. */
export interface LabelFont {
  name: string;
  /** Device pixels per CSS pixel the glyphs were drawn at. */
  resolution: number;
  font: BitmapFont;
}

/**
 * A bitmap font for `resolution`, installed once per page and shared by every chart: glyphs are
 * drawn into one texture once, and a changed label costs a few quads, never a new texture. The
 * glyphs are white so each label takes its colour from its mesh's tint.
 */
export function labelFont(resolution: number): LabelFont {
  const rounded = Math.max(1, Math.ceil(resolution * 2) / 2);
  const name = `chart-kit-label@${rounded}`;
  let font = installed.get(name);
  if (!font) {
    font = BitmapFontManager.install({
      name,
      style: { fontFamily: FONT_FAMILY, fontSize: LABEL_FONT_SIZE, fill: 0xffffff },
      chars: [[' ', '~'], '·–—'],
      resolution: rounded,
      // A monospace face has no kerning, and measuring every pair of glyphs (9,000 canvas
      // measureText calls) cost about 100 ms of the first frame.
      skipKerning: true,
    });
    installed.set(name, font);
  }
  return { name, resolution: rounded, font };
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
 * Single-line text labels written as glyph quads into one mesh per colour and atlas page (see
 * {@link QuadMesh}): a pan that changes every axis label rewrites a few hundred quads and creates
 * no object. Call `begin`, then `text` for each label, then `end`.
 */
export class LabelPool {
  readonly view: Container;
  private readonly meshes = new Map<string, QuadMesh>();
  constructor(
    label: string,
    private readonly font: LabelFont,
  ) {
    this.view = new Container({ label });
  }

  begin(): void {
    for (const mesh of this.meshes.values()) mesh.begin();
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
    const { font, resolution } = this.font;
    const scale = LABEL_FONT_SIZE / font.baseMeasurementFontSize;
    const chars: Partial<BitmapFont['chars']> = font.chars;
    const size = this.measure(value);
    const { width, height } = size;
    // Whole device pixels: glyphs sampled off the pixel grid come out blurred.
    const snap = (value: number) => Math.round(value * resolution) / resolution;
    const left = x - (options.anchorX ?? 0) * width;
    const top = snap(y - (options.anchorY ?? 0) * height + font.baseLineOffset * scale);
    let pen = 0;
    // Every glyph of a label is usually on one atlas page: the mesh is looked up once per page.
    let mesh: QuadMesh | undefined;
    for (const char of value) {
      const glyph = chars[char];
      if (!glyph) continue;
      const texture = glyph.texture;
      if (texture) {
        const { uvs, orig } = texture;
        const glyphLeft = snap(left + (pen + glyph.xOffset) * scale);
        const glyphTop = top + snap(glyph.yOffset * scale);
        if (mesh?.mesh.texture.source !== texture.source)
          mesh = this.meshFor(options.color, texture);
        mesh.texturedQuad(
          glyphLeft,
          glyphTop,
          glyphLeft + orig.width * scale,
          glyphTop + orig.height * scale,
          uvs.x0,
          uvs.y0,
          uvs.x2,
          uvs.y2,
        );
      }
      pen += glyph.xAdvance;
    }
    return size;
  }

  end(): void {
    for (const mesh of this.meshes.values()) mesh.end();
  }

  destroy(): void {
    for (const mesh of this.meshes.values()) mesh.destroy();
    this.meshes.clear();
    this.view.destroy();
  }

  private meshFor(color: number, texture: Texture): QuadMesh {
    const key = `${color}:${texture.source.uid}`;
    let mesh = this.meshes.get(key);
    if (!mesh) {
      // The whole atlas page: glyph UVs are relative to it (a glyph's own texture is cropped).
      const page = this.font.font.pages.find(
        (candidate) => candidate.texture.source === texture.source,
      );
      mesh = new QuadMesh(page?.texture ?? texture, `${this.view.label}-${color.toString(16)}`);
      mesh.tint = color;
      mesh.begin();
      this.meshes.set(key, mesh);
      this.view.addChild(mesh.mesh);
    }
    return mesh;
  }
}
