import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  newCoursePage,
  registerSubscriber,
  startCourse,
  type CourseProduct,
  type Zone,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

/**
 * The Practice Portal's real charts at both screen sizes the course is checked at: a real session
 * opens on a zone tall enough to see, nothing says which session it is until the answer, then the
 * strongest zone, the symbol and day, and a replay of the rest of the session show. Screenshots
 * of each step are written for review.
 */
const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, minimumZonePx: 24 },
  { name: 'phone', viewport: { width: 390, height: 844 }, minimumZonePx: 18 },
] as const;

const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'real-charts');

async function chartReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__chartEngine !== undefined);
  await page.evaluate(() => window.__chartEngine!.settled());
  // Two frames: the first draw after the data arrived has happened.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/** Three sure misses sent as the page sends answers: the zone shows after the third. */
async function revealByThreeMisses(page: Page, index: number): Promise<Zone> {
  return page.evaluate(async (real) => {
    let zone: Zone | undefined;
    for (let attempt = 0; attempt < 3 && !zone; attempt++) {
      const response = await fetch('/api/attempts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ real, lines: [0.01, 0.02] }),
      });
      zone = ((await response.json()) as { zone?: Zone }).zone;
    }
    if (!zone) throw new Error(`real chart ${real} did not reveal its zone`);
    return zone;
  }, index);
}

describe('real charts in the Practice Portal', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(SCREENS)(
    'finds a zone on a real session and watches what really happened, on a $name screen',
    async ({ name, viewport, minimumZonePx }) => {
      const opened = await newCoursePage(browser!, { viewport });
      const { page, errors } = opened;
      const shot = (step: string, fullPage = false) =>
        page.screenshot({ path: join(SHOTS_DIR, `real-${step}-${name}.png`), fullPage });
      try {
        await registerSubscriber(page, product!.url, `real-${name}`);
        await page.goto(`${product!.url}/practice`);
        await page.getByRole('button', { name: 'Real charts' }).click();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('button[aria-pressed="true"]')].some(
            (button) => button.textContent === 'Real charts',
          ),
        );
        const task = page.locator('.practice__task');
        await task.waitFor();
        expect(await task.textContent()).toMatch(
          /^Find a (demand|supply) zone on this real chart\.$/,
        );
        // The pool is made when the first real chart is asked for: seconds, once.
        await chartReady(page);
        expect(await page.getByLabel('Real chart', { exact: true }).textContent()).toBe('Chart 1');
        expect(await page.getByTestId('real-session').count()).toBe(0);
        const candles = await page.evaluate(() => window.__chartEngine!.candleCount);
        // The session before is shown too (a full one is 78 candles; a half day, as after a
        // holiday, fewer): the chart opens on an earlier New York day than the one it ends on.
        const days = await page.evaluate(() => {
          const engine = window.__chartEngine!;
          const day = (index: number) =>
            new Date((engine.candle(index)?.time ?? 0) * 1000).toLocaleDateString('en-US', {
              timeZone: 'America/New_York',
            });
          return [day(0), day(engine.candleCount - 1)];
        });
        expect(days[0]).not.toBe(days[1]);
        const perDollar = await page.evaluate(() =>
          Math.abs(window.__chartEngine!.yOfPrice(100) - window.__chartEngine!.yOfPrice(101)),
        );
        const textBefore = await page.locator('main').innerText();
        await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
        await shot('opening');
        await shot('opening-page', true);

        const zone = await revealByThreeMisses(page, 1);
        // The strongest zone, at the opening view, is tall enough to see and to mark.
        expect((zone.upper - zone.lower) * perDollar).toBeGreaterThanOrEqual(minimumZonePx);
        await page.reload();
        await chartReady(page);
        await page.locator('.exercise__answer').waitFor();
        const session = page.getByTestId('real-session');
        const sessionText = (await session.textContent()) ?? '';
        expect(sessionText).toMatch(/^This was [A-Z]+, \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
        const sessionName = sessionText.replace(/^This was /, '').replace(/\.$/, '');
        // Nothing on the page named the session before the answer.
        expect(textBefore).not.toContain(sessionName.split(',')[0]);
        expect(await page.getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Skip', exact: true }).count()).toBe(1);
        await session.scrollIntoViewIfNeeded();
        await shot('revealed');

        // The replay plays the rest of the session, to its close.
        await page.getByRole('button', { name: 'Replay what price did next' }).click();
        await page.waitForFunction(
          () => window.__chartEngine!.replayState.status === 'finished',
          undefined,
          { timeout: 90_000 },
        );
        await page.evaluate(() => window.__chartEngine!.settled());
        const after = await page.evaluate(() => window.__chartEngine!.candleCount);
        expect(after).toBeGreaterThan(candles);
        await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
        await shot('replayed');
        await page.locator('.exercise__answer').screenshot({
          path: join(SHOTS_DIR, `real-explanation-${name}.png`),
        });
        expect(await page.locator('.exercise__answer').innerText()).toContain(sessionName);

        // Skip: the next real chart, another session, unsolved.
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await page.waitForFunction(
          () => document.querySelector('[aria-label="Real chart"]')?.textContent === 'Chart 2',
        );
        await page.locator('.practice__task').waitFor();
        await chartReady(page);
        expect(await page.getByTestId('real-session').count()).toBe(0);
        expect(await page.locator('.exercise__answer').count()).toBe(0);
        await shot('second');

        // Take or skip on a real setup: a real return to a zone, then what really happened.
        await page.getByRole('button', { name: 'Take or skip the trade' }).click();
        await page
          .locator('.practice__task', { hasText: 'Price is coming back to this' })
          .waitFor();
        await chartReady(page);
        expect(await page.getByTestId('real-session').count()).toBe(0);
        await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
        await shot('decision-opening');
        await page.getByRole('radio', { name: 'Take' }).click();
        await page.getByRole('button', { name: 'Decide' }).click();
        const decided = page.getByTestId('real-session');
        await decided.waitFor();
        expect(await decided.textContent()).toMatch(
          /^This was [A-Z]+, \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
        );
        await page.getByRole('button', { name: /^Replay: / }).click();
        await page.getByTestId('decision-outcome').waitFor({ timeout: 90_000 });
        await page.evaluate(() => window.__chartEngine!.settled());
        await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
        await shot('decision-replayed');
        await shot('decision-page', true);
        expect(errors).toEqual([]);
      } finally {
        await opened.context.close();
      }
    },
    240_000,
  );
});
