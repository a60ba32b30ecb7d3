import { DARK_THEME, LIGHT_THEME, resolveTheme, sameTheme } from '../../src/render/themes.js';

describe('themes: CSS colours and partial themes merged over a built-in one', () => {
  it('takes CSS colour strings in any syntax, and numbers as before', () => {
    const theme = resolveTheme({
      up: '#089981',
      down: 'rgb(242 54 69)',
      grid: 'hsl(240 20% 20%)',
      text: 'white',
      line: 0xf5b942,
      crosshair: '#abc',
    });
    expect(theme.up).toBe(0x089981);
    expect(theme.down).toBe(0xf23645);
    expect(theme.text).toBe(0xffffff);
    expect(theme.line).toBe(0xf5b942);
    expect(theme.crosshair).toBe(0xaabbcc);
    expect(theme.grid).toBe(0x29293d);
  });

  it('fills every field left out from the dark theme, or from the base given', () => {
    expect(resolveTheme()).toEqual(DARK_THEME);
    expect(resolveTheme({ up: 'teal' })).toEqual({ ...DARK_THEME, up: 0x008080 });
    expect(resolveTheme({ up: 'teal' }, LIGHT_THEME)).toEqual({ ...LIGHT_THEME, up: 0x008080 });
    // A whole built-in theme is a valid input too.
    expect(resolveTheme(LIGHT_THEME)).toEqual(LIGHT_THEME);
  });

  it('reads a translucent fill as its alpha, unless the alpha is given', () => {
    expect(resolveTheme({ revealedZone: 'rgba(41, 98, 255, 0.35)' })).toMatchObject({
      revealedZone: 0x2962ff,
      revealedZoneAlpha: 0.35,
    });
    expect(resolveTheme({ userZone: 'rgb(245 166 35 / 50%)', userZoneAlpha: 0.2 })).toMatchObject({
      userZone: 0xf5a623,
      userZoneAlpha: 0.2,
    });
    // Colours without an alpha field keep their colour only.
    expect(resolveTheme({ line: 'rgba(255, 0, 0, 0.5)' }).line).toBe(0xff0000);
  });

  it('names the field of a colour that is not one', () => {
    expect(() => resolveTheme({ up: 'tealish' })).toThrow(
      'theme.up: "tealish" is not a CSS colour',
    );
    expect(() => resolveTheme({ down: 0x1000000 })).toThrow(/theme\.down must be 0xRRGGBB/);
    expect(() => resolveTheme({ userZoneAlpha: 1.5 })).toThrow(/theme\.userZoneAlpha must be/);
    expect(() => resolveTheme({ upColor: 'red' } as never)).toThrow(
      /theme\.upColor is not a theme field/,
    );
  });

  it('compares themes by their colours', () => {
    expect(sameTheme(resolveTheme({ up: '#26a69a' }), DARK_THEME)).toBe(true);
    expect(sameTheme(LIGHT_THEME, DARK_THEME)).toBe(false);
  });
});
