import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  completeLessonsBefore,
  dragZone,
  newCoursePage,
  pricesInside,
  registerSubscriber,
  startCourse,
  tapLines,
  type CourseProduct,
  type Zone,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

/**
 * A learner passes a lesson about how price comes back to a zone, marking it as a beginner does
 * (one drag with a mouse, two taps on a phone), and watches the chart play the return by itself;
 * then answers a take-or-skip lesson by taps or clicks.
 */
const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'return-replay');
const RETURN_LESSON = '/hp-reacts-sb';

let product: CourseProduct | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  product = await startCourse();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The lesson's zone, learned by another subscriber's three missed tries. */
async function zoneOfLesson(path: string): Promise<Zone> {
  const { context, page } = await newCoursePage(browser!);
  try {
    await registerSubscriber(page, product!.url, 'scout');
    await completeLessonsBefore(page, product!.url, path);
    const lesson = (await (
      await page.request.get(`${product!.url}/api/lessons${path}`)
    ).json()) as {
      id: number;
    };
    let zone: Zone | undefined;
    for (let tries = 0; tries < 3 && !zone; tries += 1) {
      const answer = await page.request.post(`${product!.url}/api/attempts`, {
        data: { lesson: lesson.id, lines: [0.01, 0.02] },
      });
      zone = ((await answer.json()) as { zone?: Zone }).zone;
    }
    if (!zone) throw new Error(`${path} did not reveal its zone`);
    return zone;
  } finally {
    await context.close();
  }
}

async function press(
  page: Page,
  touch: boolean,
  name: string,
  role: 'button' | 'radio' = 'button',
): Promise<void> {
  const button = page.getByRole(role, { name, exact: true });
  if (touch) await button.tap();
  else await button.click();
}

it.each([
  { name: 'desktop', touch: false, options: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    touch: true,
    options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  },
])('passes a return lesson and watches price come back, on a $name screen', async (screen) => {
  const zone = await zoneOfLesson(RETURN_LESSON);
  const { context, page, errors } = await newCoursePage(browser!, screen.options);
  try {
    const url = product!.url;
    await registerSubscriber(page, url, `return-${screen.name}`);
    await completeLessonsBefore(page, url, RETURN_LESSON);
    await page.goto(`${url}${RETURN_LESSON}`);
    await page.locator('.exercise__chart canvas').first().waitFor();
    if (screen.touch) await tapLines(page, pricesInside(zone));
    else await dragZone(page, pricesInside(zone));
    const puzzleCandles = await page.evaluate(() => window.__chartEngine!.candleCount);
    await press(page, screen.touch, 'Try');
    await page.getByText('Well done!').waitFor();
    // The chart plays on by itself, through price's return to the zone, and stops there.
    await page.waitForFunction(
      () => window.__chartEngine!.replayState.status === 'finished',
      undefined,
      { timeout: 30_000 },
    );
    const shown = await page.evaluate(() => window.__chartEngine!.candleCount);
    expect(shown).toBeGreaterThan(puzzleCandles);
    await page.screenshot({ path: join(SHOTS_DIR, `passed-${screen.name}.png`), fullPage: true });

    await completeLessonsBefore(page, url, '/risk-decide-ii');
    await page.goto(`${url}/risk-decide-ii`);
    await page.locator('.exercise__chart canvas').first().waitFor();
    await press(page, screen.touch, 'Take', 'radio');
    await press(page, screen.touch, 'Decide');
    await page.getByText('The course takes this trade').waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, `decided-${screen.name}.png`), fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
