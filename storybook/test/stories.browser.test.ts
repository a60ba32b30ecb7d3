import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium.js';
import {
  ensureStaticBuild,
  readStoryIndex,
  STORYBOOK_ROOT,
  type StoryIndexEntry,
} from './support/static-build.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';
import {
  blend,
  liveRegionText,
  measureChart,
  openStory,
  type Rgb,
  type StoryPage,
  waitForAnnouncement,
  waitForChart,
  waitForChartPixels,
} from './support/story-page.js';

// Built (or found fresh) while jest collects the tests: the list of stories comes from the build.
const staticDir = await ensureStaticBuild();
const entries = readStoryIndex(staticDir);
const stories = entries.filter((entry) => entry.type === 'story');
/** Stories of still pictures: a Canvas 2D canvas, no engine (tested on their own below). */
const PICTURES_TITLE = 'Chart/Pictures';
/** A grid of small charts in `window.chartEngines`, each checked on its own below. */
const MANY_CHARTS_TITLE = 'Chart/Many charts on one page';
const MANY_CHARTS_STORY = 'chart-many-charts-on-one-page--forty-charts';
const engineStories = stories.filter(
  (story) => story.title !== PICTURES_TITLE && story.title !== MANY_CHARTS_TITLE,
);
const docsPages = entries.filter((entry) => entry.type === 'docs');
const SCREENSHOTS = join(STORYBOOK_ROOT, 'test-output');

// The spec's and DARK_THEME's colours, as the chart draws them.
const DARK_BACKGROUND: Rgb = [0x13, 0x13, 0x1f];
const UP: Rgb = [0x26, 0xa6, 0x9a];
const DOWN: Rgb = [0xef, 0x53, 0x50];
const REVEALED_ZONE = blend(DARK_BACKGROUND, [0x4f, 0x8c, 0xff], 0.28);
const PULLED_LINE: Rgb = [0xc7, 0x7d, 0xff];
const USER_LINE: Rgb = [0xf5, 0xb9, 0x42];
const SELECTED_USER_LINE: Rgb = [0xff, 0xd9, 0x7a];
const HIGHLIGHT_BAND = blend(DARK_BACKGROUND, [0xff, 0xff, 0xff], 0.1);
// The line series and volume stories' colours: their lines', and volume bars at half opacity.
const MA20_LINE: Rgb = [0x42, 0xa5, 0xf5];
const MA50_LINE: Rgb = [0xe0, 0x40, 0xfb];
const VOLUME_UP = blend(DARK_BACKGROUND, UP, 0.5);
const VOLUME_DOWN = blend(DARK_BACKGROUND, DOWN, 0.5);

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await serveDirectory(staticDir);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

/** Opens a story, runs `body` on it, then checks no error was logged and closes it. */
async function withStory(
  id: string,
  body: (page: Page, story: StoryPage) => Promise<void>,
  options: Parameters<typeof openStory>[3] = {},
): Promise<void> {
  const story = await openStory(browser, server.url, id, options);
  try {
    await body(story.page, story);
    expect(story.errors).toEqual([]);
  } finally {
    await story.close();
  }
}

/** The canvas' box on the page: clicks are given relative to its top left corner. */
async function canvasBox(page: Page) {
  const box = await page.locator('canvas').first().boundingBox();
  if (!box) throw new Error('the chart canvas is not visible');
  return box;
}

const linePrices = (page: Page) =>
  page.evaluate(() => window.chartEngine?.lines().map((line) => line.price) ?? []);

const yOfPrice = (page: Page, price: number) =>
  page.evaluate((value) => window.chartEngine?.yOfPrice(value) ?? NaN, price);

async function waitForLineCount(page: Page, count: number): Promise<number[]> {
  await page.waitForFunction((expected) => window.chartEngine?.lines().length === expected, count);
  return linePrices(page);
}

describe('the static Storybook', () => {
  it('has a story for every chart-kit feature and a docs page for every story file', () => {
    const ids = stories.map((story) => story.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'chart-basics--dark-candles',
        'chart-basics--light-theme',
        'chart-basics--crosshair-and-readout',
        'chart-drawing--drawing-an-exercise',
        'chart-zones-and-marks--reveal-zone',
        'chart-zones-and-marks--pulled-lines',
        'chart-zones-and-marks--candle-highlight',
        'chart-timeframes-and-replay--timeframe-morph',
        'chart-timeframes-and-replay--replay',
        'chart-timeframes-and-replay--home-views-and-reset',
        'chart-zones-and-marks--stacked-price-tags',
        'chart-zones-and-marks--illustration',
        'chart-performance--one-million-candles',
        'chart-input--touch',
        'chart-input--keyboard',
        'react-hooks--use-zone-drawing',
        'chart-trade-plan--entry-stop-target',
        'chart-pictures--still-picture',
        'chart-line-series-and-volume--moving-average',
        'chart-line-series-and-volume--volume',
        'chart-line-series-and-volume--million-point-line',
        MANY_CHARTS_STORY,
      ]),
    );
    const titlesWithDocs = new Set(docsPages.map((page) => page.title));
    for (const story of stories) expect(titlesWithDocs).toContain(story.title);
  });
});

