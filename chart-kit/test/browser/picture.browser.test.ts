import type { Page } from 'playwright-core';
import type { Candle } from '@chart-kit/core';
import type { ChartPictureOptions } from '../../src/picture/index.js';
import { type BrowserFixture, openFixture } from './harness.js';
import { hex, type Rgb } from './series.js';

/** Even candles rise 100 -> 104, odd ones fall 104 -> 100; wicks one unit beyond. */
const CANDLES: Candle[] = Array.from({ length: 10 }, (_, i) => {
  const up = i % 2 === 0;
  return {
    time: 1_700_000_000 + i * 300,
    open: up ? 100 : 104,
    close: up ? 104 : 100,
    high: 105,
    low: 99,
  };
});

const PICTURE: ChartPictureOptions = {
  candles: CANDLES,
  homeView: { fromIndex: -0.5, toIndex: 9.5 },
  zone: { lower: 97, upper: 98 },
  highlight: [CANDLES[4]?.time ?? 0],
  lines: [106],
};
const SIZE = { width: 400, height: 300, devicePixelRatio: 2 };
/** A price between grid lines inside every body. */
const BODY_PRICE = 102.3;

/** The largest difference of one channel: blends round differently by a unit or two. */
function distance(colour: Rgb, expected: Rgb): number {
  return Math.max(...colour.map((value, i) => Math.abs(value - (expected[i] ?? 0))));
}

/** `color` at `alpha` over `under`, as canvas and GPU blend it. */
function over(color: Rgb, alpha: number, under: Rgb): Rgb {
  return color.map((value, i) => Math.round(value * alpha + (under[i] ?? 0) * (1 - alpha))) as Rgb;
}

const BACKGROUND: Rgb = [0x13, 0x13, 0x1f];

