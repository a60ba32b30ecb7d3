import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  newCoursePage,
  startCourse,
  type CourseProduct,
  registerSubscriber,
} from './support/course.js';
import { TEST_OUTPUT_DIR } from './support/product.js';

/**
 * Every chart lesson as a learner first sees it, at both screen sizes the course is checked at:
 * the chart opens on its zone tall enough to see and mark, the 1-hour view on every hour of the
 * puzzle, and screenshots of the opening view and of the revealed answer are written for review.
 */
const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, minimumZonePx: 24 },
  { name: 'phone', viewport: { width: 390, height: 844 }, minimumZonePx: 18 },
] as const;

/**
 * The lesson chart's size at each screen. The API checks every chart's opening view at these sizes
 * (PLACEMENTS in api/src/charts/scenario/framing.ts); if the app's layout moves, both must move.
 */
const LESSON_CHART_SIZE = {
  desktop: { width: 1102, height: 438 },
  phone: { width: 364, height: 438 },
} as const;

const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'exercises');

interface LessonSummary {
  id: number;
  path: string;
  c_num: number | null;
  twoseries: boolean;
  exerciseKind: 'zone' | 'plan';
}

interface Zone {
  upper: number;
  lower: number;
}

/** Pixels per dollar of the chart's price scale, measured from the engine's own mapping. */
async function pixelsPerDollar(page: Page): Promise<number> {
  return page.evaluate(() => {
    const engine = window.__chartEngine!;
    return Math.abs(engine.yOfPrice(100) - engine.yOfPrice(101));
  });
}

async function chartReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__chartEngine !== undefined);
  // Two frames: the first draw after the data arrived has happened.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * Marks a lesson done, as the lesson's Next button does: lessons open in order, so the walk through
 * the course completes each one before the next.
 */
async function completeLesson(page: Page, lessonId: number): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const response = await fetch('/users/update/', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ completed: id }),
    });
    return response.status;
  }, lessonId);
  expect({ lessonId, status }).toEqual({ lessonId, status: 200 });
}

/** The answer, learned the way a learner learns it after three missed tries. */
async function revealByThreeMisses(page: Page, lesson: number): Promise<Zone> {
  return page.evaluate(async (lessonId) => {
    let zone: { upper: number; lower: number } | undefined;
    for (let attempt = 0; attempt < 3 && !zone; attempt++) {
      const response = await fetch('/api/attempts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lesson: lessonId, lines: [0.01, 0.02] }),
      });
      zone = ((await response.json()) as { zone?: { upper: number; lower: number } }).zone;
    }
    if (!zone) throw new Error(`lesson ${lessonId} did not reveal its zone`);
    return zone;
  }, lesson);
}

/**
 * A trade-plan exercise, revealed after three plans that miss: its zone is given on the page
 * (`planSetup`), and what the three tries unlock is the model plan.
 */
async function revealPlanByThreeMisses(page: Page, lesson: LessonSummary): Promise<Zone> {
  return page.evaluate(async ({ id, path }) => {
    const pageResponse = await fetch(`/api/lessons${path}`, { credentials: 'include' });
    const { planSetup } = (await pageResponse.json()) as {
      planSetup: { zone: { type: string; upper: number; lower: number }; account: number };
    };
    const { zone } = planSetup;
    const long = zone.type === 'demand';
    // An entry far from the zone, a stop on the right side of it: graded, and missed.
    const entry = long ? zone.upper * 1.1 : zone.lower * 0.9;
    const plan = {
      lesson: id,
      entry,
      stop: long ? entry - 0.5 : entry + 0.5,
      target: long ? entry + 1 : entry - 1,
      account: planSetup.account,
      riskPercent: 1,
      size: 1,
    };
    let revealed = false;
    for (let attempt = 0; attempt < 3 && !revealed; attempt++) {
      const response = await fetch('/api/plans', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(plan),
      });
      revealed = ((await response.json()) as { revealed?: boolean }).revealed === true;
    }
    if (!revealed) throw new Error(`lesson ${id} did not reveal its model plan`);
    return zone;
  }, lesson);
}