describe.each(engineStories)('story $title / $name', (story: StoryIndexEntry) => {
  it('renders a chart with candles on it and logs no error', async () => {
    await withStory(story.id, async (page) => {
      await waitForChart(page);
      await page.evaluate(() => window.chartEngine?.settled());
      const pixels = await measureChart(page, { up: UP, down: DOWN });
      expect(pixels.width).toBeGreaterThan(300);
      expect(pixels.background).not.toBe('#000000');
      expect(pixels.drawnShare).toBeGreaterThan(0.02);
      // Up and down candles both drawn, in the spec's colours (the same in both themes).
      expect(pixels.matches.up).toBeGreaterThan(50);
      expect(pixels.matches.down).toBeGreaterThan(50);
      await page.screenshot({ path: join(SCREENSHOTS, `${story.id}.png`) });
    });
  });
});

describe.each(docsPages)('docs page $title', (docs: StoryIndexEntry) => {
  it('renders every story of the page and logs no error', async () => {
    const expected = stories.filter((story) => story.title === docs.title).length;
    await withStory(
      docs.id,
      async (page) => {
        await page.locator('#storybook-docs h1').first().waitFor({ timeout: 60_000 });
        await page.waitForFunction(
          (count) => document.querySelectorAll('#storybook-docs canvas').length >= count,
          expected,
          { timeout: 60_000 },
        );
      },
      { viewMode: 'docs' },
    );
  });
});

describe('docs page Chart/Basics', () => {
  it('gives each chart-kit option its default in the table, as the engine applies it', async () => {
    await withStory(
      'chart-basics--docs',
      async (page) => {
        const rowOf = (name: string) =>
          page.locator('#storybook-docs table tr', { has: page.getByText(name, { exact: true }) });
        await rowOf('initialBars').first().waitFor({ timeout: 60_000 });
        expect(await rowOf('initialBars').first().textContent()).toContain('80');
        expect(await rowOf('timeZone').first().textContent()).toContain("'UTC'");
        expect(await rowOf('renderer').first().textContent()).toContain("'auto'");
      },
      { viewMode: 'docs' },
    );
  });
});

describe('story Chart/Pictures / Still Picture', () => {
  it('draws the picture with Canvas 2D: candles, the zone and highlights, and no WebGL context', async () => {
    const story = await openStory(browser, server.url, 'chart-pictures--still-picture', {
      initScript: () => {
        const kinds: string[] = [];
        Object.assign(window, { contextKinds: kinds });
        // Called with the canvas as `this`, as the browser would.
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
      },
    });
    try {
      const { page } = story;
      const picture = page.getByRole('img', { name: /a demand zone, its base/ });
      await picture.waitFor({ timeout: 60_000 });
      const pixels = await picture.evaluate(
        (canvas: HTMLCanvasElement, wanted) => {
          const { data } = canvas
            .getContext('2d')
            ?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] };
          const matches: Record<string, number> = {};
          for (const [name, [r, g, b]] of Object.entries(wanted)) {
            matches[name] = 0;
            for (let i = 0; i < data.length; i += 4) {
              if (
                Math.abs((data[i] ?? 0) - r) <= 4 &&
                Math.abs((data[i + 1] ?? 0) - g) <= 4 &&
                Math.abs((data[i + 2] ?? 0) - b) <= 4
              )
                matches[name] += 1;
            }
          }
          return { width: canvas.width, matches };
        },
        {
          background: DARK_BACKGROUND,
          up: UP,
          down: DOWN,
          zone: REVEALED_ZONE,
          band: HIGHLIGHT_BAND,
        },
      );
      expect(pixels.width).toBeGreaterThan(300);
      expect(pixels.matches.background).toBeGreaterThan(10_000);
      expect(pixels.matches.up).toBeGreaterThan(50);
      expect(pixels.matches.down).toBeGreaterThan(50);
      expect(pixels.matches.zone).toBeGreaterThan(500);
      expect(pixels.matches.band).toBeGreaterThan(500);
      const kinds = await page.evaluate(
        () => (window as unknown as { contextKinds: string[] }).contextKinds,
      );
      expect(kinds.filter((kind) => kind !== '2d')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'chart-pictures--still-picture.png') });
      expect(story.errors).toEqual([]);
    } finally {
      await story.close();
    }
  });
});

declare global {
  interface Window {
    /** Canvas contexts the page made, in order (see recordCanvasContexts). */
    canvasContextsMade?: { kind: string; context: unknown }[];
  }
}

