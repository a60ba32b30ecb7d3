import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  PROJECT_ROOT,
  startProduct,
  TEST_OUTPUT_DIR,
  type RunningProduct,
} from './support/product.js';

/** What `npm run build` builds the chart-kit Storybook into, and the product serves. */
const STORYBOOK_BUILD = join(PROJECT_ROOT, 'storybook', 'storybook-static', 'index.html');

/** Set on the window of a page, and of its frames, by the init script below. */
interface ViolationLog {
  cspViolations?: string[];
}

/** The chart a story draws, as its frame exposes it (see storybook/stories/support). */
interface StoryWindow {
  chartEngine?: { candleCount: number };
}

describe('the chart-kit docs served by the product, in Chromium', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(STORYBOOK_BUILD)) {
      throw new Error('The Storybook is not built: run `npm run build` first (npm test does).');
    }
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startProduct();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Runs in every frame before the page's own scripts; the browser's CSP does not apply to it.
    await page.addInitScript(() => {
      const log = window as ViolationLog;
      log.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        log.cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function violations(): Promise<string[]> {
    const lists = await Promise.all(
      page.frames().map((frame) => frame.evaluate(() => (window as ViolationLog).cspViolations)),
    );
    return lists.flatMap((list) => list ?? []);
  }

  function previewFrame(): Frame {
    const frame = page.frames().find((candidate) => candidate.url().includes('/iframe.html'));
    if (!frame) throw new Error('the Storybook shows no preview frame');
    return frame;
  }

  it('draws a story under /chart-kit/ with no CSP violation or error', async () => {
    await page.goto(`${product!.url}/chart-kit/?path=/story/chart-basics--dark-candles`);
    await page.locator('#storybook-preview-iframe').waitFor();
    await previewFrame().waitForFunction(
      () => ((window as StoryWindow).chartEngine?.candleCount ?? 0) > 0,
      undefined,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'chart-kit-docs-story.png') });
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the ChartEngine API page with its options table', async () => {
    await page.goto(`${product!.url}/chart-kit/?path=/docs/chartengine-api--docs`);
    const preview = page.frameLocator('#storybook-preview-iframe');
    // The page's options table (the story seen before may leave a hidden controls table).
    const options = preview.locator('table', {
      has: preview.locator('th', { hasText: 'Meaning' }),
    });
    await options.waitFor({ timeout: 60_000 });
    const headings = await options.locator('th').allTextContents();
    expect(headings.map((heading) => heading.trim())).toEqual(['Option', 'Meaning', 'Default']);
    // The code examples are highlighted by a part the page loads after the text.
    await preview.locator('#storybook-docs pre').first().waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'chart-kit-docs-api.png') });
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("gives the docs their own CSP and the app's pages the app's", async () => {
    const docs = await page.request.get(`${product!.url}/chart-kit/`);
    const app = await page.request.get(`${product!.url}/`);
    const docsPolicy = docs.headers()['content-security-policy'] ?? '';
    const appPolicy = app.headers()['content-security-policy'] ?? '';
    expect(docsPolicy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(docsPolicy).toContain("frame-ancestors 'self'");
    expect(docsPolicy).not.toContain('unsafe-eval');
    expect(appPolicy).toMatch(/script-src 'self';/);
    expect(appPolicy).toContain("frame-ancestors 'none'");
  });

  it('answers a missing docs file with a 404, not the app', async () => {
    const missing = await page.request.get(`${product!.url}/chart-kit/assets/missing-0000.js`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });
});
