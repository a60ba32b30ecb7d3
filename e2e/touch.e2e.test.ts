import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  type CourseProduct,
  completeLessonsBefore,
  registerSubscriber,
  startCourse,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'touch');
const PHONE = { width: 390, height: 844 };

/**
 * A learner on a phone's touch screen: the exercise pages scroll past their charts with a
 * vertical swipe that starts on the chart, a sideways swipe pans the chart instead, and the
 * page's instructions say "tap".
 */
describe('exercise pages on a touch phone', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  const errors: string[] = [];
  const url = (path: string) => `${product?.url ?? ''}${path}`;

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      window.__CHART_TEST__ = true;
    });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    cdp = await context.newCDPSession(page);
    await registerSubscriber(page, product.url, 'touch');
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** One finger from `from` to `to` (screen CSS pixels), as the browser's gestures see it. */
  async function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
    const steps = 12;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= steps; step++) {
      const t = step / steps;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /** Waits until the page has stopped scrolling (a swipe's fling goes on after the finger). */
  const settledScrollY = () =>
    page.evaluate(async () => {
      let still = 0;
      let last = window.scrollY;
      while (still < 10) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
      }
      return last;
    });

  /** Scrolls the exercise chart (the page's last) to the middle of the screen. */
  async function centreChart(): Promise<void> {
    const box = await page.evaluate(() => {
      const canvases = document.querySelectorAll('canvas');
      const last = canvases[canvases.length - 1]?.getBoundingClientRect();
      return last ? { top: last.top + window.scrollY, height: last.height } : undefined;
    });
    if (!box) throw new Error('no chart canvas');
    await page.evaluate((y) => window.scrollTo(0, y), box.top + box.height / 2 - PHONE.height / 2);
    await settledScrollY();
  }

  /** Opens `path` with its exercise chart in the middle of the screen. */
  async function openWithChartCentred(path: string): Promise<void> {
    await page.goto(url(path));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    await centreChart();
  }

  const chartView = () => page.evaluate(() => window.__chartEngine?.viewport);

  it('scrolls the zone lesson past its chart, pans it sideways, and says "tap"', async () => {
    await openWithChartCentred('/m1-welcome');
    const middle = { x: PHONE.width / 2, y: PHONE.height / 2 };
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, middle),
    ).toBe('CANVAS');
    const status = await page.locator('.exercise__status').first().textContent();
    expect(status).toMatch(/\(or tap twice\)/);
    expect(status).toMatch(/Pinch to zoom and swipe sideways to move the chart\./);
    expect(status).not.toMatch(/click/i);

    const startY = await settledScrollY();
    const startView = await chartView();
    await swipe({ x: middle.x, y: middle.y + 150 }, { x: middle.x, y: middle.y - 150 });
    const scrolledY = await settledScrollY();
    expect(scrolledY - startY).toBeGreaterThan(200);
    expect(await chartView()).toEqual(startView);

    await openWithChartCentred('/m1-welcome');
    const stillY = await settledScrollY();
    const before = await chartView();
    await swipe({ x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y + 4 });
    expect(await settledScrollY()).toBe(stillY);
    expect((await chartView())?.fromIndex).toBeGreaterThan((before?.fromIndex ?? 0) + 2);
    await page.screenshot({ path: join(SHOTS_DIR, 'zone-lesson-phone.png') });
    expect(errors).toEqual([]);
  });

  it('scrolls a trade-plan lesson past its chart; its status says "tap to place"', async () => {
    await completeLessonsBefore(page, product?.url ?? '', '/risk-plan-long');
    await openWithChartCentred('/risk-plan-long');
    expect(await page.locator('.exercise__status').first().textContent()).toMatch(
      /^Press Draw Line and tap to place the entry\./,
    );
    const startY = await settledScrollY();
    const middle = { x: PHONE.width / 2, y: PHONE.height / 2 };
    await swipe({ x: middle.x, y: middle.y + 150 }, { x: middle.x, y: middle.y - 150 });
    expect((await settledScrollY()) - startY).toBeGreaterThan(200);

    // In Draw Line mode the same swipe draws instead, and the page stays.
    await openWithChartCentred('/risk-plan-long');
    await page.getByRole('button', { name: 'Draw Line' }).click();
    await centreChart();
    const drawY = await settledScrollY();
    await swipe({ x: middle.x, y: middle.y - 60 }, { x: middle.x, y: middle.y + 60 });
    expect(await settledScrollY()).toBe(drawY);
    expect(await page.evaluate(() => window.__chartEngine?.lines().length)).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS_DIR, 'plan-lesson-phone.png') });
    expect(errors).toEqual([]);
  });
});
