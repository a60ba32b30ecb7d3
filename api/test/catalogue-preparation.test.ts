import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { definitionKey } from '../src/exercise-charts/catalogue-cache.js';
import { prepareCatalogue } from '../src/exercise-charts/catalogue-preparation.js';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import {
  type ChartDefinition,
  readChartDefinitions,
} from '../src/exercise-charts/chart-definitions.js';
import { SOURCE_EXEC_ARGV } from './support/native/source-exec-argv.js';

const REAL_CONTENT = fileURLToPath(new URL('../content', import.meta.url));

type Entry = Record<string, unknown> & { number: number };

/** charts.yaml's entries with these numbers, changed by `edit`, in a content folder of their own. */
function contentWith(folder: string, numbers: number[], edit: (entry: Entry) => Entry = (e) => e) {
  const { charts } = parse(readFileSync(join(REAL_CONTENT, 'charts.yaml'), 'utf8')) as {
    charts: Entry[];
  };
  const kept = charts.filter((entry) => numbers.includes(entry.number)).map(edit);
  writeFileSync(join(folder, 'charts.yaml'), stringify({ charts: kept }));
  return folder;
}

describe('catalogue charts made ahead, never on the event loop', () => {
  let folder: string;
  let cacheFile: string;
  const prepare = () =>
    prepareCatalogue({ contentDir: folder, cacheFile, threads: 2, execArgv: SOURCE_EXEC_ARGV });

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'catalogue-'));
    cacheFile = join(folder, 'cache', 'chart-catalogue.json');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('makes the charts the file lacks in worker threads, and a start after reads them', async () => {
    // Two landing charts: the cheapest to simulate.
    contentWith(folder, [32, 33]);
    const first = await prepare();
    expect({ made: first.made, fromFile: first.fromFile }).toEqual({ made: 2, fromFile: 0 });
    // Thread 0 is the main thread, whose event loop answers requests.
    expect(first.madeInThreads.length).toBeGreaterThan(0);
    for (const thread of first.madeInThreads) expect(thread).toBeGreaterThan(0);
    expect(first.catalogue.isPrepared).toBe(true);
    const simulatedHere = ChartCatalogue.load(folder).get(32);
    expect(first.catalogue.get(32)).toEqual(JSON.parse(JSON.stringify(simulatedHere)));

    const second = await prepare();
    expect(second).toMatchObject({ made: 0, fromFile: 2, madeInThreads: [] });
    expect(second.catalogue.get(32)).toEqual(first.catalogue.get(32));
    expect(second.catalogue.get(33)).toEqual(first.catalogue.get(33));
    expect(Object.isFrozen(second.catalogue.get(33)?.candles)).toBe(true);
  });

  it('makes again a chart whose definition changed, and every chart for other code', async () => {
    contentWith(folder, [32, 33]);
    await prepare();
    contentWith(folder, [32, 33], (entry) =>
      entry.number === 33 ? { ...entry, seed: Number(entry.seed) + 1 } : entry,
    );
    expect(await prepare()).toMatchObject({ made: 1, fromFile: 1 });

    const written = JSON.parse(readFileSync(cacheFile, 'utf8')) as { code: string };
    writeFileSync(cacheFile, JSON.stringify({ ...written, code: 'another build' }));
    expect(await prepare()).toMatchObject({ made: 2, fromFile: 0 });
    writeFileSync(cacheFile, '{ not json');
    expect(await prepare()).toMatchObject({ made: 2, fromFile: 0 });
  });

  it('serves only what was made: no generated numbers, no scenarios, nothing missing', async () => {
    contentWith(folder, [32]);
    const { catalogue } = await prepare();
    expect(catalogue.numbers()).toEqual([32]);
    expect(catalogue.has(32)).toBe(true);
    // A simulating catalogue makes any number from 1000 on; the served one has none to make.
    expect(catalogue.has(1000)).toBe(false);
    expect(catalogue.get(1000)).toBeUndefined();
    expect(() => catalogue.scenario(32)).toThrow(/prepared/);
    expect(() => ChartCatalogue.prepared(readChartDefinitions(folder), new Map())).toThrow(
      'charts not made ahead: 32',
    );
  });
});

describe('the key a made chart is kept under', () => {
  const definitions = new Map(readChartDefinitions(REAL_CONTENT).map((d) => [d.number, d]));
  const definition = (number: number): ChartDefinition => {
    const found = definitions.get(number);
    if (!found) throw new Error(`no chart ${number}`);
    return found;
  };

  it('follows what makes the chart, not its notes', () => {
    const chart = definition(3);
    const key = definitionKey(chart, definitions);
    expect(definitionKey({ ...chart, notes: 'other words' }, definitions)).toBe(key);
    expect(definitionKey({ ...chart, seed: chart.seed + 1 }, definitions)).not.toBe(key);
    expect(definitionKey({ ...chart, hourly: 999 }, definitions)).not.toBe(key);
  });

  it('changes with the market a chart continues', () => {
    // Chart 16 continues chart 18's market.
    const continuing = definition(16);
    const continued = definition(18);
    const changed = new Map(definitions).set(18, { ...continued, seed: continued.seed + 1 });
    expect(definitionKey(continuing, changed)).not.toBe(definitionKey(continuing, definitions));
  });
});