describe('every chart lesson opens on a zone a beginner can find and mark', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;
  /** Every lesson, module by module in course order; chart lessons are the ones checked. */
  let lessons: LessonSummary[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    product = await startCourse();
    browser = await launchChromium();
    const response = await fetch(`${product.url}/api/lessons`);
    const body = (await response.json()) as { modules: { lessons: LessonSummary[] }[] };
    lessons = body.modules.flatMap((module) => module.lessons);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(SCREENS)('on a $name screen', async ({ name, viewport, minimumZonePx }) => {
    const url = (path: string) => `${product!.url}${path}`;
    let context: BrowserContext | undefined;
    try {
      const opened = await newCoursePage(browser!, { viewport });
      context = opened.context;
      const { page, errors } = opened;
      await registerSubscriber(page, product!.url, 'framing');

      expect(lessons.filter((lesson) => lesson.c_num).length).toBeGreaterThanOrEqual(15);
      const heights: { path: string; px: number }[] = [];
      for (const lesson of lessons) {
        if (!lesson.c_num) {
          await completeLesson(page, lesson.id);
          continue;
        }
        const slug = lesson.path.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-/, '');
        await page.goto(url(lesson.path));
        await chartReady(page);
        const canvas = page.locator('.exercise__chart canvas').first();
        await canvas.scrollIntoViewIfNeeded();
        const box = await canvas.boundingBox();
        expect({ path: lesson.path, width: box?.width, height: box?.height }).toEqual({
          path: lesson.path,
          ...LESSON_CHART_SIZE[name],
        });
        // Every exercise opens unsolved, even on a chart an earlier lesson showed.
        expect({
          path: lesson.path,
          answerShown: await page.locator('.exercise__answer').count(),
        }).toEqual({ path: lesson.path, answerShown: 0 });
        const perDollar = await pixelsPerDollar(page);
        await page.screenshot({ path: join(SHOTS_DIR, `${slug}-${name}.png`) });

        if (lesson.twoseries) {
          await page.getByRole('button', { name: '1hr' }).click();
          await page.waitForFunction(() => window.__chartEngine!.timeframe === '1hr');
          await page.evaluate(() => window.__chartEngine!.settled());
          // Every hour of the puzzle is in view: the viewport reaches from the first candle to
          // past the last one.
          const view = await page.evaluate(() => ({
            ...window.__chartEngine!.viewport,
            count: window.__chartEngine!.candleCount,
          }));
          expect(view.fromIndex).toBeLessThanOrEqual(0);
          expect(view.toIndex).toBeGreaterThanOrEqual(view.count - 1);
          await page.screenshot({ path: join(SHOTS_DIR, `${slug}-${name}-1hr.png`) });
          await page.getByRole('button', { name: '5min' }).click();
          await page.waitForFunction(() => window.__chartEngine!.timeframe === '5min');
        }

        const zone =
          lesson.exerciseKind === 'plan'
            ? await revealPlanByThreeMisses(page, lesson)
            : await revealByThreeMisses(page, lesson.id);
        heights.push({ path: lesson.path, px: (zone.upper - zone.lower) * perDollar });
        await page.reload();
        await chartReady(page);
        await page.locator('.exercise__answer').waitFor();
        await page.evaluate(() => window.__chartEngine!.settled());
        await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS_DIR, `${slug}-${name}-revealed.png`) });
        await completeLesson(page, lesson.id);
      }
      for (const height of heights) {
        expect({ ...height, tallEnough: height.px >= minimumZonePx }).toEqual({
          ...height,
          tallEnough: true,
        });
      }
      expect(errors).toEqual([]);
    } finally {
      await context?.close();
    }
  });
});
