import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  completeLessonsBefore,
  drawLines,
  newCoursePage,
  startCourse,
  type CourseProduct,
  registerSubscriber,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

interface PlanSetup {
  zone: { type: 'supply' | 'demand'; upper: number; lower: number };
  opposing: { upper: number; lower: number };
  account: number;
  riskPercent: number;
}

interface LessonBody {
  id: number;
  planSetup: PlanSetup;
}

const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'plans');

async function linesByRole(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      (window.__chartEngine!.lines() as readonly { role?: string; price: number }[]).map((line) => [
        line.role ?? '',
        line.price,
      ]),
    ),
  );
}

/** Types a price into the chart's price field with the keyboard alone and presses Enter. */
async function typeLine(page: Page, price: number): Promise<void> {
  const field = page.getByLabel('Line at price');
  await field.focus();
  await page.keyboard.type(price.toFixed(2));
  await page.keyboard.press('Enter');
}

describe('a subscriber plans trades at zones (Managing Risk)', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let errors: string[];
  const url = (path: string) => `${product!.url}${path}`;

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
    ({ context, page, errors } = await newCoursePage(browser));
    await registerSubscriber(page, product.url, 'planner');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  it('places a plan by mouse, is told every rule it broke, then sees the course’s plan play out', async () => {
    await completeLessonsBefore(page, product!.url, '/risk-plan-long');
    const lesson = (await (
      await page.request.get(url('/api/lessons/risk-plan-long'))
    ).json()) as LessonBody;
    const { zone, opposing } = lesson.planSetup;
    const height = zone.upper - zone.lower;
    await page.goto(url('/risk-plan-long'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    await page.screenshot({ path: join(SHOTS_DIR, 'plan-long-desktop.png') });

    // Entry above the zone, stop inside it, target inside the supply above: three broken rules.
    await drawLines(page, [zone.upper + 2 * height, zone.lower + height / 2, opposing.upper]);
    const placed = await linesByRole(page);
    expect(Object.keys(placed).sort()).toEqual(['Entry', 'Stop', 'Target']);
    // The panel works the size out live: 250 dollars over the distance from entry to stop, and
    // no more than 100,000 dollars of buying power pays for.
    const size = Math.min(
      Math.floor(250 / Math.abs(placed.Entry! - placed.Stop!)),
      Math.floor(100_000 / placed.Entry!),
    );
    await page.getByTestId('plan-size').getByText(`${size} shares`).waitFor();
    const ratio = Math.abs(placed.Target! - placed.Entry!) / Math.abs(placed.Entry! - placed.Stop!);
    await page
      .getByTestId('plan-ratio')
      // The ratio's spaces are no-break spaces, so that it never wraps.
      .getByText(`${ratio.toFixed(1)}\u00a0:\u00a01`)
      .waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'plan-long-placed-desktop.png') });

    await page.getByRole('button', { name: 'Try' }).click();
    const feedback = page.getByTestId('plan-feedback');
    await feedback.waitFor();
    const sentences = await feedback.locator('li').allTextContents();
    expect(sentences.join(' ')).toMatch(/above the zone/);
    expect(sentences.join(' ')).toMatch(/inside or above the zone/);
    expect(sentences.join(' ')).toMatch(/opposing zone/);
    await page.screenshot({ path: join(SHOTS_DIR, 'plan-long-feedback-desktop.png') });

    // Two more tries by keyboard alone: the course's plan is then shown.
    await page.getByText('Keyboard and typed prices').click();
    for (let tries = 0; tries < 2; tries += 1) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      for (const price of [zone.upper + 2 * height, zone.lower + height / 2, opposing.upper]) {
        await typeLine(page, price);
      }
      await page.waitForFunction(() => window.__chartEngine!.lines().length === 3);
      await page.getByRole('button', { name: 'Try' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(`${tries + 2} failed tries`, { exact: false }).waitFor();
    }
    const answer = page.getByRole('region', { name: "The course's plan" });
    await answer.waitFor();
    await page.getByRole('button', { name: /Replay/ }).click();
    await page.waitForFunction(
      () =>
        (window.__chartEngine as unknown as { replayState: { status: string } }).replayState
          .status === 'finished',
      undefined,
      { timeout: 60_000 },
    );
    // The words are the server's: how each trade ended and what it teaches.
    const outcome = await page.getByTestId('plan-outcome').textContent();
    expect(outcome).toMatch(
      /^(Price never came back to your entry|Reached the target|Stopped (out|through a gap)|Price gapped through your whole plan|Your entry at [\d.]+ was (above|below) the price|Closed at the session's close|Still open where the chart ends)/,
    );
    // A plan that broke the rules is never called a good trade.
    expect(outcome).not.toMatch(/good trade/);
    expect(await page.getByTestId('model-outcome').textContent()).toMatch(
      /^Reached the target.*The plan worked as planned\./,
    );
    await page.getByRole('button', { name: 'Skip', exact: true }).waitFor();
    await page.screenshot({
      path: join(SHOTS_DIR, 'plan-long-replayed-desktop.png'),
      fullPage: true,
    });
  });

  it('passes a short plan on a phone with typed prices', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await completeLessonsBefore(page, product!.url, '/risk-plan-short');
    const lesson = (await (
      await page.request.get(url('/api/lessons/risk-plan-short'))
    ).json()) as LessonBody;
    const { zone, opposing } = lesson.planSetup;
    expect(zone.type).toBe('supply');
    const buffer = (zone.upper - zone.lower) / 4;
    const entry = zone.lower;
    const stop = zone.upper + buffer;
    const target = opposing.upper + buffer;
    await page.goto(url('/risk-plan-short'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    await page.getByText('Keyboard and typed prices').click();
    for (const price of [entry, stop, target]) await typeLine(page, price);
    await page.waitForFunction(() => window.__chartEngine!.lines().length === 3);
    const ratio = (entry - target) / (stop - entry);
    expect(ratio).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Try' }).click();
    await page
      .getByTestId('plan-feedback')
      .getByText('Well done! Your plan follows every rule.')
      .waitFor();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'plan-short-passed-phone.png'), fullPage: true });
    await page
      .locator('.plan')
      .screenshot({ path: join(SHOTS_DIR, 'plan-short-exercise-phone.png') });
    // Nothing scrolls sideways on the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('skips a zone for its reasons, sees the course’s checks and what a 2R trade met', async () => {
    // Last: the plans come before take-or-skip in the module, and are completed on the way here.
    await page.setViewportSize({ width: 1280, height: 800 });
    await completeLessonsBefore(page, product!.url, '/risk-decide');
    await page.goto(url('/risk-decide'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    const decision = page.getByRole('complementary', { name: 'Your decision' });
    // The zone is scored first, on the Finding module's checklist.
    await decision.getByLabel(/Time on the zone: a base of one or two/).check();
    await decision.getByLabel(/Freshness: price has not come back/).check();
    expect(await page.getByTestId('decision-score').textContent()).toBe(
      'Your score: 2 of 5, a C, which the course passes over.',
    );
    await decision.getByRole('radio', { name: 'Skip' }).click();
    // Decide is offered only with a reason to skip.
    await expect(decision.getByRole('button', { name: 'Decide' }).isDisabled()).resolves.toBe(true);
    await decision.getByLabel(/Room: a target/).check();
    await page.screenshot({ path: join(SHOTS_DIR, 'decision-skip-desktop.png') });
    await decision.getByRole('button', { name: 'Decide' }).click();
    const verdict = page.getByTestId('decision-verdict');
    await verdict.waitFor();
    const checks = await page.getByTestId('decision-checks').locator('li').allTextContents();
    expect(checks).toHaveLength(4);
    // The course's score of the same zone, criterion by criterion, beside the learner's.
    const readings = await page.getByTestId('decision-scorecard').locator('li').allTextContents();
    const starts = [
      /^. Time on the zone:/,
      /^. The base:/,
      /^. The move out:/,
      /^. Psycho/,
      /^. Fresh/,
    ];
    expect(readings).toHaveLength(starts.length);
    readings.forEach((reading, at) => expect(reading).toMatch(starts[at]!));
    expect(await page.getByTestId('decision-score-verdict').textContent()).toMatch(
      /^(Scored right|You scored it 2 of 5; the course scores it \d of 5)/,
    );
    // Chart 43's zone scores a B or better: its grade passes, its room does not.
    expect(checks[0]).toMatch(/^✓ Grade: the zone scores [45] of 5/);
    expect(checks[1]).toMatch(/^✗ Room: the next demand zone leaves only \d\.\dR/);
    // Right exactly when the reasons ticked are the checks that fail.
    const failing = checks.filter((check) => check.startsWith('✗')).length;
    expect(await verdict.textContent()).toMatch(
      failing === 1 ? /for the right reasons/ : /not for the reasons given/,
    );
    await page.getByRole('button', { name: /Replay: see what a 2R trade met/ }).click();
    await page.getByTestId('decision-outcome').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('decision-outcome').textContent()).toMatch(
      /^Skipping avoided a loss: the 2R trade would have been stopped (out, −1\.0R\.|through a gap)/,
    );
    await page
      .getByRole('link', { name: 'Next' })
      .or(page.getByRole('button', { name: 'Next' }))
      .first()
      .waitFor();
    await page.screenshot({
      path: join(SHOTS_DIR, 'decision-replayed-desktop.png'),
      fullPage: true,
    });
    expect(errors).toEqual([]);
  });

  it('sees its record: the win rate, the expectancy and what so few trades can tell', async () => {
    await page.goto(url('/results'));
    const formula = page.getByTestId('results-formula');
    await formula.waitFor();
    expect(await formula.textContent()).toMatch(
      /^Expectancy = win rate × average win − loss rate × average loss/,
    );
    // Two plans at most have closed here: far too few to say anything, and the page says so.
    expect(await page.getByTestId('results-sample').textContent()).toMatch(
      /It takes dozens of trades before an average in R means much\.$|^No trade has closed yet/,
    );
    await page.screenshot({ path: join(SHOTS_DIR, 'results-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('chooses how to manage a trade, then sees every rule played out on it', async () => {
    await completeLessonsBefore(page, product!.url, '/risk-manage-stops');
    await page.goto(url('/risk-manage-stops'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    const panel = page.getByRole('complementary', { name: 'Your management rule' });
    const rules = panel.getByRole('radio');
    expect(await rules.count()).toBe(5);
    // Try is offered only once a rule is chosen.
    await expect(panel.getByRole('button', { name: 'Try' }).isDisabled()).resolves.toBe(true);
    await panel
      .getByRole('radio', { name: /^Breakeven: at \+1R, move the stop to the entry/ })
      .click();
    await page.screenshot({ path: join(SHOTS_DIR, 'manage-chosen-desktop.png') });
    await panel.getByRole('button', { name: 'Try' }).click();
    const verdict = page.getByTestId('manage-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/^Right: that is the rule this lesson teaches\./);
    await page.getByRole('button', { name: /Replay: watch the trade and every rule/ }).click();
    const outcomes = page.getByTestId('manage-outcomes');
    await outcomes.waitFor({ timeout: 60_000 });
    const told = await outcomes.locator('dd').allTextContents();
    expect(told.map((sentence) => sentence.split(':')[0])).toEqual([
      'Holding',
      'Breakeven',
      'Half off at +1R',
      'Trailing',
      'Time stop',
    ]);
    for (const sentence of told) expect(sentence).toMatch(/[+−]?\d\.\dR( in all)?\.$/);
    expect(await page.getByTestId('manage-lesson').textContent()).toMatch(
      /never by one\.$|Every rule ended this trade|no rule had a trade/,
    );
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'manage-replayed-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('manages a short trade on a phone, with every rule’s result in words', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await completeLessonsBefore(page, product!.url, '/risk-manage-exits');
    await page.goto(url('/risk-manage-exits'));
    await page.waitForFunction(() => window.__chartEngine !== undefined);
    const panel = page.getByRole('complementary', { name: 'Your management rule' });
    // Not the lesson's rule: the answer says which one it is, and still shows every result.
    await panel.getByRole('radio', { name: /^Hold:/ }).click();
    await panel.getByRole('button', { name: 'Try' }).click();
    const verdict = page.getByTestId('manage-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(
      /^Not this lesson’s rule\. You chose “Hold.*The course’s rule here: Half off: at \+1R, buy back half/,
    );
    await page.getByRole('button', { name: /Replay: watch the trade and every rule/ }).click();
    await page.getByTestId('manage-outcomes').waitFor({ timeout: 60_000 });
    // Answered, though not right: the way on opens as after three missed zones.
    await page.getByRole('button', { name: 'Skip', exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS_DIR, 'manage-replayed-phone.png'), fullPage: true });
    await page
      .locator('.manage')
      .screenshot({ path: join(SHOTS_DIR, 'manage-exercise-phone.png') });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
