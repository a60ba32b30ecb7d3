import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('serving the built app', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
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
