/**
 * `npm run bench:web`: Lighthouse (mobile and desktop presets) against the built product, as a
 * visitor and as a subscribed learner meets it: `/`, `/login`, `/register`, `/pricing`, `/home`,
 * a text lesson and a chart lesson, and two floors of a chart page (web-floor.ts: pixi.js alone and
 * plain WebGL). Prints,
 * per page and preset, the four category scores, LCP, TBT, CLS and the JavaScript bytes transferred, the median of BENCH_RUNS runs (default 3; the
 * run with the median performance score is reported whole), and flags every figure that misses
 * its target. Writes bench/results/web.json.
 *
 * Targets: performance >= 90 on mobile and >= 95 on desktop, accessibility, best practices and
 * SEO 100, CLS <= 0.05. The product runs on the embedded database in a temporary folder; the
 * browser is Debian's Chromium (CHROME_PATH to use another).
 *
 * BENCH_RUNS: runs per page and preset; BENCH_PAGES: page names to run, comma-separated;
 * BENCH_SOFTWARE_COMPOSITING=1: Chromium's GPU-less compositing (see GPU_COMPOSITING_ARGS);
 * BENCH_WEB_REPORTS=DIR: also keeps every run's whole Lighthouse report there, as JSON (to see the
 * LCP element, the request chains and the long tasks behind a score).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.js';
import { startProduct, type RunningProduct } from '../e2e/support/product.js';
import { type FloorServer, startFloorServer } from './web-floor.js';
import { freePort } from '../api/test/support/private-redis.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;
let reportsKept = 0;

/**
 * Without a GPU, headless Chromium composites in software: every WebGL frame is then read back
 * to the main thread (a synchronous ReadPixels that waits for all queued GPU work, 0.5 s for the
 * first chart frame here), which no phone or laptop with a GPU pays. These flags give the browser
 * a GPU process on SwiftShader, so WebGL and compositing run off the main thread as on a real
 * device. BENCH_SOFTWARE_COMPOSITING=1 measures the software path instead.
 */
const GPU_COMPOSITING_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];
const SOFTWARE_COMPOSITING = process.env.BENCH_SOFTWARE_COMPOSITING === '1';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Preset = 'mobile' | 'desktop';
const PERFORMANCE_TARGET: Record<Preset, number> = { mobile: 90, desktop: 95 };
const CLS_TARGET = 0.05;

interface PageToMeasure {
  name: string;
  /** Under the product's address, or a whole address (the floor page). */
  path: string;
  /** Measured with the subscribed learner's session (otherwise signed out). */
  signedIn: boolean;
  /** A reference for the others (the floor), held to no target. */
  reference?: boolean;
}

interface Measurement {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  /** Audits of the four categories that did not pass, for the report. */
  failing: string[];
}

interface CatalogueLesson {
  id: number;
  path: string;
  c_num: number | null;
  /** The lesson is an exercise that must be passed (or revealed) before the next opens. */
  reqPass: boolean;
}

/** The catalogue's modules as the signed-in learner sees them, fetched inside the page. */
async function catalogueModules(page: Page): Promise<CatalogueLesson[][]> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/lessons', { credentials: 'same-origin' });
    const body = (await answer.json()) as { modules: { lessons: CatalogueLesson[] }[] };
    return body.modules.map((module) => module.lessons);
  });
}

/** Completes the lessons of its module before `target` (text lessons only), so that it opens. */
async function openLesson(page: Page, modules: CatalogueLesson[][], target: CatalogueLesson) {
  const module = modules.find((lessons) => lessons.includes(target)) ?? [];
  for (const lesson of module.slice(0, module.indexOf(target))) {
    if (lesson.reqPass) throw new Error(`${target.path} needs ${lesson.path} passed first`);
    const done = await page.evaluate(async (id) => {
      const answer = await fetch('/users/update/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ completed: id }),
      });
      return answer.ok;
    }, lesson.id);
    if (!done) throw new Error(`could not complete ${lesson.path} before ${target.path}`);
  }
}

