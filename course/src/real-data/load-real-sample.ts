import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseRealBars, RealDataError, type RealSession } from './parse-real-bars.js';

/** The sample shipped with the course: course/data/real-bars (see its README for sources). */
export const REAL_BARS_DIR = fileURLToPath(new URL('../../data/real-bars/', import.meta.url));

export interface RealSymbolEntry {
  symbol: string;
  source: string;
  file: string;
  sessions: number;
  bars: number;
  emptyBars: number;
  sessionsLeftOut: number;
  firstDay: string;
  lastDay: string;
  sha256: string;
}

export interface RealSample {
  symbols: RealSymbolEntry[];
  /** Every session, grouped by symbol in the manifest's order, days ascending. */
  sessions: RealSession[];
}

function readManifest(dir: string): RealSymbolEntry[] {
  const file = join(dir, 'manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RealDataError(file, `cannot be read as JSON (${(error as Error).message})`);
  }
  const symbols = (parsed as { symbols?: unknown }).symbols;
  if (!Array.isArray(symbols) || symbols.length === 0) {
    throw new RealDataError(file, 'lists no symbols');
  }
  return symbols as RealSymbolEntry[];
}

const cache = new Map<string, RealSample>();

/**
 * Reads the real sample from disk (no network): each file's checksum must match the manifest's,
 * and each file must parse (see {@link parseRealBars}); anything else throws a
 * {@link RealDataError} naming the file. Cached per folder: the sample is read once a process.
 */
export function loadRealSample(dir: string = REAL_BARS_DIR): RealSample {
  const cached = cache.get(dir);
  if (cached) return cached;
  const symbols = readManifest(dir);
  const sessions: RealSession[] = [];
  for (const entry of symbols) {
    const path = join(dir, entry.file);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      throw new RealDataError(entry.file, 'is listed in the manifest but missing');
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== entry.sha256) {
      throw new RealDataError(entry.file, 'does not match the checksum in the manifest');
    }
    let text: string;
    try {
      text = gunzipSync(bytes).toString('utf8');
    } catch {
      throw new RealDataError(entry.file, 'is not a gzip file');
    }
    sessions.push(...parseRealBars(entry.file, entry.symbol, text));
  }
  const sample = { symbols, sessions };
  cache.set(dir, sample);
  return sample;
}
