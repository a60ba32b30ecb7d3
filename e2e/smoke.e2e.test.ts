import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { startProduct, TEST_OUTPUT_DIR, type RunningProduct } from './support/product.js';

describe('the built product in Chromium', () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(TEST_OUTPUT_DIR, { recursive: true });
    product = await startProduct();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    const exitCode = await product?.stop();
    // Ctrl-C (SIGINT) must stop the server cleanly.
    expect(exitCode).toBe(0);
  });

  it('shows the headline and a Login link on the landing page', async () => {
    await page.goto(product!.url);
    // While the page's code loads, its placeholder has a heading of its own ("Loading the page").
    const headline = page.getByRole('heading', {
      level: 1,
      name: 'Practice S&D Trading Interactively',
    });
    await headline.waitFor();
    expect(await headline.textContent()).toBe('Practice S&D Trading Interactively');
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'landing.png'), fullPage: true });
  });

  it('shows the 404 page for an unknown path', async () => {
    const response = await page.goto(`${product!.url}/no-such-page`);
    expect(response?.status()).toBe(200);
    await page.getByText('404 Page Not Found').waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT_DIR, 'not-found.png'), fullPage: true });
  });

  it('serves the icon and robots.txt that browsers and crawlers ask for', async () => {
    const icon = await page.request.get(`${product!.url}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/icon/);
    const robots = await page.request.get(`${product!.url}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('User-agent');
  });

  it('answers the health check', async () => {
    const response = await page.request.get(`${product!.url}/api/health`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'up',
      redis: 'not configured',
    });
  });

  it('logged no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