/**
 * Registers a learner through the forms, takes the Pro Plan with the test-mode checkout, and
 * opens the course's first text lesson (no chart) and its first chart exercise.
 */
async function signInSubscriber(
  page: Page,
  baseUrl: string,
): Promise<{ text: string; chart: string }> {
  await page.goto(`${baseUrl}/register`);
  await page.locator('input[type=email]').fill(`bench-${Date.now()}@example.com`);
  await page.locator('input[type=password]').fill('candles and wicks 42');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('::-p-text(Sign me up!)').click();
  await page.waitForFunction('location.pathname === "/home"');
  await page.goto(`${baseUrl}/pricing`);
  await page.locator('button::-p-text(Subscribe)').click();
  await page.locator('button::-p-text(Confirm subscription)').click();
  await page.waitForFunction('location.search === "?checkout=success"');
  const modules = await catalogueModules(page);
  const lessons = modules.flat();
  const text = lessons.find((lesson) => lesson.c_num === null);
  const chart = lessons.find((lesson) => lesson.c_num !== null && lesson.reqPass);
  if (!chart || !text) throw new Error('the catalogue has no chart exercise or no text lesson');
  await openLesson(page, modules, text);
  await openLesson(page, modules, chart);
  return { text: text.path, chart: chart.path };
}

function numericAudit(result: LighthouseResult, id: string): number {
  const value = result.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return value;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The first few items of a failing audit (which script, which node, which console error). */
function detailsOf(audit: LighthouseResult['audits'][string] | undefined): string {
  const details = audit?.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return '';
  const items = (details.items as Record<string, unknown>[]).slice(0, 3).map((item) => {
    const node = item.node as { snippet?: unknown } | undefined;
    const text =
      [item.description, item.url ?? item.source ?? node?.snippet]
        .filter((part) => typeof part === 'string')
        .join(' ') || undefined;
    return typeof text === 'string' ? text.slice(0, 160) : '';
  });
  const named = items.filter(Boolean);
  return named.length ? `: ${named.join(' | ')}` : '';
}

function measurementOf(result: LighthouseResult): Measurement {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round((result.categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  const summary = result.audits['resource-summary']?.details;
  const items =
    summary && 'items' in summary
      ? (summary.items as { resourceType?: string; transferSize?: number }[])
      : [];
  const scriptBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  const failing = CATEGORIES.flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => result.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
      .map(
        (audit) =>
          `${category}: ${audit?.id ?? ''} (${audit?.displayValue ?? audit?.score ?? ''})${detailsOf(audit)}`,
      ),
  );
  return {
    scores,
    lcpMs: numericAudit(result, 'largest-contentful-paint'),
    tbtMs: numericAudit(result, 'total-blocking-time'),
    cls: numericAudit(result, 'cumulative-layout-shift'),
    scriptBytes,
    failing,
  };
}

/**
 * One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART, about one run in
 * thirty here) is run again, up to twice.
 */
async function runLighthouse(page: Page, url: string, preset: Preset): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(page, url, preset);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
    }
  }
}

