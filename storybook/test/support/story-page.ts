import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

export interface StoryPage {
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * Opens one story (or docs page) of the static Storybook on its own page, as the Storybook UI's
 * iframe does, recording every page error and console error.
 */
export async function openStory(
  browser: Browser,
  baseUrl: string,
  id: string,
  options: {
    viewMode?: 'story' | 'docs';
    context?: BrowserContextOptions;
    /** Runs in the page before any of its scripts (e.g. to watch canvas contexts). */
    initScript?: () => void;
  } = {},
): Promise<StoryPage> {
  const context = await browser.newContext({
    viewport: { width: 1000, height: 900 },
    ...options.context,
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  const url = new URL('iframe.html', baseUrl);
  url.searchParams.set('id', id);
  url.searchParams.set('viewMode', options.viewMode ?? 'story');
  await page.goto(url.href);
  return { page, errors, close: () => context.close() };
}

/** Waits until the story's chart has drawn its first frame and is exposed on `window`. */
export async function waitForChart(page: Page): Promise<void> {
  await page.waitForFunction(
    () => window.chartEngine?.canvas.isConnected === true && window.chartEngine.candleCount > 0,
    null,
    { timeout: 60_000 },
  );
}

export type Rgb = readonly [number, number, number];

export interface ChartPixels<K extends string> {
  width: number;
  height: number;
  /** The most common colour, as #rrggbb: the background. */
  background: string;
  /** Share of pixels that differ from the background. */
  drawnShare: number;
  /** How many distinct colours the picture has: 1 for a blank canvas. */
  colourCount: number;
  /** A hash of every pixel, to tell whether the picture changed. */
  digest: number;
  /** How many pixels are within a small tolerance of each requested colour. */
  matches: Record<K, number>;
}

/**
 * Draws the chart now and reads its pixels back (right after drawing, while the WebGL buffer
 * still holds the frame): the background colour, how much is drawn on it, and counts of chosen
 * colours. The chart is `window.chartEngine`, or `window.chartEngines[gridPosition]` when given.
 */
export async function measureChart<K extends string = never>(
  page: Page,
  colours: Record<K, Rgb> = {} as Record<K, Rgb>,
  gridPosition?: number,
): Promise<ChartPixels<K>> {
  const targetColours: Record<string, Rgb> = colours;
  const pixels = await page.evaluate(
    ({ wanted, position }) => {
      const engine = position === undefined ? window.chartEngine : window.chartEngines?.[position];
      if (!engine) throw new Error(`no chart ${String(position ?? '')} on the page`);
      engine.renderNow();
      const source = engine.canvas;
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(source, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const counts = new Map<number, number>();
      const matches: Record<string, number> = {};
      const targets = Object.entries(wanted);
      for (const [name] of targets) matches[name] = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i] ?? 0;
        const g = data[i + 1] ?? 0;
        const b = data[i + 2] ?? 0;
        const key = (r << 16) | (g << 8) | b;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        for (const [name, [tr, tg, tb]] of targets) {
          if (Math.abs(r - tr) <= 4 && Math.abs(g - tg) <= 4 && Math.abs(b - tb) <= 4) {
            matches[name] = (matches[name] ?? 0) + 1;
          }
        }
      }
      let background = 0;
      let backgroundCount = 0;
      for (const [colour, count] of counts) {
        if (count > backgroundCount) [background, backgroundCount] = [colour, count];
      }
      const total = data.length / 4;
      // FNV-1a over the pixels: two measurements of an unchanged picture give the same digest.
      let digest = 0x811c9dc5;
      for (const byte of data) digest = Math.imul(digest ^ byte, 0x01000193) >>> 0;
      return {
        width: copy.width,
        height: copy.height,
        background: `#${background.toString(16).padStart(6, '0')}`,
        drawnShare: (total - backgroundCount) / total,
        colourCount: counts.size,
        digest,
        matches,
      };
    },
    { wanted: targetColours, position: gridPosition },
  );
  return pixels;
}

/**
 * How long a chart may take to show what a story applies: a hang guard, generous for a busy
 * machine; a chart that shows it sooner ends the wait at once.
 */
const CHART_PIXELS_WAIT_MS = 60_000;

/**
 * Measures the chart at each animation frame until `isDone` accepts what it shows (a story
 * applies its marks in an effect after the engine appears), then returns that measurement, or the
 * last one when {@link CHART_PIXELS_WAIT_MS} have passed.
 */
export async function waitForChartPixels<K extends string>(
  page: Page,
  colours: Record<K, Rgb>,
  isDone: (pixels: ChartPixels<K>) => boolean,
): Promise<ChartPixels<K>> {
  const deadline = Date.now() + CHART_PIXELS_WAIT_MS;
  let pixels = await measureChart(page, colours);
  while (!isDone(pixels) && Date.now() < deadline) {
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
    );
    pixels = await measureChart(page, colours);
  }
  return pixels;
}

/** `over` drawn at `alpha` on `under`, as the GPU blends it. */
export function blend(under: Rgb, over: Rgb, alpha: number): Rgb {
  const mix = (a: number, b: number) => Math.round(a + (b - a) * alpha);
  return [mix(under[0], over[0]), mix(under[1], over[1]), mix(under[2], over[2])];
}

/** The text the chart's aria-live region holds now. */
export function liveRegionText(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? '',
  );
}

/** Waits until the chart's live region says something containing `text`. */
export async function waitForAnnouncement(page: Page, text: string): Promise<string> {
  await page.waitForFunction(
    (expected) =>
      document
        .querySelector('[role="status"][aria-live="polite"]')
        ?.textContent.includes(expected) === true,
    text,
    { timeout: 30_000 },
  );
  return liveRegionText(page);
}
