import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../e2e/support/chromium.js';

const FIXTURE_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

export interface BrowserFixture {
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

// eslint-disable-next-line no-control-regex -- matching terminal escape codes is the point
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * Vite's dev server in a child process: its native bundler cannot run inside jest's module
 * sandbox. Resolves with the URL once it listens.
 */
async function startViteServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const viteBin = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const child = spawn(
    process.execPath,
    [viteBin, '--config', join(FIXTURE_ROOT, 'vite.config.ts'), '--port', String(port)],
    {
      cwd: FIXTURE_ROOT,
      // Plain output: with CI=true Vite colours the port, which the readiness check reads.
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Vite did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      // Colour codes stripped in case a terminal setting forces them anyway.
      output += chunk.toString().replace(ANSI_ESCAPES, '');
      if (output.includes(`localhost:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Vite exited with code ${String(code)}:\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}/`,
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * Serves the fixture page with Vite and opens it in Debian's Chromium; `hasTouch` gives the page
 * a touch screen (page.touchscreen) besides the mouse, `launchArgs` are extra Chromium flags.
 */
export async function openFixture(
  viewport = { width: 800, height: 703 },
  options: { hasTouch?: boolean; launchArgs?: readonly string[] } = {},
): Promise<BrowserFixture> {
  const server = await startViteServer();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(options.launchArgs);
    const page = await browser.newPage({ viewport, hasTouch: options.hasTouch ?? false });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(server.url);
    await page.waitForFunction(() => document.title === 'fixture ready', null, { timeout: 60_000 });
    const openedBrowser = browser;
    return {
      page,
      errors,
      async close() {
        await openedBrowser.close();
        server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    server.stop();
    throw error;
  }
}
