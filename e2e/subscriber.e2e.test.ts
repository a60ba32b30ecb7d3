import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  completeLessonsBefore,
  learnZone,
  newCoursePage,
  PASSWORD,
  pricesInside,
  startCourse,
  type CourseProduct,
  type Zone,
  registerSubscriber,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

const DISCLAIMER = 'This course is for education only and is not financial advice.';

/** Three lessons of each module: text, illustrated (one animated) and chart lessons. */
const LESSONS_BY_MODULE: Record<string, readonly string[]> = {
  Foundations: ['/m1-welcome', '/m1-instruments', '/m1-informational'],
  Candlesticks: ['/m2-ohlc', '/m2-doji', '/m2-support'],
  'Supply and Demand Basics': ['/imb', '/limitOrdII', '/sup-zone'],
  'Finding Supply and Demand Zones': ['/comCrit', '/zone-refinement', '/higher-tf'],
  'Validating Supply and Demand Zones': ['/hp-reacts', '/validating-faz', '/validating-clean'],
};

/** Presses Tab until `target` has the focus: the way a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Waits for the chart's live region to announce a text containing `text`. */
async function announced(page: Page, text: string): Promise<void> {
  await page
    .locator('.exercise__chart [aria-live]', { hasText: text })
    .waitFor({ state: 'attached' });
}

async function linePrices(page: Page): Promise<number[]> {
  return page.evaluate(() => window.__chartEngine!.lines().map((line) => line.price));
}

