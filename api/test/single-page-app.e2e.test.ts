import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A script long enough for the compression middleware to consider it. */
const SCRIPT = `export const words = ${JSON.stringify('a zone is a base and a move away '.repeat(80))};\n`;
const SCRIPT_BROTLI = brotliCompressSync(SCRIPT);

describe('serving the built app', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
    const distDir = testApp.config.appDistDir;
    await mkdir(join(distDir, 'assets'), { recursive: true });
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
    await writeFile(join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(join(distDir, 'assets', 'app-def456.js'), SCRIPT);
    await writeFile(join(distDir, 'assets', 'app-def456.js.br'), SCRIPT_BROTLI);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('serves index.html at /', async () => {
    const response = await request(testApp.http).get('/').expect(200);
    expect(response.text).toContain('<div id="root"></div>');
  });

  it('falls back to index.html for client-side routes, so the app shows its own 404 page', async () => {
    for (const path of [
      '/no-such-page',
      '/home',
      '/m1-welcome',
      '/password-reset?e=a%40b.c&tk=x',
    ]) {
      const response = await request(testApp.http).get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files, fingerprinted ones cached for a year', async () => {
    const script = await request(testApp.http).get('/assets/index-abc123.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    const robots = await request(testApp.http).get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.text).toContain('User-agent');
  });

  it('serves the build’s Brotli copy to a browser that accepts it, the file to others', async () => {
    const brotli = await request(testApp.http)
      .get('/assets/app-def456.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      vary: expect.stringContaining('Accept-Encoding') as unknown,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    // The build's copy as it is (compressing on the fly would send no length: chunked).
    expect(brotli.headers['content-length']).toBe(String(SCRIPT_BROTLI.length));
    // The client decodes it: the bytes sent are the build's copy, decoding to the file.
    expect(brotli.text).toBe(SCRIPT);
    const plain = await request(testApp.http)
      .get('/assets/app-def456.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
    // The copy is never served under its own name.
    await request(testApp.http).get('/assets/app-def456.js.br').expect(404);
  });

  it('answers a missing file with a real 404, not the app', async () => {
    for (const path of [
      '/favicon.ico',
      '/assets/gone-123.js',
      '/logo.png',
      '/deep/path/file.css',
    ]) {
      const response = await request(testApp.http).get(path).expect(404);
      expect(response.headers['content-type']).toMatch(/text\/plain/);
      expect(response.text).not.toContain('<div id="root">');
    }
  });

  it('never serves a source map, even one that was built', async () => {
    await request(testApp.http).get('/assets/index-abc123.js.map').expect(404);
  });

  it('never answers an API path with the app', async () => {
    for (const path of ['/api/nope', '/chart-data', '/users/nope', '/stripe/nope']) {
      const response = await request(testApp.http).get(path).expect(404);
      expect(response.body.statusCode).toBe(404);
    }
  });

  it('does not serve the app for non-GET requests', async () => {
    await request(testApp.http).post('/home').expect(404);
  });
});