async function runLighthouseOnce(page: Page, url: string, preset: Preset): Promise<Measurement> {
  // Storage is kept (the session's cookies) but each run is a first visit for the HTTP cache.
  const devtools = await page.createCDPSession();
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
  const runner = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The learner's session lives in its cookies.
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
  const errors = runner.lhr.runtimeError;
  if (errors) throw new Error(`Lighthouse failed on ${url}: ${errors.message}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${String(++reportsKept).padStart(2, '0')}-${preset}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
    writeFileSync(join(REPORTS_DIR, name), JSON.stringify(runner.lhr));
  }
  return measurementOf(runner.lhr);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The run whose performance score is the median, whole (its figures belong together). */
function medianRun(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error('no runs');
  return run;
}

function missedTargets(preset: Preset, run: Measurement): string[] {
  const missed: string[] = [];
  if (run.scores.performance < PERFORMANCE_TARGET[preset]) missed.push('performance');
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    if (run.scores[category] < 100) missed.push(category);
  }
  if (run.cls > CLS_TARGET) missed.push('CLS');
  return missed;
}

async function main(): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let floor: FloorServer | undefined;
  try {
    floor = await startFloorServer();
    product = await startProduct({ env: { PORT: String(port), APP_ORIGIN: baseUrl } });
    browser = await puppeteer.launch({
      executablePath: findChromium(),
      headless: true,
      args: [...CHROMIUM_ARGS, ...(SOFTWARE_COMPOSITING ? [] : GPU_COMPOSITING_ARGS)],
    });
    const page = await browser.newPage();
    const lessons = await signInSubscriber(page, baseUrl);
    const pages: PageToMeasure[] = [
      { name: 'landing', path: '/', signedIn: false },
      { name: 'login', path: '/login', signedIn: false },
      { name: 'register', path: '/register', signedIn: false },
      { name: 'pricing', path: '/pricing', signedIn: true },
      { name: 'home', path: '/home', signedIn: true },
      { name: 'text lesson', path: lessons.text, signedIn: true },
      { name: 'chart lesson', path: lessons.chart, signedIn: true },
      { name: 'pixi floor', path: floor.url, signedIn: false, reference: true },
      { name: 'webgl floor', path: floor.plainWebglUrl, signedIn: false, reference: true },
    ].filter((entry) => !ONLY_PAGES || ONLY_PAGES.includes(entry.name));

    // A signed-out visitor gets a browser context of its own, with no cookies.
    const visitorContext = await browser.createBrowserContext();
    const visitorPage = await visitorContext.newPage();

    // The first Lighthouse run in a fresh browser pays for warming it up (its own code, the
    // GPU process); it is run once and thrown away so that it does not land on the first page.
    await runLighthouse(visitorPage, `${baseUrl}/login`, 'mobile');

    const results: {
      page: string;
      path: string;
      preset: Preset;
      runs: Measurement[];
      median: Measurement;
      missed: string[];
    }[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const entry of pages) {
        const runs: Measurement[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          runs.push(
            await runLighthouse(
              entry.signedIn ? page : visitorPage,
              entry.path.startsWith('/') ? `${baseUrl}${entry.path}` : entry.path,
              preset,
            ),
          );
        }
        const reported = medianRun(runs);
        const missed = entry.reference ? [] : missedTargets(preset, reported);
        results.push({
          page: entry.name,
          path: entry.path,
          preset,
          runs,
          median: reported,
          missed,
        });
        const { scores } = reported;
        console.log(
          [
            preset.padEnd(7),
            entry.name.padEnd(12),
            `perf ${String(scores.performance).padStart(3)}`,
            `a11y ${String(scores.accessibility).padStart(3)}`,
            `bp ${String(scores['best-practices']).padStart(3)}`,
            `seo ${String(scores.seo).padStart(3)}`,
            `LCP ${(reported.lcpMs / 1000).toFixed(2)} s`,
            `TBT ${Math.round(reported.tbtMs)} ms`.padEnd(12),
            `CLS ${reported.cls.toFixed(3)}`,
            `JS ${(reported.scriptBytes / 1024).toFixed(0)} KB`,
            `(perf over ${RUNS}: ${runs.map((r) => r.scores.performance).join(', ')}; median ${median(runs.map((r) => r.scores.performance))})`,
            entry.reference ? '(reference)' : missed.length ? `MISSES ${missed.join(', ')}` : 'ok',
          ].join('  '),
        );
        for (const audit of reported.failing) console.log(`           ${audit}`);
      }
    }
    const outDir = join(ROOT, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      join(outDir, 'web.json'),
      `${JSON.stringify({ runs: RUNS, results }, null, 2)}\n`,
    );
    const misses = results.filter((result) => result.missed.length > 0);
    console.log(
      misses.length
        ? `${misses.length} of ${results.length} page/preset pairs miss a target.`
        : `All ${results.length} page/preset pairs meet their targets.`,
    );
  } finally {
    await browser?.close();
    await product?.stop();
    await floor?.close();
  }
}

await main();