/** A subscriber reads every module, draws by keyboard alone and carries lines between charts. */
describe('a subscriber in Chromium', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let errors: string[];
  let email: string;

  const url = (path: string) => `${product!.url}${path}`;

  beforeAll(async () => {
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
    ({ context, page, errors } = await newCoursePage(browser));
    email = await registerSubscriber(page, product.url, 'subscriber');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it.each(Object.entries(LESSONS_BY_MODULE))(
    'reads three lessons of %s, each with text, a takeaway, a picture and the disclaimer',
    async (moduleTitle, paths) => {
      for (const path of paths) {
        await completeLessonsBefore(page, product!.url, path);
        await page.goto(url(path));
        await page.locator('.lesson__title').waitFor();
        expect(await page.locator('.lesson__module').textContent()).toBe(moduleTitle);
        expect(await page.getByRole('dialog').count()).toBe(0);
        const words = ((await page.locator('.lesson__text').textContent()) ?? '').split(/\s+/);
        expect(words.length).toBeGreaterThanOrEqual(120);
        await page.getByRole('complementary', { name: 'Key takeaway' }).waitFor();
        await page.getByText(DISCLAIMER).waitFor();
        // Every lesson's picture is drawn by chart-kit; chart lessons show the exercise below.
        await page.locator('.illustration canvas').waitFor();
        const file = `lesson${path.replace(/[^A-Za-z0-9-]+/g, '-')}.png`;
        await page.screenshot({ path: join(TEST_OUTPUT_DIR, file), fullPage: true });
      }
    },
  );

  it('places, moves and deletes lines and passes a chart lesson with the keyboard alone', async () => {
    const zone = await learnZone(product!.url, 7, true);
    const [upper, lower] = pricesInside(zone);
    await page.goto(url('/m1-welcome'));
    await page.locator('.lesson__title').waitFor();

    await page.waitForFunction(() => window.__chartEngine !== undefined);
    const chart = page.locator('.exercise__chart [tabindex="0"]').first();

    // On the chart: Enter places a line at the keyboard crosshair, L selects it, Delete removes it.
    await tabTo(page, chart);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 1);
    await announced(page, 'Line 1 of 2 placed at');
    await page.keyboard.press('l');
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 0);
    await announced(page, 'deleted. 0 left.');

    // Typed prices, then the arrows move the selected line by one tick each way.
    await tabTo(page, page.getByText('Keyboard and typed prices'));
    await page.keyboard.press('Enter');
    for (const price of [upper, lower]) {
      await tabTo(page, page.getByLabel('Line at price'));
      await page.keyboard.type(String(price));
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 2);
    const typed = await linePrices(page);
    await tabTo(page, chart);
    await page.keyboard.press('l');
    await page.keyboard.press('ArrowUp');
    const raised = await linePrices(page);
    const selected = raised.findIndex((price, index) => price !== typed[index]);
    expect(raised.filter((price, index) => price !== typed[index])).toHaveLength(1);
    // One tick up, landing on the tick grid.
    expect(raised[selected]).toBeGreaterThan(typed[selected]!);
    await announced(page, 'Line moved to');
    await page.keyboard.press('ArrowDown');
    const lowered = await linePrices(page);
    expect(lowered[selected]).toBeLessThan(raised[selected]!);
    expect(lowered[1 - selected]).toBe(typed[1 - selected]);
    await page.keyboard.press('Escape');

    await tabTo(page, page.getByRole('button', { name: 'Try' }));
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'The correct zone' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/m1-welcomeII'));
  });

  it('carries the zone of a push-line chart to the pull-line chart, on every device', async () => {
    await completeLessonsBefore(page, product!.url, '/validating-faz');
    // Three misses: the server shows the correct zone, and keeps it for the next lesson.
    const faz = (await (await page.request.get(url('/api/lessons/validating-faz'))).json()) as {
      id: number;
    };
    let zone: Zone | undefined;
    for (let tries = 0; tries < 3; tries += 1) {
      const missed = await page.request.post(url('/api/attempts'), {
        data: { lesson: faz.id, lines: [0.01, 0.02] },
      });
      zone = ((await missed.json()) as { zone?: Zone }).zone;
    }
    if (!zone) throw new Error('three misses did not reveal the zone of /validating-faz');
    await page.goto(url('/validating-faz'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    await page.getByRole('region', { name: 'The correct zone' }).waitFor();

    // The learner then marks the zone and passes: the server keeps their own lines instead.
    await page.getByText('Keyboard and typed prices').click();
    const drawn = pricesInside(zone).map((price) => Number(price.toFixed(2)));
    for (const price of drawn) {
      await page.getByLabel('Line at price').fill(String(price));
      await page.getByRole('button', { name: 'Place line' }).click();
    }
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 2);
    const pushed = await linePrices(page);
    await page.getByRole('button', { name: 'Try' }).click();
    await page.getByTestId('exercise-feedback').waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'push-line.png'), fullPage: true });

    await completeLessonsBefore(page, product!.url, '/validating-clean');
    await page.goto(url('/validating-clean'));
    await page
      .getByText('The dashed lines are the zone you marked on the previous lesson')
      .waitFor();
    await page.waitForFunction(() => window.__chartEngine?.fixedLinePrices().length === 2);
    expect(await page.evaluate(() => window.__chartEngine!.fixedLinePrices())).toEqual(pushed);
    // Pulled lines are shown, not the learner's own: the exercise starts with none drawn.
    expect(await linePrices(page)).toEqual([]);
    // The server is the one place they are kept: nothing in this browser's storage.
    expect(await page.evaluate(() => localStorage.getItem('userlines'))).toBeNull();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'pull-line.png'), fullPage: true });

    // The same learner on a phone, logged in afresh: the lines come from the server there too.
    const phone = await newCoursePage(browser!, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await phone.page.goto(url('/login'));
      await phone.page.getByLabel('Email').fill(email);
      await phone.page.getByLabel('Password').fill(PASSWORD);
      await phone.page.getByRole('button', { name: 'Login' }).click();
      await phone.page.waitForURL(url('/home'));
      await phone.page.goto(url('/validating-clean'));
      await phone.page
        .getByText('The dashed lines are the zone you marked on the previous lesson')
        .waitFor();
      await phone.page.waitForFunction(() => window.__chartEngine?.fixedLinePrices().length === 2);
      expect(await phone.page.evaluate(() => window.__chartEngine!.fixedLinePrices())).toEqual(
        pushed,
      );
      await phone.page.screenshot({
        path: join(TEST_OUTPUT_DIR, 'pull-line-phone.png'),
        fullPage: true,
      });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('stays readable at 200% zoom: no page scrolls sideways', async () => {
    // 1280x800 at 200% zoom is a 640x400 CSS-pixel viewport at twice the pixel density.
    const zoomed = await browser!.newContext({
      viewport: { width: 640, height: 400 },
      deviceScaleFactor: 2,
      storageState: await context!.storageState(),
    });
    const zoomedPage = await zoomed.newPage();
    try {
      for (const path of ['/', '/home', '/m1-trading-gps', '/sup-zone', '/pricing', '/practice']) {
        await zoomedPage.goto(url(path));
        await zoomedPage.locator('h1, .lesson__title, dialog').first().waitFor();
        const overflow = await zoomedPage.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect({ path, overflow }).toEqual({ path, overflow: 0 });
        // The page and a modal fade in: photograph them once they have, not half-way (or blank).
        await zoomedPage.waitForFunction(() =>
          [...document.querySelectorAll('.app-shell__page, dialog.modal')].every(
            (element) => getComputedStyle(element).opacity === '1',
          ),
        );
        const file = `zoom-200${path === '/' ? '-landing' : path.replace(/\W+/g, '-')}.png`;
        await zoomedPage.screenshot({ path: join(TEST_OUTPUT_DIR, file) });
      }
    } finally {
      await zoomed.close();
    }
    expect(errors).toEqual([]);
  });
});
