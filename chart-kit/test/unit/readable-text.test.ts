import { contrastRatio, readableTextOn } from '../../src/render/readable-text.js';
import { DARK_THEME, LIGHT_THEME } from '../../src/render/themes.js';

const INK = 0x101018;

describe('tag text contrast', () => {
  it('measures WCAG contrast: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio(0x000000, 0xffffff)).toBeCloseTo(21, 5);
    expect(contrastRatio(0x4f8cff, 0x4f8cff)).toBeCloseTo(1, 5);
  });

  it.each([
    ['dark', DARK_THEME],
    ['light', LIGHT_THEME],
  ])('every tag fill of the %s theme gets text at 4.5:1 or more', (_name, theme) => {
    const fills = [
      theme.revealedZone,
      theme.pulledLine,
      theme.line,
      theme.selectedLine,
      theme.crosshairTag,
    ];
    for (const fill of fills) {
      const text = readableTextOn(fill, [theme.tagText, theme.background, INK]);
      expect({ fill: fill.toString(16), ratio: contrastRatio(text, fill) >= 4.5 }).toEqual({
        fill: fill.toString(16),
        ratio: true,
      });
    }
  });
});