/**
 * Installed before the page's own scripts: keeps every context a canvas (or an offscreen canvas)
 * hands out, so a test can count the WebGL contexts still alive. Playwright sends it to the page
 * as source text, so it uses nothing from this file.
 */
function recordCanvasContexts(): void {
  const made: { kind: string; context: unknown }[] = [];
  window.canvasContextsMade = made;
  for (const prototype of [HTMLCanvasElement.prototype, OffscreenCanvas.prototype]) {
    const original = Object.getOwnPropertyDescriptor(prototype, 'getContext')?.value as (
      this: unknown,
      kind: string,
      ...rest: unknown[]
    ) => unknown;
    Object.defineProperty(prototype, 'getContext', {
      configurable: true,
      writable: true,
      // Called with the canvas as `this`, as the browser's own is.
      value: function getContext(this: unknown, kind: string, ...rest: unknown[]) {
        const context = original.call(this, kind, ...rest);
        if (context && !made.some((entry) => entry.context === context)) {
          made.push({ kind, context });
        }
        return context;
      },
    });
  }
}

describe(`story ${MANY_CHARTS_TITLE} / Forty Charts`, () => {
  const CHART_COUNT = 40;
  /** What the page may hold at once (chart-kit's WEBGL_CHARTS_PER_PAGE); Chromium drops ~16+. */
  const WEBGL_BUDGET = 8;
  const OHLC_READOUT = /^O [\d.]+ {2}H [\d.]+ {2}L [\d.]+ {2}C [\d.]+$/;

  const liveWebGLContexts = (page: Page) =>
    page.evaluate(
      () =>
        (window.canvasContextsMade ?? []).filter(
          ({ context }) =>
            (context instanceof WebGLRenderingContext ||
              context instanceof WebGL2RenderingContext) &&
            !context.isContextLost(),
        ).length,
    );

  /** The chart at `position` shows candles: many colours, up and down ones, on its background. */
  async function expectDrawn(page: Page, position: number): Promise<void> {
    const pixels = await measureChart(page, { up: UP, down: DOWN }, position);
    expect({
      chart: position + 1,
      background: pixels.background,
      manyColours: pixels.colourCount >= 16,
      upCandles: pixels.matches.up > 20,
      downCandles: pixels.matches.down > 20,
    }).toEqual({
      chart: position + 1,
      background: '#13131f',
      manyColours: true,
      upCandles: true,
      downCandles: true,
    });
  }

  it('draws all 40 charts, each answers the pointer and the keyboard, within the WebGL budget', async () => {
    await withStory(
      MANY_CHARTS_STORY,
      async (page) => {
        await page.waitForFunction(
          (count) =>
            (window.chartEngines ?? []).filter(
              (engine) => engine?.canvas.isConnected === true && engine.candleCount > 0,
            ).length === count,
          CHART_COUNT,
          { timeout: 120_000 },
        );
        // The recorder saw the charts' own canvases (one 2D context each), so its count means something.
        const twoDimensional = await page.evaluate(
          () => (window.canvasContextsMade ?? []).filter(({ kind }) => kind === '2d').length,
        );
        expect(twoDimensional).toBeGreaterThanOrEqual(CHART_COUNT);
        for (let position = 0; position < CHART_COUNT; position++)
          await expectDrawn(page, position);

        for (let position = 0; position < CHART_COUNT; position++) {
          const chart = position + 1;
          const figure = page.getByTestId(`grid-chart-${String(chart)}`);
          const canvas = figure.locator('canvas');
          const liveRegion = figure.locator('[role="status"][aria-live="polite"]');
          const before = await measureChart(page, {}, position);

          // The pointer: a crosshair and its OHLC readout (hover scrolls the chart into view).
          await canvas.hover({ position: { x: 80, y: 50 } });
          await page.waitForFunction(
            (index) => (window.chartEngines?.[index]?.readout ?? '') !== '',
            position,
          );
          const readout = await page.evaluate(
            (index) => window.chartEngines?.[index]?.readout ?? '',
            position,
          );
          const hovered = await measureChart(page, {}, position);
          expect({ chart, readout, crosshairDrawn: hovered.digest !== before.digest }).toEqual({
            chart,
            readout: expect.stringMatching(OHLC_READOUT),
            crosshairDrawn: true,
          });

          // The keyboard: the crosshair steps a candle (announced here), Enter places a line.
          await canvas.focus();
          await page.keyboard.press('ArrowLeft');
          await liveRegion.filter({ hasText: /open [\d.]+, high/ }).waitFor({ state: 'attached' });
          await page.keyboard.press('Enter');
          await liveRegion
            .filter({ hasText: /^Line 1 .*placed at/ })
            .waitFor({ state: 'attached' });
          const lined = await measureChart(
            page,
            { line: USER_LINE, selected: SELECTED_USER_LINE },
            position,
          );
          expect({ chart, lineDrawn: lined.matches.line + lined.matches.selected > 80 }).toEqual({
            chart,
            lineDrawn: true,
          });
        }

        // Every chart still draws after all of that (none lost its picture to a later one), and
        // kept its own line.
        for (let position = 0; position < CHART_COUNT; position++)
          await expectDrawn(page, position);
        const lineCounts = await page.evaluate(() =>
          (window.chartEngines ?? []).map((engine) => engine?.lines().length ?? 0),
        );
        expect(lineCounts).toEqual(new Array<number>(CHART_COUNT).fill(1));
        // With 'auto' these small series stay on Canvas 2D (no context at all); slow frames on a
        // busy machine may hand a few to WebGL, never more than the page's budget.
        const onWebGL = await page.evaluate(
          () =>
            (window.chartEngines ?? []).filter((engine) => engine?.rendererName !== 'canvas2d')
              .length,
        );
        expect(onWebGL).toBeLessThanOrEqual(WEBGL_BUDGET);
        expect(await liveWebGLContexts(page)).toBeLessThanOrEqual(WEBGL_BUDGET);
        await page
          .getByTestId('renderers')
          .filter({ hasText: `${String(CHART_COUNT)} charts: ` })
          .waitFor();
        await page.screenshot({
          path: join(SCREENSHOTS, `${MANY_CHARTS_STORY}.png`),
          fullPage: true,
        });
      },
      { initScript: recordCanvasContexts },
    );
  }, 600_000);
});

