import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  decideUntilRevealed,
  manageUntilRevealed,
  missPlanThreeTimes,
  newCoursePage,
  startCourse,
  type CourseProduct,
  registerSubscriber,
} from './support/course.js';
import { PLACEMENTS, type PlacementName } from '@course/rules';
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

/** Where each kind of chart is shown, at the sizes the API frames every opening view for. */
const placementNamed = (name: PlacementName) => {
  const found = PLACEMENTS.find((placement) => placement.name === name);
  if (!found) throw new Error(`no placement ${name}`);
  return found;
};

const SHOTS_DIR = join(TEST_OUTPUT_DIR, 'exercises');

interface LessonSummary {
  id: number;
  path: string;
  c_num: number | null;
  twoseries: boolean;
  exerciseKind: 'zone' | 'plan' | 'decision' | 'manage';
  showReturn: boolean;
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

  it.each(SCREENS)(
    'shows the landing demo and the Practice Portal at the sizes their charts are framed for, on a $name screen',
    async ({ name, viewport }) => {
      const opened = await newCoursePage(browser!, { viewport });
      try {
        const { page, errors } = opened;
        const chartSize = async () => {
          await chartReady(page);
          const box = await page.locator('canvas').first().boundingBox();
          // Layout gives fractions of a pixel (319.9999 for a height of 320).
          return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
        };
        await page.goto(product!.url);
        // On a phone the demo starts below the fold and loads when the visitor scrolls to it.
        await page.locator('.landing__demo').scrollIntoViewIfNeeded();
        expect(await chartSize()).toEqual(placementNamed('landing')[name]);
        await registerSubscriber(page, product!.url, `sizes-${name}`);
        await page.goto(`${product!.url}/practice`);
        expect(await chartSize()).toEqual(placementNamed('practice')[name]);
        expect(errors).toEqual([]);
      } finally {
        await opened.context.close();
      }
    },
  );

  it.each(SCREENS)(
    'on a $name screen',
    async ({ name, viewport, minimumZonePx }) => {
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
            // Plans and decisions share the layout with a panel beside (or under) the chart.
            ...placementNamed(lesson.exerciseKind === 'zone' ? 'lesson' : 'plan')[name],
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
              ? await missPlanThreeTimes(page, product!.url, lesson)
              : lesson.exerciseKind === 'decision'
                ? await decideUntilRevealed(page, product!.url, lesson)
                : lesson.exerciseKind === 'manage'
                  ? await manageUntilRevealed(page, product!.url, lesson)
                  : await revealByThreeMisses(page, lesson.id);
          heights.push({ path: lesson.path, px: (zone.upper - zone.lower) * perDollar });
          await page.reload();
          await chartReady(page);
          await page.locator('.exercise__answer').waitFor();
          await page.evaluate(() => window.__chartEngine!.settled());
          if (lesson.showReturn) {
            // The chart plays the return by itself: photographed once it has, as a learner sees it.
            await page.waitForFunction(
              () => window.__chartEngine!.replayState.status === 'finished',
              undefined,
              { timeout: 60_000 },
            );
            await page.evaluate(() => window.__chartEngine!.settled());
          }
          await page.locator('.exercise__chart').scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SHOTS_DIR, `${slug}-${name}-revealed.png`) });
          // The explanation under the chart, which the revealed view above may leave below the fold.
          await page.locator('.exercise__answer').screenshot({
            path: join(SHOTS_DIR, `${slug}-${name}-explanation.png`),
          });
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
      // Every chart lesson of the course in one walk: minutes on a busy machine; a hang is still caught.
    },
    360_000,
  );
});
