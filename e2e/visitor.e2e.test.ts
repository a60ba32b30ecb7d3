import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  drawLines,
  learnZone,
  newCoursePage,
  pricesInside,
  startCourse,
  tapLines,
  type CourseProduct,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

const FIRST_HINT = 'draw where a Supply or Demand zone might be and then click Run';
const PASS_HINT = 'WOOHOO! You got it! Now click Next!';

describe('a visitor on the landing demo', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('draws two lines, fails, passes with WOOHOO and moves on with Next', async () => {
    const { page, errors, context } = await newCoursePage(browser!);
    await page.goto(product!.url);
    await page.getByRole('heading', { name: 'Practice S&D Trading Interactively' }).waitFor();
    await page.getByText('learning starts here').waitFor();
    await page.getByText(FIRST_HINT).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('localChartId'))).toBeNull();

    const zone = await learnZone(product!.url, 30, false);
    const height = zone.upper - zone.lower;
    // Two lines well above the zone: a miss.
    await drawLines(page, [zone.upper + height * 3, zone.upper + height * 4]);
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('1 failed try').waitFor();
    expect(await page.getByTestId('exercise-feedback').textContent()).toMatch(/\w+/);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 0);
    await drawLines(page, pricesInside(zone));
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText(PASS_HINT).waitFor();
    await page.getByRole('region', { name: 'The correct zone' }).waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'landing-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(FIRST_HINT).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('localChartId'))).toBe('2');
    await page.waitForFunction(() => window.__chartEngine?.lines().length === 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a narrow touch screen, with a dismissible notice', async () => {
    const { page, errors, context } = await newCoursePage(browser!, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(product!.url);
    const notice = page.getByText('Darn, so close! For optimal experience please visit this page', {
      exact: false,
    });
    await notice.waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'landing-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Dismiss' }).tap();
    expect(await notice.count()).toBe(0);

    // Two taps inside the zone, a few pixels apart: in Draw Line mode a tap always adds a line,
    // even next to the first one, so a thin zone can be marked by finger.
    const zone = await learnZone(product!.url, 30, false);
    await page.locator('.exercise__chart canvas').scrollIntoViewIfNeeded();
    await tapLines(page, pricesInside(zone));
    await page.getByRole('button', { name: 'Run' }).tap();
    await page.getByTestId('exercise-feedback').waitFor();
    expect(await page.getByTestId('exercise-feedback').textContent()).toMatch(/Well done/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path and sends visitors away from guarded ones', async () => {
    const { page, context } = await newCoursePage(browser!);
    await page.goto(`${product!.url}/no-such-lesson`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.goto(`${product!.url}/home`);
    await page.waitForURL(`${product!.url}/`);
    await page.goto(`${product!.url}/sup-zone`);
    await page.waitForURL(`${product!.url}/`);
    await context.close();
  });
});
