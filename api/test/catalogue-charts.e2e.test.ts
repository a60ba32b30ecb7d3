import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { CATALOGUE_CACHE_FILE, definitionKey } from '../src/exercise-charts/catalogue-cache.js';
import { prepareCatalogue } from '../src/exercise-charts/catalogue-preparation.js';
import { ChartCatalogue, type ChartPair } from '../src/exercise-charts/chart-catalogue.js';
import { readChartDefinitions } from '../src/exercise-charts/chart-definitions.js';
import { createLog } from '../src/logging/log.js';
import { SOURCE_EXEC_ARGV } from './support/native/source-exec-argv.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const REAL_CONTENT = fileURLToPath(new URL('../content', import.meta.url));
/** A price no simulation gives: an answer carrying it was read from the file. */
const MARK = 4242.42;
const MARKED_CHART = 30;

describe('catalogue charts answered from the charts made ahead', () => {
  let folder: string;
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    // The charts the build makes, for this code: made once in worker threads and kept, as the
    // build keeps its own beside the built code.
    await prepareCatalogue({
      contentDir: REAL_CONTENT,
      cacheFile: CATALOGUE_CACHE_FILE,
      threads: availableParallelism(),
      execArgv: SOURCE_EXEC_ARGV,
    });
    const cache = JSON.parse(readFileSync(CATALOGUE_CACHE_FILE, 'utf8')) as {
      pairs: Record<string, ChartPair>;
    };
    const definitions = new Map(readChartDefinitions(REAL_CONTENT).map((d) => [d.number, d]));
    const marked = definitions.get(MARKED_CHART);
    const pair = marked ? cache.pairs[definitionKey(marked, definitions)] : undefined;
    const first = pair?.fiveMinute.candles[0];
    if (!first) throw new Error(`chart ${MARKED_CHART} is not in ${CATALOGUE_CACHE_FILE}`);
    first.close = MARK;
    folder = mkdtempSync(join(tmpdir(), 'catalogue-served-'));
    const file = join(folder, 'chart-catalogue.json');
    writeFileSync(file, JSON.stringify(cache));

    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n')));
    testApp = await startTestApp({ catalogueCacheFile: file }, { log: createLog(logStream) });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('starts with every chart read from the file, none made', () => {
    const catalogue = testApp.app.get(ChartCatalogue);
    expect(catalogue.isPrepared).toBe(true);
    const startLine = logLines.find((line) => line.includes('catalogue chart(s)'));
    expect(startLine).toMatch(/"\d+ catalogue chart\(s\) read from /);
    expect(catalogue.numbers().length).toBeGreaterThan(40);
  });

  it('answers a chart asked for the first time with the file’s candles, not a simulation', async () => {
    const answer = await request(testApp.http).get(`/chart-data/${MARKED_CHART}`).expect(200);
    expect((answer.body as { data: { close: number }[] }).data[0]?.close).toBe(MARK);
  });

  it('answers every catalogue chart cold by looking it up', async () => {
    const catalogue = testApp.app.get(ChartCatalogue);
    for (const chartNumber of catalogue.numbers()) {
      const answer = await request(testApp.http).get(`/chart-data/${chartNumber}`);
      // Visitors get the public charts; the others are behind a session, and exist.
      expect([200, 401]).toContain(answer.status);
    }
    // Nothing beyond the catalogue is made on request: a generated number does not exist.
    await request(testApp.http).get('/chart-data/1000').expect(404);
  });
});
