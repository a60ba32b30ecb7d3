import { BitmapFont, BitmapText, Container } from 'pixi.js';

const FONT_FAMILY =
  'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';
/** Font size of every chart label, in CSS pixels. */
export const LABEL_FONT_SIZE = 11;

/**
 * Name of a bitmap font for `resolution`, installed once per page and shared by every chart: glyphs
 * are drawn into one texture once, and a changed label costs a layout, never a new texture. The
 * glyphs are white so each label takes its colour from its tint.
 */
export function labelFont(resolution: number): string {
  const rounded = Math.max(1, Math.ceil(resolution * 2) / 2);
  const name = `chart-kit-label@${rounded}`;
  if (!installed.has(name)) {
    BitmapFont.install({
      name,
      style: { fontFamily: FONT_FAMILY, fontSize: LABEL_FONT_SIZE, fill: 0xffffff },
      chars: [[' ', '~'], '·–—'],
      resolution: rounded,
    });
    installed.add(name);
  }
  return name;
}

const installed = new Set<string>();

export interface LabelOptions {
  color: number;
  /** 0 = left, 0.5 = centre, 1 = right edge at x. */
  anchorX?: number;
  /** 0 = top, 0.5 = middle, 1 = bottom edge at y. */
  anchorY?: number;
}

/**
 * Text labels reused frame to frame, like {@link RectPool}: a pan that changes every axis label
 * rewrites their strings but creates no object.
 */
export class LabelPool {
  readonly view: Container;
  private readonly labels: BitmapText[] = [];
  private used = 0;

  constructor(
    label: string,
    private fontName: string,
  ) {
    this.view = new Container({ label });
  }

  setFont(fontName: string): void {
    if (fontName === this.fontName) return;
    this.fontName = fontName;
    for (const text of this.labels) text.style.fontFamily = fontName;
  }

  begin(): void {
    this.used = 0;
  }

  text(value: string, x: number, y: number, options: LabelOptions): BitmapText {
    let label = this.labels[this.used];
    if (!label) {
      label = new BitmapText({
        text: '',
        style: { fontFamily: this.fontName, fontSize: LABEL_FONT_SIZE },
      });
      this.labels.push(label);
      this.view.addChild(label);
    }
    this.used++;
    label.visible = true;
    if (label.text !== value) label.text = value;
    label.anchor.set(options.anchorX ?? 0, options.anchorY ?? 0);
    label.position.set(Math.round(x), Math.round(y));
    label.tint = options.color;
    return label;
  }

  end(): void {
    for (let i = this.used; i < this.labels.length; i++) {
      const label = this.labels[i];
      if (label) label.visible = false;
    }
  }
}