describe('pictures in Chromium (Canvas 2D, no pixi.js)', () => {
  let fixture: BrowserFixture;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    fixture = await openFixture();
    // A page of its own: the harness' page loads the engine, this one only the pictures.
    const browser = fixture.page.context().browser();
    if (!browser) throw new Error('no browser');
    page = await browser.newPage();
    await page.addInitScript(() => {
      const kinds: string[] = [];
      Object.assign(window, { contextKinds: kinds });
      // Called below with the canvas as `this`, as the browser would.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function getContext(
        this: HTMLCanvasElement,
        kind: string,
        ...rest: unknown[]
      ) {
        kinds.push(kind);
        return (original as (...args: unknown[]) => RenderingContext | null).call(
          this,
          kind,
          ...rest,
        );
      } as typeof original;
    });
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(new URL('picture.html', fixture.page.url()).href);
    await page.waitForFunction(() => document.title === 'picture fixture ready', null, {
      timeout: 60_000,
    });
    await page.evaluate(({ picture, size }) => window.picture.drawPicture('still', picture, size), {
      picture: PICTURE,
      size: SIZE,
    });
  });

  afterAll(async () => {
    await fixture.close();
  });

  const pixelAt = (x: number, y: number, id = 'still') =>
    page.evaluate(({ id, x, y }) => window.picture.pixel(id, x, y), { id, x, y });
  const place = (index: number, price: number) =>
    page.evaluate(
      ({ picture, size, index, price }) => window.picture.locate(picture, size, index, price),
      { picture: PICTURE, size: SIZE, index, price },
    );

  it('draws at the device pixel ratio', async () => {
    const backing = await page.evaluate(() => {
      const canvas = document.getElementById('still') as HTMLCanvasElement;
      return [canvas.width, canvas.height];
    });
    expect(backing).toEqual([800, 600]);
  });

  it('paints the spec colours: background, up and down candle bodies', async () => {
    const gap = await place(0.5, BODY_PRICE);
    expect(hex(await pixelAt(gap.x, gap.y))).toBe('#13131f');
    const up = await place(0, BODY_PRICE);
    expect(hex(await pixelAt(up.x, up.y))).toBe('#26a69a');
    const down = await place(1, BODY_PRICE);
    expect(hex(await pixelAt(down.x, down.y))).toBe('#ef5350');
  });

  it('draws the zone box, its tag, the highlight band and the dashed line', async () => {
    const inZone = await place(6.5, 97.5);
    const zoneFill = over([0x4f, 0x8c, 0xff], 0.28, BACKGROUND);
    expect(distance(await pixelAt(inZone.x, inZone.y), zoneFill)).toBeLessThanOrEqual(2);
    const tag = await place(0, 98);
    expect(hex(await pixelAt(SIZE.width - 4, tag.y))).toBe('#4f8cff');
    // Beside candle 4's body, inside its band.
    const band = await place(4.45, BODY_PRICE);
    const bandFill = over([255, 255, 255], 0.1, BACKGROUND);
    expect(distance(await pixelAt(band.x, band.y), bandFill)).toBeLessThanOrEqual(2);
    const line = await place(0.5, 106);
    // The first dash runs from x 0 to 4 on the line, 1.5 px thick.
    expect(hex(await pixelAt(1, line.y))).toBe('#c77dff');
  });

  it('makes no WebGL context and loads no pixi.js', async () => {
    const kinds = await page.evaluate(
      () => (window as unknown as { contextKinds: string[] }).contextKinds,
    );
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((kind) => kind !== '2d')).toEqual([]);
    expect(requests.some((url) => url.includes('picture-fixture'))).toBe(true);
    expect(requests.filter((url) => /pixi/i.test(url))).toEqual([]);
  });

  it('<ChartPicture> is an image with its name, and redraws when its box is resized', async () => {
    await page.evaluate(
      ({ picture }) =>
        window.picture.mountPicture(
          'react',
          { ...picture, label: 'Ten alternating candles', height: 200, devicePixelRatio: 1 },
          360,
        ),
      { picture: PICTURE },
    );
    const image = page.getByRole('img', { name: 'Ten alternating candles' });
    await image.waitFor();
    const backingWidth = () => image.evaluate((canvas: HTMLCanvasElement) => canvas.width);
    expect(await backingWidth()).toBe(360);
    await page.evaluate(() => {
      const box = document.getElementById('react');
      if (box) box.style.width = '300px';
    });
    await page.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>('#react canvas')?.width === 300,
    );
    const canvasId = await image.evaluate((canvas) => {
      canvas.id = 'react-canvas';
      return canvas.id;
    });
    // The background right of the last candle, before the price axis.
    expect(hex(await pixelAt(300 - 68 - 3, 20, canvasId))).toBe('#13131f');
    const kinds = await page.evaluate(
      () => (window as unknown as { contextKinds: string[] }).contextKinds,
    );
    expect(kinds.filter((kind) => kind !== '2d')).toEqual([]);
  });

  it.each([1, 2])(
    'draws the plot exactly as the WebGL chart does at device pixel ratio %d',
    async (devicePixelRatio) => {
      // The harness' page has the engine; text aside (native glyphs against the bitmap font),
      // both renderers must cover the same pixels in the same colours.
      const differing = await fixture.page.evaluate(
        async ({ picture, devicePixelRatio }) => {
          const container = document.getElementById('chart');
          if (!container) throw new Error('no #chart');
          container.style.width = '400px';
          container.style.height = '300px';
          const { zone, highlight, lines, ...series } = picture;
          const engine = await window.chartKit.ChartEngine.create(container, {
            ...series,
            interactive: false,
            reducedMotion: true,
            devicePixelRatio,
          });
          engine.setFixedLines(lines ?? []);
          if (zone) await engine.showZone(zone, { animate: false });
          engine.highlightCandles(highlight ?? []);
          engine.renderNow();
          const webgl = document.createElement('canvas');
          webgl.width = engine.canvas.width;
          webgl.height = engine.canvas.height;
          webgl.getContext('2d')?.drawImage(engine.canvas, 0, 0);
          engine.destroy();
          const still = document.createElement('canvas');
          window.chartKit.drawChartPicture(still, picture, {
            width: 400,
            height: 300,
            devicePixelRatio,
          });
          // The plot, left of the price axis and above the time axis: no text in this picture.
          const width = (400 - 68) * devicePixelRatio;
          const height = (300 - 24) * devicePixelRatio;
          const a = webgl.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
          const b = still.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
          let count = 0;
          for (let i = 0; i < a.length; i += 4) {
            for (let channel = 0; channel < 3; channel++) {
              if (Math.abs((a[i + channel] ?? 0) - (b[i + channel] ?? 0)) > 2) {
                count++;
                break;
              }
            }
          }
          return { count, compared: a.length / 4 };
        },
        { picture: PICTURE, devicePixelRatio },
      );
      expect(differing.compared).toBe(332 * 276 * devicePixelRatio ** 2);
      expect(differing.count).toBe(0);
    },
  );
});
