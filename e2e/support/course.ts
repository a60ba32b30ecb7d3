import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { request } from 'playwright-core';
import { startProduct, type RunningProduct } from './product.js';

/** What the tests use of the chart engine the app exposes under a test flag. */
interface ChartEngineProbe {
  yOfPrice(price: number): number;
  lines(): readonly { price: number }[];
  fixedLinePrices(): readonly number[];
  setMagnet(enabled: boolean): void;
  readonly viewport: { fromIndex: number; toIndex: number };
  readonly candleCount: number;
  candle(index: number): { time: number } | undefined;
  readonly timeframe: string | undefined;
  readonly replayState: { status: string };
  /** What draws the chart: 'canvas2d', 'webgl' or 'webgpu'. */
  readonly rendererName: string;
  settled(): Promise<void>;
}

declare global {
  interface Window {
    __CHART_TEST__?: boolean;
    __chartEngine?: ChartEngineProbe;
  }
}

export interface CourseProduct extends RunningProduct {
  outboxDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The product on a known port, so the API's app origin matches the page's origin (the same-origin
 * check refuses cookie-carrying changes from any other), with its mail outbox at hand.
 */
export async function startCourse(): Promise<CourseProduct> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'course-journey-'));
  const product = await startProduct({
    dataDir,
    env: { PORT: String(port), APP_ORIGIN: `http://localhost:${port}` },
  });
  return {
    ...product,
    url: `http://localhost:${port}`,
    outboxDir: join(dataDir, 'outbox'),
    async stop() {
      const code = await product.stop();
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A page whose app hands its exercise chart engine to the test (window.__chartEngine). */
/** How long a browser step may wait for what it needs before the test fails. */
export const BROWSER_WAIT_GUARD_MS = 120_000;

export async function newCoursePage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.addInitScript(() => {
    window.__CHART_TEST__ = true;
  });
  // A hang guard, not a time the product must meet: on a machine whose CPU is taken, a first
  // practice chart (made in a worker thread, retried by the app after a 503) can take a minute.
  context.setDefaultTimeout(BROWSER_WAIT_GUARD_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

let emailCounter = 0;
export function uniqueEmail(prefix: string): string {
  emailCounter += 1;
  return `${prefix}-${Date.now()}-${emailCounter}@example.com`;
}

export const PASSWORD = 'candles and wicks 42';

export interface Zone {
  type: 'supply' | 'demand';
  upper: number;
  lower: number;
}

/**
 * The zone of a chart, learned the way a learner can: three failed tries reveal it. Done by a
 * separate caller (a fresh visitor, or a fresh account for lesson charts), so the learner under
 * test keeps their own tries.
 */
export async function learnZone(baseUrl: string, chart: number, asUser: boolean): Promise<Zone> {
  const api: APIRequestContext = await request.newContext({ baseURL: baseUrl });
  try {
    if (asUser) {
      const registered = await api.post('/api/register/', {
        data: { email: uniqueEmail('scout'), password: PASSWORD },
      });
      if (!registered.ok()) throw new Error(`scout registration: ${await registered.text()}`);
    }
    let zone: Zone | undefined;
    for (let attempt = 0; attempt < 3 && !zone; attempt += 1) {
      // Far below any chart's prices: a sure miss.
      const response = await api.post('/api/attempts', { data: { chart, lines: [0.01, 0.02] } });
      const body = (await response.json()) as { zone?: Zone };
      zone = body.zone;
    }
    if (!zone) throw new Error(`chart ${chart} did not reveal its zone after three tries`);
    return zone;
  } finally {
    await api.dispose();
  }
}

interface CatalogueLesson {
  id: number;
  path: string;
  c_num: number | null;
  reqPass: boolean;
  exerciseKind: 'zone' | 'plan' | 'decision' | 'manage';
  status: 'completed' | 'open' | 'locked';
}

/**
 * Three trade plans that miss, which reveal a plan exercise as three missed zones reveal a zone
 * exercise. Answers the exercise's zone (given on its page, not hidden).
 */
export async function missPlanThreeTimes(
  page: Page,
  baseUrl: string,
  lesson: { id: number; path: string },
): Promise<Pick<Zone, 'upper' | 'lower'>> {
  const lessonPage = await page.request.get(`${baseUrl}/api/lessons${lesson.path}`);
  const { planSetup } = (await lessonPage.json()) as {
    planSetup: { zone: { type: string; upper: number; lower: number }; account: number };
  };
  const { zone, account } = planSetup;
  const long = zone.type === 'demand';
  // An entry far from the zone with the stop on the right side of it: graded, and missed.
  const entry = long ? zone.upper * 1.1 : zone.lower * 0.9;
  const plan = {
    lesson: lesson.id,
    entry,
    stop: long ? entry - 0.5 : entry + 0.5,
    target: long ? entry + 1 : entry - 1,
    account,
    riskPercent: 1,
    size: 1,
  };
  for (let tries = 0; tries < 3; tries += 1) {
    const missed = await page.request.post(`${baseUrl}/api/plans`, { data: plan });
    if (!missed.ok()) throw new Error(`plan at ${lesson.path}: ${await missed.text()}`);
  }
  return { upper: zone.upper, lower: zone.lower };
}

/**
 * A take-or-skip lesson answered "take" until its answer is shown (a pass, or three misses), as a
 * learner who keeps taking would see it. Answers the zone it asked about.
 */
export async function decideUntilRevealed(
  page: Page,
  baseUrl: string,
  lesson: { id: number; path: string },
): Promise<Pick<Zone, 'upper' | 'lower'>> {
  const lessonPage = await page.request.get(`${baseUrl}/api/lessons${lesson.path}`);
  const { decisionSetup } = (await lessonPage.json()) as {
    decisionSetup: { zone: { upper: number; lower: number } };
  };
  for (let tries = 0; tries < 3; tries += 1) {
    const answered = await page.request.post(`${baseUrl}/api/decisions`, {
      data: { lesson: lesson.id, take: true, reasons: [] },
    });
    if (!answered.ok()) throw new Error(`decision at ${lesson.path}: ${await answered.text()}`);
    if (((await answered.json()) as { revealed: boolean }).revealed) break;
  }
  return { upper: decisionSetup.zone.upper, lower: decisionSetup.zone.lower };
}

/**
 * Answers a trade-management exercise once (its only try), which reveals it, and returns the zone
 * the exercise gives.
 */
export async function manageUntilRevealed(
  page: Page,
  baseUrl: string,
  lesson: { id: number; path: string },
): Promise<Pick<Zone, 'upper' | 'lower'>> {
  const lessonPage = await page.request.get(`${baseUrl}/api/lessons${lesson.path}`);
  const { manageSetup } = (await lessonPage.json()) as {
    manageSetup: { zone: { upper: number; lower: number } };
  };
  const answered = await page.request.post(`${baseUrl}/api/manage`, {
    data: { lesson: lesson.id, rule: 'hold' },
  });
  if (!answered.ok()) throw new Error(`manage at ${lesson.path}: ${await answered.text()}`);
  return { upper: manageSetup.zone.upper, lower: manageSetup.zone.lower };
}

/**
 * Lessons open in order (the hub's rule, enforced by the API): marks every lesson before `path`
 * in its module done through the API, as a learner who worked through them would have. A lesson
 * that needs a pass gets three missed tries first (its Skip path). Uses the page's session.
 */
export async function completeLessonsBefore(
  page: Page,
  baseUrl: string,
  path: string,
): Promise<void> {
  const catalogue = (await (await page.request.get(`${baseUrl}/api/lessons`)).json()) as {
    modules: { lessons: CatalogueLesson[] }[];
  };
  const module = catalogue.modules.find((entry) =>
    entry.lessons.some((lesson) => lesson.path === path),
  );
  if (!module) throw new Error(`no lesson at ${path}`);
  for (const lesson of module.lessons) {
    if (lesson.path === path) return;
    if (lesson.status === 'completed') continue;
    if (lesson.reqPass && lesson.c_num !== null && lesson.exerciseKind === 'plan') {
      await missPlanThreeTimes(page, baseUrl, lesson);
    } else if (lesson.reqPass && lesson.c_num !== null && lesson.exerciseKind === 'decision') {
      // A take-or-skip exercise is answered once, right or wrong.
      const decided = await page.request.post(`${baseUrl}/api/decisions`, {
        data: { lesson: lesson.id, take: true, reasons: [] },
      });
      if (!decided.ok()) throw new Error(`decision at ${lesson.path}: ${await decided.text()}`);
    } else if (lesson.reqPass && lesson.c_num !== null && lesson.exerciseKind === 'manage') {
      // A trade-management exercise is answered once too.
      const managed = await page.request.post(`${baseUrl}/api/manage`, {
        data: { lesson: lesson.id, rule: 'hold' },
      });
      if (!managed.ok()) throw new Error(`manage at ${lesson.path}: ${await managed.text()}`);
    } else if (lesson.reqPass && lesson.c_num !== null) {
      for (let tries = 0; tries < 3; tries += 1) {
        const missed = await page.request.post(`${baseUrl}/api/attempts`, {
          data: { lesson: lesson.id, lines: [0.01, 0.02] },
        });
        if (!missed.ok()) throw new Error(`attempt at ${lesson.path}: ${await missed.text()}`);
      }
    }
    const done = await page.request.post(`${baseUrl}/users/update/`, {
      data: { completed: lesson.id },
    });
    if (!done.ok()) throw new Error(`completing ${lesson.path}: ${await done.text()}`);
  }
}

/** Two prices well inside the zone. */
export function pricesInside(zone: Zone): [number, number] {
  const height = zone.upper - zone.lower;
  return [zone.upper - height * 0.3, zone.lower + height * 0.3];
}

/**
 * Exercises snap lines to nearby candle prices (the magnet, whose rule chart-kit tests); these
 * helpers place lines at exact prices, so they turn it off first.
 */
async function withoutMagnet(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__chartEngine !== undefined);
  await page.evaluate(() => window.__chartEngine!.setMagnet(false));
}

async function chartPoint(page: Page, price: number): Promise<{ x: number; y: number }> {
  await page.waitForFunction(() => window.__chartEngine !== undefined);
  const canvas = page.locator('.exercise__chart canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const y = await page.evaluate((value) => window.__chartEngine!.yOfPrice(value), price);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the exercise chart has no canvas');
  return { x: box.x + box.width * 0.4, y: box.y + y };
}

/** Lines closer than this are typed instead of clicked, so the typed path stays covered. */
const TYPED_BELOW_PX = 14;

/**
 * Presses Draw Line and clicks the chart at each price. A second line close to the first (a thin
 * zone) is typed into the price field, the chart's keyboard-friendly path.
 */
export async function drawLines(page: Page, prices: number[]): Promise<void> {
  await withoutMagnet(page);
  await page.getByRole('button', { name: 'Draw Line' }).click();
  const placed: number[] = [];
  for (const price of prices) {
    const point = await chartPoint(page, price);
    if (placed.some((y) => Math.abs(y - point.y) < TYPED_BELOW_PX)) {
      await page.getByText('Keyboard and typed prices').click();
      await page.getByLabel('Line at price').fill(String(price));
      await page.getByRole('button', { name: 'Place line' }).click();
    } else {
      await page.mouse.click(point.x, point.y);
    }
    placed.push(point.y);
  }
  await page.waitForFunction(
    (count) => window.__chartEngine!.lines().length === count,
    prices.length,
  );
}

/**
 * Presses Draw Line and marks a zone the way the exercise offers first: one drag, pressing at the
 * first price and letting go at the second.
 */
export async function dragZone(page: Page, [first, second]: [number, number]): Promise<void> {
  await withoutMagnet(page);
  await page.getByRole('button', { name: 'Draw Line' }).click();
  const from = await chartPoint(page, first);
  const to = await chartPoint(page, second);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x + 60, to.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__chartEngine!.lines().length === 2);
}

/** The same with taps, on a touch screen. */
export async function tapLines(page: Page, prices: number[]): Promise<void> {
  await withoutMagnet(page);
  await page.getByRole('button', { name: 'Draw Line' }).tap();
  for (const price of prices) {
    const point = await chartPoint(page, price);
    await page.touchscreen.tap(point.x, point.y);
  }
  await page.waitForFunction(
    (count) => window.__chartEngine!.lines().length === count,
    prices.length,
  );
}

/** The password-reset link of the newest mail to `email` in the outbox. */
export async function resetLinkFromOutbox(
  outboxDir: string,
  email: string,
  baseUrl: string,
): Promise<string> {
  const slug = email.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // The API answers before the mail is written (same timing for known and unknown addresses).
  let newest: string | undefined;
  for (let attempt = 0; attempt < 60 && !newest; attempt += 1) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    newest = names
      .filter((name) => name.endsWith(`_${slug}.eml`))
      .sort()
      .at(-1);
    if (!newest) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!newest) throw new Error(`no mail to ${email} in the outbox`);
  // Undo quoted-printable: soft line breaks and the encoded '='.
  const raw = (await readFile(join(outboxDir, newest), 'utf8'))
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /password-reset\?e=([^&\s"<>]+)&(?:amp;)?tk=([A-Za-z0-9_-]+)/.exec(raw);
  if (!match) throw new Error(`no reset link in the mail:\n${raw}`);
  return `${baseUrl}/password-reset?e=${match[1]}&tk=${match[2]}`;
}

/**
 * Registers a new learner through the page (accepting the 'successfully registered user' alert)
 * and takes the Pro Plan through the test-mode checkout, as a learner does. Answers the email,
 * with which the learner can log in elsewhere (PASSWORD is the password).
 */
export async function registerSubscriber(
  page: Page,
  baseUrl: string,
  emailPrefix: string,
): Promise<string> {
  const email = uniqueEmail(emailPrefix);
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sign me up!' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.waitForURL(`${baseUrl}/home?checkout=success`);
  return email;
}
