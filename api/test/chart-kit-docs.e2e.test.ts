import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DOCS_NOT_BUILT_MESSAGE } from '../src/web/chart-kit-docs.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A built Storybook's shape: a manager page and a preview page, each with inline scripts.
const MANAGER_SCRIPT = "\n  window.CONFIG_TYPE = 'PRODUCTION';\n";
const PREVIEW_SCRIPT = '\n  window.STORYBOOK_ENV = "react";\n';
const MANAGER_PAGE = `<!doctype html><title>chart-kit docs</title>
<script>${MANAGER_SCRIPT}</script>
<script type="module" src="./sb-manager/runtime.js"></script>`;
const PREVIEW_PAGE = `<!doctype html><script>${PREVIEW_SCRIPT}</script><div id="storybook-root"></div>`;

function hashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const directive of (header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) byName.set(name, values);
  }
  return byName;
}

describe('the chart-kit docs at /chart-kit/', () => {
  let testApp: TestApp;
  let docsDir: string;

  beforeAll(async () => {
    docsDir = await mkdtemp(join(tmpdir(), 'chart-kit-docs-'));
    await mkdir(join(docsDir, 'assets'));
    await mkdir(join(docsDir, 'sb-manager'));
    await writeFile(join(docsDir, 'index.html'), MANAGER_PAGE);
    await writeFile(join(docsDir, 'iframe.html'), PREVIEW_PAGE);
    await writeFile(join(docsDir, 'sb-manager', 'runtime.js'), 'export {};');
    await writeFile(join(docsDir, 'assets', 'iframe-Ab12Cd.js'), 'export {};');
    await writeFile(join(docsDir, 'assets', 'iframe-Ab12Cd.js.map'), '{"version":3}');
    testApp = await startTestApp({ chartKitDocsDir: docsDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(docsDir, { recursive: true, force: true });
  });

  it('redirects /chart-kit to /chart-kit/, keeping the story in the query', async () => {
    const response = await request(testApp.http)
      .get('/chart-kit?path=/story/chart-basics--dark-candles')
      .expect(301);
    expect(response.headers.location).toBe('/chart-kit/?path=/story/chart-basics--dark-candles');
  });

  it("serves the Storybook's pages with a CSP that allows exactly their inline scripts", async () => {
    for (const [path, marker] of [
      ['/chart-kit/', 'chart-kit docs'],
      ['/chart-kit/iframe.html?id=chart-basics--dark-candles', 'storybook-root'],
    ] as const) {
      const response = await request(testApp.http).get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain(marker);
      expect(response.headers['cache-control']).toBe('no-cache');
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')?.sort()).toEqual(
        ["'self'", hashSource(MANAGER_SCRIPT), hashSource(PREVIEW_SCRIPT)].sort(),
      );
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe-eval|data:|blob:/);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      // The manager frames the preview; nobody else may frame either.
      expect(policy.get('frame-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("keeps the app's own CSP on the app's pages and the API", async () => {
    for (const path of ['/', '/home', '/chart-kit-lesson', '/api/health/live']) {
      const response = await request(testApp.http).get(path);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const hashed = await request(testApp.http)
      .get('/chart-kit/assets/iframe-Ab12Cd.js')
      .expect(200);
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manager = await request(testApp.http).get('/chart-kit/sb-manager/runtime.js').expect(200);
    expect(manager.headers['cache-control']).toBe('no-cache');
  });

  it("answers a missing file with a 404 of its own, never the app's index.html", async () => {
    for (const path of [
      '/chart-kit/assets/gone-123.js',
      '/chart-kit/no-such-page',
      '/chart-kit/sb-manager/',
      '/chart-kit/assets/iframe-Ab12Cd.js.map',
    ]) {
      const response = await request(testApp.http).get(path).expect(404);
      expect(response.headers['content-type']).toMatch(/text\/plain/);
      expect(response.text).not.toContain('<div id="root">');
    }
  });

  it('says how to build the docs when they were not built, instead of failing', async () => {
    const aside = `${docsDir}-aside`;
    await rename(docsDir, aside);
    try {
      for (const path of ['/chart-kit/', '/chart-kit/iframe.html']) {
        const response = await request(testApp.http).get(path).expect(503);
        expect(response.text).toBe(DOCS_NOT_BUILT_MESSAGE);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // The app itself is not affected.
      await request(testApp.http).get('/').expect(200);
    } finally {
      await rename(aside, docsDir);
    }
  });
});
