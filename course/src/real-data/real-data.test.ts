import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sessionOpenTime } from '../market-sim.js';
import { loadRealSample, parseRealBars, RealDataError, realSeriesBySymbol } from './index.js';

const OPEN = sessionOpenTime(19_787); // 2024-03-05
const GOOD = `time,open,high,low,close,volume\n${OPEN},10,10.5,9.5,10.2,100\n${OPEN + 300},10.2,10.3,10.1,10.1,0\n${OPEN + 86_400},10.1,10.2,10,10,50\n`;

describe('parseRealBars', () => {
  it('reads sessions by New York day and counts empty bars', () => {
    const sessions = parseRealBars('X.csv', 'X', GOOD);
    expect(sessions.map((s) => s.id)).toEqual(['X:2024-03-05', 'X:2024-03-06']);
    expect(sessions[0]!.candles).toHaveLength(2);
    expect(sessions[0]!.emptyBars).toBe(1);
  });

  it.each([
    ['a wrong header', GOOD.replace('time,open', 'date,open'), /first line/],
    ['a missing field', GOOD.replace(',100\n', '\n'), /line 2 has 5 fields/],
    [
      'a field that is not a number',
      GOOD.replace('10.5', 'abc'),
      /line 2 has a field that is not a number/,
    ],
    [
      'a high under the close',
      GOOD.replace('10,10.5,9.5,10.2', '10,10.1,9.5,10.2'),
      /line 2: high 10.1/,
    ],
    ['a time off the grid', GOOD.replace(`${OPEN + 300}`, `${OPEN + 299}`), /line 3: time/],
    ['times out of order', GOOD.replace(`${OPEN + 300}`, `${OPEN - 300}`), /line 3: time/],
    ['a negative volume', GOOD.replace(',100\n', ',-1\n'), /negative volume/],
  ])('refuses %s, naming the file and line', (_, text, message) => {
    expect(() => parseRealBars('X.csv', 'X', text)).toThrow(RealDataError);
    expect(() => parseRealBars('X.csv', 'X', text)).toThrow(message);
  });
});

describe('loadRealSample', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'real-bars-'));
    mkdirSync(join(dir, 'src'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writeSample(bytes: Buffer, sha256 = createHash('sha256').update(bytes).digest('hex')) {
    writeFileSync(join(dir, 'src/X.csv.gz'), bytes);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ symbols: [{ symbol: 'X', source: 'test', file: 'src/X.csv.gz', sha256 }] }),
    );
  }

  it('reads a good folder', () => {
    writeSample(gzipSync(GOOD));
    expect(loadRealSample(dir).sessions).toHaveLength(2);
  });

  it('refuses a file whose checksum does not match', () => {
    writeSample(gzipSync(GOOD), '0'.repeat(64));
    expect(() => loadRealSample(dir)).toThrow('src/X.csv.gz: does not match the checksum');
  });

  it('refuses a file that is not gzip', () => {
    writeSample(Buffer.from(GOOD));
    expect(() => loadRealSample(dir)).toThrow('src/X.csv.gz: is not a gzip file');
  });

  it('refuses a missing manifest', () => {
    expect(() => loadRealSample(dir)).toThrow(/manifest.json: cannot be read/);
  });

  it('loads the shipped sample: at least 10 symbols and 2,000 sessions', () => {
    const sample = loadRealSample();
    expect(new Set(sample.sessions.map((s) => s.symbol)).size).toBeGreaterThanOrEqual(10);
    expect(sample.sessions.length).toBeGreaterThanOrEqual(2_000);
    expect(realSeriesBySymbol(sample.sessions)).toHaveLength(sample.symbols.length);
  });
});
