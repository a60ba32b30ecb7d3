import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  completeLessonsBefore,
  dragZone,
  drawLines,
  learnZone,
  newCoursePage,
  PASSWORD,
  pricesInside,
  startCourse,
  uniqueEmail,
  type CourseProduct,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

const WALL = "Let's keep it going! You must be subscribed to access this content";

/** One learner's whole course, in order: each step starts where the one before ended. */
describe('a learner in Chromium', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const email = uniqueEmail('learner');

  const url = (path: string) => `${product!.url}${path}`;
  const shoot = async (name: string) => {
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, `${name}-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
    ({ context, page, errors } = await newCoursePage(browser));
  });

  afterAll(async () => {
    await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('registers and lands on the hub with a visible notice', async () => {
    await page.goto(url('/register'));
    await page.getByRole('heading', { name: 'Create a Free Account' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Already have an account? - Login Here' }).count(),
    ).toBe(1);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign me up!' }).click();
    // The API's own reason, visible in the page.
    await page.getByRole('alert').getByText('at least 8 characters').waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign me up!' }).click();
    await page.waitForURL(url('/home'));
    await page.getByText('successfully registered user').waitFor();
    await page.getByRole('heading', { name: 'Foundations' }).waitFor();
    expect(await page.locator('.catalogue').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.lesson-card--open').count()).toBeGreaterThan(0);
    expect(await page.locator('.lesson-card--locked').count()).toBeGreaterThan(0);
    await shoot('hub');
  });

  it('passes a chart lesson', async () => {
    const zone = await learnZone(product!.url, 7, true);
    await page.goto(url('/m1-welcome'));
    await page.getByText('Page 1 of 7').waitFor();
    // The lesson's picture panel starts open and folds away.
    await page.locator('.show-chart canvas').waitFor();
    await page.getByRole('button', { name: 'Hide Chart' }).click();
    await page.locator('.show-chart canvas').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show Chart' }).click();
    await page.locator('.show-chart canvas').waitFor();
    // The picture is an image, not a control: the first chart Tab reaches is the exercise's.
    await page.locator('.exercise__chart canvas').waitFor();
    await page.locator('body').focus();
    let focused = '';
    for (let press = 0; press < 60 && !focused; press += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        const active = document.activeElement;
        if (!(active instanceof HTMLCanvasElement)) return '';
        return active.closest('.exercise__chart') ? 'exercise' : 'illustration';
      });
    }
    expect(focused).toBe('exercise');
    // The zone is marked with one drag, the exercise's main way.
    await dragZone(page, pricesInside(zone));
    await page.getByRole('button', { name: 'Try' }).click();
    await page.getByRole('region', { name: 'The correct zone' }).waitFor();
    await page.getByRole('button', { name: 'Replay what price did next' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL(url('/m1-welcomeII'));
  });

  it('fails a chart lesson three times, sees the zone and skips', async () => {
    await page.getByText('Page 2 of 7').waitFor();
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    // Fewer than two lines is not a try: the API says why and nothing is counted.
    await page.getByRole('button', { name: 'Try' }).click();
    await page.getByRole('alert').waitFor();
    const prices = await page.evaluate(() => {
      const engine = window.__chartEngine as unknown as { priceAtY(y: number): number };
      return [engine.priceAtY(12), engine.priceAtY(20)];
    });
    await drawLines(page, prices);
    for (const tries of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Try' }).click();
      await page.getByText(`${tries} failed ${tries === 1 ? 'try' : 'tries'}`).waitFor();
    }
    await page.getByRole('region', { name: 'The correct zone' }).waitFor();
    await page.locator('.exercise__answer p').first().waitFor();
    await shoot('chart-lesson-revealed');
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.waitForURL(url('/m1-trading-gps'));
  });

  it('reads a text lesson and goes on with Next', async () => {
    await page.getByText('Page 3 of 7').waitFor();
    await page.locator('.illustration canvas').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL(url('/m1-instruments'));
  });

  it('finds a lesson further on locked until the one before it is done', async () => {
    await page.goto(url('/m1-informational'));
    await page.getByText('lessons open in order').waitFor();
    await page.getByRole('link', { name: /^Go to/ }).click();
    await page.waitForURL(url('/m1-instruments'));
    await page.locator('.lesson__title').waitFor();
  });

  it('meets the subscription wall, subscribes in test mode and cancels', async () => {
    await page.goto(url('/imb'));
    await page.getByRole('dialog', { name: WALL }).waitFor();
    await page.getByRole('link', { name: 'Continue Learning' }).click();
    await page.waitForURL(url('/pricing'));
    await page.getByText('Test mode — no card is charged').waitFor();
    await page.getByText('14.99 USD').waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(url('/home?checkout=success'));

    await completeLessonsBefore(page, product!.url, '/imb');
    await page.goto(url('/imb'));
    await page.locator('.lesson__title').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await completeLessonsBefore(page, product!.url, '/sup-zone');
    await page.goto(url('/sup-zone'));
    const skip = page.getByRole('button', { name: 'Skip', exact: true });
    await skip.waitFor();
    expect(await skip.isDisabled()).toBe(true);

    await page.goto(url('/pricing'));
    const cancelPlan = page.getByRole('button', { name: 'cancel plan' });
    await cancelPlan.click();
    // It asks first; Escape keeps the plan and gives focus back to the link.
    const confirm = page.getByRole('dialog', { name: 'Cancel your Pro Plan?' });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await cancelPlan.evaluate((element) => element === document.activeElement)).toBe(true);
    await cancelPlan.click();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('successfully canceled ProPlan subscription').waitFor();
    // The page says when the plan ends and offers to take the cancellation back.
    const ends = page.getByTestId('plan-ends');
    await ends.waitFor();
    expect(await ends.textContent()).toMatch(/ends on \d{1,2} \w+ \d{4}/);
    expect(await page.getByRole('button', { name: 'cancel plan' }).count()).toBe(0);
    await shoot('pricing-canceled');
    await page.getByRole('button', { name: 'Resume plan' }).click();
    await page.getByText('Your Pro Plan is active again and renews every month.').waitFor();
    await page.getByText('You have the Pro Plan.').waitFor();
    // The lessons stay open throughout.
    await page.goto(url('/imb'));
    await page.locator('.lesson__title').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('practises through ten charts of its own with Back and Leave', async () => {
    await page.goto(url('/practice'));
    // The portal opens on Practise what I need; the fixed round is one choice away.
    await page.getByRole('button', { name: 'Find zones' }).click();
    const modal = page.getByRole('dialog', { name: /^Find a (supply|demand) zone$/ });
    await modal.waitFor();
    await modal.click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('1/10').waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await shoot('practice');
    for (let position = 2; position <= 10; position += 1) {
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByText(`${position}/10`).waitFor();
      await page.getByRole('dialog').click();
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('9/10').waitFor();
    // Going back does not ask again what to find: the chart is there to look at at once.
    await page.locator('.exercise__chart canvas').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Leave' }).count()).toBe(0);
    // Nothing was passed there: going back does not turn Skip into Next.
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.getByText('10/10').waitFor();
    await page.getByRole('dialog').click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/home'));
  });

  it('keeps practice after the first chart for the Pro Plan', async () => {
    const { context: freeContext, page: freePage } = await newCoursePage(browser!);
    try {
      await freePage.goto(url('/register'));
      await freePage.getByLabel('Email').fill(uniqueEmail('taster'));
      await freePage.getByLabel('Password').fill(PASSWORD);
      await freePage.getByRole('button', { name: 'Sign me up!' }).click();
      await freePage.waitForURL(url('/home'));
      await freePage.goto(url('/practice'));
      await freePage.getByRole('button', { name: 'Find zones' }).click();
      await freePage.getByText('Your first chart is free').waitFor();
      const modal = freePage.getByRole('dialog', { name: /^Find a (supply|demand) zone$/ });
      await modal.waitFor();
      await modal.click();
      await freePage.getByRole('button', { name: 'Skip', exact: true }).click();
      await freePage.getByRole('dialog', { name: WALL }).waitFor();
      await freePage.getByRole('link', { name: 'Continue Learning' }).click();
      await freePage.waitForURL(url('/pricing'));
    } finally {
      await freeContext.close();
    }
  });

  it('logs out to the start page', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));
    await page.goto(url('/home'));
    await page.waitForURL(url('/'));
    expect(errors).toEqual([]);
  });
});
