import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  dragZone,
  drawLines,
  learnZone,
  newCoursePage,
  pricesInside,
  registerSubscriber,
  startCourse,
  type CourseProduct,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

const PASS_HINT = 'WOOHOO! You got it! Now click Next!';

/**
 * A browser with WebGL turned off (a locked-down school or office machine, an old driver on the
 * blocklist): the course's charts draw with Canvas 2D and every exercise works as usual.
 */
describe('the course in a Chromium started with WebGL disabled', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium(['--disable-webgl']);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('passes the landing demo and a chart lesson on Canvas 2D', async () => {
    const { page, errors, context } = await newCoursePage(browser!);
    try {
      // The browser really has no WebGL.
      await page.goto(product!.url);
      expect(
        await page.evaluate(() => document.createElement('canvas').getContext('webgl') === null),
      ).toBe(true);

      const demoZone = await learnZone(product!.url, 30, false);
      await page.waitForFunction(() => window.__chartEngine !== undefined);
      await drawLines(page, pricesInside(demoZone));
      await page.getByRole('button', { name: 'Run' }).click();
      await page.getByText(PASS_HINT).waitFor();
      await page.getByRole('region', { name: 'The correct zone' }).waitFor();
      expect(await page.evaluate(() => window.__chartEngine!.rendererName)).toBe('canvas2d');

      const zone = await learnZone(product!.url, 7, true);
      await registerSubscriber(page, product!.url, 'no-webgl');
      await page.goto(`${product!.url}/m1-welcome`);
      await page.locator('.exercise__chart canvas').waitFor();
      await page.waitForFunction(() => window.__chartEngine !== undefined);
      await dragZone(page, pricesInside(zone));
      await page.getByRole('button', { name: 'Try' }).click();
      await page.getByRole('region', { name: 'The correct zone' }).waitFor();
      expect(await page.evaluate(() => window.__chartEngine!.rendererName)).toBe('canvas2d');
      await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'lesson-without-webgl.png') });
      // Nothing on the page asked for WebGL in vain.
      expect(errors).toEqual([]);
      expect(await page.getByText(/WebGL/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