describe('story interactions', () => {
  it('dark and light themes draw on their own backgrounds', async () => {
    await withStory('chart-basics--dark-candles', async (page) => {
      await waitForChart(page);
      expect((await measureChart(page)).background).toBe('#13131f');
    });
    await withStory('chart-basics--light-theme', async (page) => {
      await waitForChart(page);
      expect((await measureChart(page)).background).toBe('#ffffff');
    });
  });

  it('Drawing an exercise: places two lines, drags one, deletes one and grades the answer', async () => {
    await withStory('chart-drawing--drawing-an-exercise', async (page) => {
      await waitForChart(page);
      await page.waitForFunction(() => window.chartEngine?.tool === 'line');
      const box = await canvasBox(page);
      const { mouse } = page;

      await mouse.click(box.x + 200, box.y + 120);
      await mouse.click(box.x + 260, box.y + 220);
      const [first = NaN, second = NaN] = await waitForLineCount(page, 2);
      expect(Math.abs((await yOfPrice(page, first)) - 120)).toBeLessThanOrEqual(1);
      expect(Math.abs((await yOfPrice(page, second)) - 220)).toBeLessThanOrEqual(1);
      // maxLines is 2: the tool turned itself off and a third click draws nothing.
      expect(await page.evaluate(() => window.chartEngine?.tool)).toBe('none');
      await mouse.click(box.x + 300, box.y + 300);
      expect(await linePrices(page)).toHaveLength(2);

      // Grab the first line a pixel below it and drag 49 px down: it keeps the grab offset.
      const grabbedAt = await yOfPrice(page, first);
      await mouse.move(box.x + 150, box.y + 121);
      await mouse.down();
      await mouse.move(box.x + 150, box.y + 145, { steps: 4 });
      await mouse.move(box.x + 150, box.y + 170, { steps: 4 });
      await mouse.up();
      await page.waitForFunction(
        (before) => window.chartEngine?.lines()[0]?.price !== before,
        first,
      );
      const [dragged = NaN] = await linePrices(page);
      expect(Math.abs((await yOfPrice(page, dragged)) - (grabbedAt + 49))).toBeLessThanOrEqual(1);
      await waitForAnnouncement(page, 'Line moved to');

      // Select the second line by clicking it, then delete it with the Delete key.
      await mouse.click(box.x + 400, box.y + 220);
      await page.waitForFunction(() => {
        const engine = window.chartEngine;
        return engine !== undefined && engine.selectedLine === engine.lines()[1]?.id;
      });
      await page.keyboard.press('Delete');
      expect(await waitForLineCount(page, 1)).toEqual([dragged]);
      expect(await waitForAnnouncement(page, 'deleted')).toContain('1 left');
      await expect(page.getByTestId('lines').textContent()).resolves.toBe(
        `Lines: ${dragged.toFixed(2)}`,
      );

      // Draw the second line again with the toolbar's line tool, then check the answer.
      await page.getByRole('button', { name: 'Line tool' }).click();
      await mouse.click(box.x + 200, box.y + 250);
      await waitForLineCount(page, 2);
      await page.getByRole('button', { name: 'Check answer' }).click();
      await page
        .getByTestId('grade')
        .filter({ hasText: /^(Pass|Miss): / })
        .waitFor();
      await page.evaluate(() => window.chartEngine?.settled());
      expect((await measureChart(page, { zone: REVEALED_ZONE })).matches.zone).toBeGreaterThan(500);
      await page.screenshot({ path: join(SCREENSHOTS, 'drawing-after-interactions.png') });
    });
  });

  it('Keyboard: focus, arrows and Enter place a line; up moves it, Delete removes it; all announced', async () => {
    await withStory('chart-input--keyboard', async (page) => {
      await waitForChart(page);
      await page.getByRole('button', { name: 'Focus the chart' }).click();
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('CANVAS');

      await page.keyboard.press('ArrowLeft');
      expect(await waitForAnnouncement(page, 'open')).toMatch(/high .* low .* close/);
      await page.keyboard.press('ArrowUp');
      await waitForAnnouncement(page, 'Price');
      await page.keyboard.press('Enter');
      const [placed = NaN] = await waitForLineCount(page, 1);
      expect(await waitForAnnouncement(page, 'Line 1 of 2 placed at')).toContain(placed.toFixed(2));

      await page.keyboard.press('ArrowUp');
      await page.waitForFunction(
        (before) => (window.chartEngine?.lines()[0]?.price ?? 0) > before,
        placed,
      );
      await waitForAnnouncement(page, 'Line moved to');
      await page.keyboard.press('Delete');
      await waitForLineCount(page, 0);
      await waitForAnnouncement(page, 'deleted');

      // The story unhides the live region: it is on screen, below the chart.
      const region = page.locator('[role="status"][aria-live="polite"]');
      await expect(region.isVisible()).resolves.toBe(true);
      const regionBox = await region.boundingBox();
      const box = await canvasBox(page);
      expect(regionBox?.y).toBeGreaterThan(box.y + box.height);
      expect(regionBox?.width).toBeGreaterThan(100);
      await page.screenshot({ path: join(SCREENSHOTS, 'keyboard-after-interactions.png') });
    });
  });

  it('Touch: a tap with the line tool places a line at the tapped price', async () => {
    await withStory(
      'chart-input--touch',
      async (page) => {
        await waitForChart(page);
        await page.waitForFunction(() => window.chartEngine?.tool === 'line');
        const box = await canvasBox(page);
        await page.touchscreen.tap(box.x + 120, box.y + 150);
        const [price = NaN] = await waitForLineCount(page, 1);
        expect(Math.abs((await yOfPrice(page, price)) - 150)).toBeLessThanOrEqual(1);
      },
      { context: { hasTouch: true, viewport: { width: 414, height: 896 } } },
    );
  });

  it('Crosshair: the pointer shows an OHLC readout and the crosshairmove event', async () => {
    await withStory('chart-basics--crosshair-and-readout', async (page) => {
      await waitForChart(page);
      const box = await canvasBox(page);
      await page.mouse.move(box.x + 300, box.y + 200);
      await page.mouse.move(box.x + 320, box.y + 210);
      await page.waitForFunction(() => (window.chartEngine?.readout ?? '') !== '');
      const readout = await page.evaluate(() => window.chartEngine?.readout ?? '');
      expect(readout).toMatch(/^O [\d.]+ {2}H [\d.]+ {2}L [\d.]+ {2}C [\d.]+$/);
      const event = page.getByTestId('crosshair-event');
      await event.filter({ hasText: /^crosshairmove: index \d+/ }).waitFor();
      const close = /C ([\d.]+)$/.exec(readout)?.[1];
      expect(await event.textContent()).toContain(`C ${String(Number(close))}`);
    });
  });

  it('Reveal: the zone box is drawn and announced, and goes away when hidden', async () => {
    await withStory('chart-zones-and-marks--reveal-zone', async (page) => {
      await waitForChart(page);
      await waitForAnnouncement(page, 'zone revealed from');
      await page.evaluate(() => window.chartEngine?.settled());
      const shown = await measureChart(page, { zone: REVEALED_ZONE });
      expect(shown.matches.zone).toBeGreaterThan(500);
      await page.getByRole('button', { name: 'Hide the zone' }).click();
      const hidden = await waitForChartPixels(
        page,
        { zone: REVEALED_ZONE },
        ({ matches }) => matches.zone < shown.matches.zone / 10,
      );
      expect(hidden.matches.zone).toBeLessThan(shown.matches.zone / 10);
    });
  });

  it('Pulled lines and candle highlight draw their marks', async () => {
    await withStory('chart-zones-and-marks--pulled-lines', async (page) => {
      await waitForChart(page);
      const pixels = await waitForChartPixels(
        page,
        { pulled: PULLED_LINE },
        ({ matches }) => matches.pulled > 100,
      );
      expect(pixels.matches.pulled).toBeGreaterThan(100);
    });
    await withStory('chart-zones-and-marks--candle-highlight', async (page) => {
      await waitForChart(page);
      const highlighted = await waitForChartPixels(
        page,
        { band: HIGHLIGHT_BAND },
        ({ matches }) => matches.band > 500,
      );
      expect(highlighted.matches.band).toBeGreaterThan(500);
      await page.getByRole('button', { name: 'Highlight the base and the move' }).click();
      const plain = await waitForChartPixels(
        page,
        { band: HIGHLIGHT_BAND },
        ({ matches }) => matches.band < highlighted.matches.band - 500,
      );
      expect(plain.matches.band).toBeLessThan(highlighted.matches.band - 500);
    });
  });

  it('Any timeframe: 1min ... 1D by session, switched both ways and several levels apart', async () => {
    await withStory('chart-timeframes-and-replay--any-timeframe', async (page) => {
      await waitForChart(page);
      const [price] = await waitForLineCount(page, 1);
      const readout = page.getByTestId('any-timeframe');
      await readout.filter({ hasText: 'showing 780 5min candles, the first from 09:30' }).waitFor();
      // Ten 09:30-16:00 sessions of 390 minutes: 4hr candles are 09:30-13:30 and 13:30-16:00,
      // 1D ones are whole sessions, and none spans two.
      const steps = [
        ['1D', 10],
        ['1min', 3900],
        ['4hr', 20],
        ['15min', 260],
        ['1hr', 70],
        ['1D', 10],
        ['5min', 780],
      ] as const;
      for (const [timeframe, count] of steps) {
        await page.getByRole('button', { name: timeframe, exact: true }).click();
        await readout
          .filter({ hasText: `showing ${count} ${timeframe} candles, the first from 09:30` })
          .waitFor();
        expect(await linePrices(page)).toEqual([price]);
      }
      const fourHours = await page.evaluate(async () => {
        const engine = window.chartEngine;
        await engine?.setTimeframe('4hr', { animate: false });
        return [engine?.candle(0)?.time ?? 0, engine?.candle(1)?.time ?? 0];
      });
      expect(fourHours[1]! - fourHours[0]!).toBe(4 * 3600);
    });
  });

  it('Timeframe morph: the 1hr button switches and the line keeps its price; 5min switches back', async () => {
    await withStory('chart-timeframes-and-replay--timeframe-morph', async (page) => {
      await waitForChart(page);
      const [price] = await waitForLineCount(page, 1);
      await page.getByRole('button', { name: '1hr' }).click();
      await page.getByTestId('timeframe').filter({ hasText: 'showing 1hr candles' }).waitFor();
      // Ten 09:30-16:00 sessions: seven hourly candles each (the first hour starts at 09:30).
      expect(await page.evaluate(() => window.chartEngine?.candleCount)).toBe(70);
      expect(await linePrices(page)).toEqual([price]);
      await page.getByRole('button', { name: '5min' }).click();
      await page.getByTestId('timeframe').filter({ hasText: 'showing 5min candles' }).waitFor();
      expect(await page.evaluate(() => window.chartEngine?.candleCount)).toBe(780);
      expect(await linePrices(page)).toEqual([price]);
    });
  });

  it('Drawing an exercise: one drag draws both lines of the zone', async () => {
    await withStory('chart-drawing--drawing-an-exercise', async (page) => {
      await waitForChart(page);
      await page.waitForFunction(() => window.chartEngine?.tool === 'line');
      const box = await canvasBox(page);
      const { mouse } = page;
      await mouse.move(box.x + 200, box.y + 150);
      await mouse.down();
      await mouse.move(box.x + 260, box.y + 170, { steps: 4 });
      await mouse.move(box.x + 320, box.y + 158, { steps: 4 });
      await mouse.up();
      const [top = NaN, bottom = NaN] = await waitForLineCount(page, 2);
      expect(Math.abs((await yOfPrice(page, top)) - 150)).toBeLessThanOrEqual(1);
      // A zone 8 px tall: the release placed the second line, nothing grabbed the first.
      expect(Math.abs((await yOfPrice(page, bottom)) - 158)).toBeLessThanOrEqual(1);
      await waitForAnnouncement(page, 'Zone drawn from');
    });
  });

  it('Trade plan: three clicks place the entry, the stop and the target, each named', async () => {
    await withStory('chart-trade-plan--entry-stop-target', async (page) => {
      await waitForChart(page);
      await page.waitForFunction(() => window.chartEngine?.tool === 'line');
      const box = await canvasBox(page);
      for (const y of [200, 240, 120]) await page.mouse.click(box.x + 300, box.y + y);
      await waitForLineCount(page, 3);
      const roles = await page.evaluate(
        () => window.chartEngine?.lines().map((line) => line.role) ?? [],
      );
      expect(roles).toEqual(['Entry', 'Stop', 'Target']);
      await waitForAnnouncement(page, 'Target placed at');
      await page
        .getByTestId('plan')
        .getByText(/size \d+ shares/)
        .waitFor();
      await page.getByRole('button', { name: 'Check plan' }).click();
      await page
        .getByTestId('grade')
        .getByText(/^(Pass|Miss): /)
        .waitFor();
    });
  });

  it('Home views: the chart opens on its home view and Reset view returns there', async () => {
    await withStory('chart-timeframes-and-replay--home-views-and-reset', async (page) => {
      await waitForChart(page);
      const view = () => page.evaluate(() => window.chartEngine?.viewport);
      const home = await view();
      await page.evaluate(() => {
        window.chartEngine?.zoom(3);
        window.chartEngine?.pan(-400);
      });
      expect(await view()).not.toEqual(home);
      await page.getByRole('button', { name: 'Reset view' }).click();
      await page.evaluate(() => window.chartEngine?.settled());
      const back = await view();
      expect(back?.fromIndex).toBeCloseTo(home?.fromIndex ?? NaN, 6);
      expect(back?.toIndex).toBeCloseTo(home?.toIndex ?? NaN, 6);
      await page.getByRole('button', { name: '1hr' }).click();
      await page.getByTestId('home-view').filter({ hasText: 'showing 1hr' }).waitFor();
      // The hourly home view: the last three days, every hourly candle up to the end in view.
      const hourly = await view();
      const count = await page.evaluate(() => window.chartEngine?.candleCount ?? 0);
      expect(hourly?.toIndex).toBeGreaterThanOrEqual(count - 0.5);
    });
  });

  it('Illustration: the chart is not focusable and ignores clicks and keys', async () => {
    await withStory('chart-zones-and-marks--illustration', async (page) => {
      await waitForChart(page);
      const canvas = page.locator('canvas').first();
      expect(await canvas.getAttribute('role')).toBe('img');
      expect(await canvas.evaluate((element) => (element as HTMLCanvasElement).tabIndex)).toBe(-1);
      const box = await canvasBox(page);
      const before = await page.evaluate(() => window.chartEngine?.viewport);
      await page.mouse.move(box.x + 300, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(box.x + 400, box.y + 200, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => window.chartEngine?.viewport)).toEqual(before);
      expect(await linePrices(page)).toEqual([]);
    });
  });

  it('Replay: play reveals candles, pause holds, step shows one more, show all ends it', async () => {
    await withStory('chart-timeframes-and-replay--replay', async (page) => {
      await waitForChart(page);
      const replay = () => page.evaluate(() => window.chartEngine?.replayState);
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => {
        const state = window.chartEngine?.replayState;
        return state?.status === 'playing' && state.shown > state.total - 60;
      });
      await page.getByRole('button', { name: 'Pause' }).click();
      await page
        .getByTestId('replay')
        .filter({ hasText: /^paused: \d+ of 780/ })
        .waitFor();
      const paused = await replay();
      await page.getByRole('button', { name: 'Step' }).click();
      await page.waitForFunction(
        (before) => window.chartEngine?.replayState.shown === before + 1,
        paused?.shown ?? 0,
      );
      expect((await replay())?.status).toBe('paused');
      await page.getByRole('button', { name: 'Show all' }).click();
      await page.waitForFunction(() => window.chartEngine?.replayState.status !== 'paused');
      expect(await page.evaluate(() => window.chartEngine?.viewport.toIndex)).toBeGreaterThan(779);
    });
  });

  it('1,000,000 candles: shows them all, then zooms with the wheel and pans by dragging', async () => {
    await withStory('chart-performance--one-million-candles', async (page) => {
      await waitForChart(page);
      expect(await page.evaluate(() => window.chartEngine?.candleCount)).toBe(1_000_000);
      const viewport = () => page.evaluate(() => window.chartEngine?.viewport);
      await page.getByRole('button', { name: 'Show all 1,000,000' }).click();
      await page.waitForFunction(() => {
        const view = window.chartEngine?.viewport;
        return view !== undefined && view.toIndex - view.fromIndex > 900_000;
      });
      const all = await measureChart(page, { up: UP, down: DOWN });
      expect(all.matches.up + all.matches.down).toBeGreaterThan(1000);
      await page.screenshot({ path: join(SCREENSHOTS, 'one-million-all.png') });

      const box = await canvasBox(page);
      await page.mouse.move(box.x + 400, box.y + 200);
      const before = await viewport();
      await page.mouse.wheel(0, -600);
      await page.waitForFunction(
        (width) => {
          const view = window.chartEngine?.viewport;
          return view !== undefined && view.toIndex - view.fromIndex < width;
        },
        (before?.toIndex ?? 0) - (before?.fromIndex ?? 0),
      );
      const zoomed = await viewport();
      await page.mouse.down();
      await page.mouse.move(box.x + 550, box.y + 200, { steps: 5 });
      await page.mouse.up();
      await page.waitForFunction(
        (from) => (window.chartEngine?.viewport.fromIndex ?? from) < from,
        zoomed?.fromIndex ?? 0,
      );
    });
  });

  it('Moving average: two lines over the candles, read out with the candle under the pointer', async () => {
    await withStory('chart-line-series-and-volume--moving-average', async (page) => {
      await waitForChart(page);
      const lines = await measureChart(page, { fast: MA20_LINE, slow: MA50_LINE });
      expect(lines.matches.fast).toBeGreaterThan(400);
      expect(lines.matches.slow).toBeGreaterThan(400);
      expect(await page.evaluate(() => window.chartEngine?.lineSeriesIds())).toEqual([
        'ma20',
        'ma50',
      ]);
      const box = await canvasBox(page);
      await page.mouse.move(box.x + 500, box.y + 200);
      await page.mouse.move(box.x + 520, box.y + 210);
      await page
        .getByTestId('line-readout')
        .filter({ hasText: /MA 20 [\d.]+ {2}MA 50 [\d.]+$/ })
        .waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, 'moving-average-readout.png') });
    });
  });

  it('Volume: bars in the candles’ colours below them, gone when hidden', async () => {
    await withStory('chart-line-series-and-volume--volume', async (page) => {
      await waitForChart(page);
      const shown = await measureChart(page, { up: VOLUME_UP, down: VOLUME_DOWN });
      expect(shown.matches.up).toBeGreaterThan(300);
      expect(shown.matches.down).toBeGreaterThan(300);
      // The bars are in the bottom fifth of the plot, the candles above it.
      const strip = await page.evaluate(() => {
        const engine = window.chartEngine;
        const candle = engine?.candle(engine.candleCount - 1);
        return {
          lowY: engine && candle ? engine.yOfPrice(candle.low) : NaN,
          plotHeight: (engine?.canvas.clientHeight ?? 0) - 24,
        };
      });
      expect(strip.lowY).toBeLessThan(strip.plotHeight * 0.8);
      await page.getByRole('button', { name: 'Hide volume' }).click();
      const hidden = await waitForChartPixels(
        page,
        { up: VOLUME_UP, down: VOLUME_DOWN },
        ({ matches }) => matches.up + matches.down < 20,
      );
      expect(hidden.matches.up + hidden.matches.down).toBeLessThan(20);
      expect(await page.evaluate(() => window.chartEngine?.volumeShown)).toBe(false);
    });
  });

  it('Million point line: shows all, still a line, a few vertices a pixel', async () => {
    await withStory('chart-line-series-and-volume--million-point-line', async (page) => {
      await waitForChart(page);
      await page.getByRole('button', { name: 'Show all 1,000,000' }).click();
      await page.waitForFunction(() => {
        const view = window.chartEngine?.viewport;
        return view !== undefined && view.toIndex - view.fromIndex > 900_000;
      });
      const all = await measureChart(page, { line: MA20_LINE });
      expect(all.matches.line).toBeGreaterThan(500);
      await page.screenshot({ path: join(SCREENSHOTS, 'million-point-line-all.png') });
    });
  });

  it('useZoneDrawing: two clicks give the zone and its grade', async () => {
    await withStory('react-hooks--use-zone-drawing', async (page) => {
      await waitForChart(page);
      await page.waitForFunction(() => window.chartEngine?.tool === 'line');
      const box = await canvasBox(page);
      await page.mouse.click(box.x + 200, box.y + 100);
      await page.getByTestId('zone').filter({ hasText: '1 of 2 lines' }).waitFor();
      await page.mouse.click(box.x + 200, box.y + 200);
      const [upper = NaN, lower = NaN] = await waitForLineCount(page, 2);
      await page
        .getByTestId('zone')
        .filter({ hasText: `zone ${lower.toFixed(2)} – ${upper.toFixed(2)}: ` })
        .waitFor();
    });
  });

  it('useTimeframe and useReplay: the buttons switch timeframe and run the replay', async () => {
    await withStory('react-hooks--use-timeframe-and-use-replay', async (page) => {
      await waitForChart(page);
      const state = page.getByTestId('hooks-state');
      await state.filter({ hasText: 'timeframe 5min; replay idle' }).waitFor();
      await page.getByRole('button', { name: '1hr' }).click();
      await state.filter({ hasText: 'timeframe 1hr; replay idle' }).waitFor();
      await page.getByRole('button', { name: /^Replay the last 40/ }).click();
      await state.filter({ hasText: 'replay playing' }).waitFor();
      await page.getByRole('button', { name: 'Pause' }).click();
      await state.filter({ hasText: 'replay paused' }).waitFor();
      expect(await liveRegionText(page)).not.toBe('');
    });
  });
});
