import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../config/config.js';
import type { ChartPair } from './chart-catalogue.js';
import type { ChartDefinition } from './chart-definitions.js';

/**
 * The catalogue's charts made once, so that no instance simulates them while it answers.
 *
 * A lesson chart takes 10 ms to 3 s of CPU to simulate (about 10 s for all of them): done on the
 * event loop at the first request for each, it held every other request that long. `npm run
 * build` writes every hand-numbered chart beside the built code; an instance reads them at
 * start. Each chart is kept under a key of everything it is made from (its definition, and the
 * definitions of the charts it continues), and the file under a fingerprint of the code that
 * simulates (this folder, the course's rules and the chart maths): a chart is taken only when both still match,
 * and any other is made in worker threads before the instance is ready (catalogue-preparation.ts).
 */
interface CacheFile {
  format: number;
  /** The simulating code's fingerprint: another build's charts are not this code's. */
  code: string;
  /** Pairs by definition key. */
  pairs: Record<string, ChartPair>;
}

const FORMAT = 1;

/**
 * Where the build writes the charts: beside the built code (dist/chart-catalogue.json). Run
 * from its sources (tests, development), the API keeps its own in node_modules/.cache, where
 * tools keep what they can make again.
 */
export const CATALOGUE_CACHE_FILE = import.meta.url.endsWith('.ts')
  ? resolve(projectRoot(), 'node_modules', '.cache', 'course-api', 'chart-catalogue.json')
  : fileURLToPath(new URL('../chart-catalogue.json', import.meta.url));

/** A definition's fields that make its chart (the notes and the skills do not). */
function makingFields(definition: ChartDefinition): Omit<ChartDefinition, 'notes' | 'skills'> {
  const { notes: _notes, skills: _skills, ...fields } = definition;
  return fields;
}

/**
 * The key of a definition's chart: a hash of its definition and, for a chart that continues
 * another's market, of the key of that one (its market is this chart's start).
 */
export function definitionKey(
  definition: ChartDefinition,
  definitions: ReadonlyMap<number, ChartDefinition>,
): string {
  const hash = createHash('sha256').update(JSON.stringify(makingFields(definition)));
  const continued =
    definition.continues === null ? undefined : definitions.get(definition.continues);
  if (continued) hash.update(definitionKey(continued, definitions));
  return hash.digest('hex');
}

/** Each code file under `folder` (sub-folders too) by its name there, tests left out, sorted. */
function codeFiles(folder: string, extension: string): [name: string, path: string][] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => extname(name) === extension && !name.includes('.test.'))
    .sort()
    .map((name) => [name, join(folder, name)]);
}

/**
 * The simulating code's fingerprint: the files of this folder, of the course's rules and of the
 * chart maths that frames an exercise, as this process loads them (sources, or the built
 * JavaScript), wherever the project is.
 */
function codeFingerprint(): string {
  const folders: [label: string, entry: string][] = [
    ['exercise-charts', fileURLToPath(import.meta.url)],
    ['@course/rules', fileURLToPath(import.meta.resolve('@course/rules'))],
    ['@chart-kit/core', fileURLToPath(import.meta.resolve('@chart-kit/core'))],
  ];
  const hash = createHash('sha256');
  for (const [label, entry] of folders) {
    for (const [name, path] of codeFiles(dirname(entry), extname(entry))) {
      hash.update(`${label}/${name}\0`).update(readFileSync(path));
    }
  }
  return hash.digest('hex');
}

/** The charts kept in `file` by definition key; none when there is no file or it is another code's. */
export function readCatalogueCache(file: string): Map<string, ChartPair> {
  let cache: CacheFile;
  try {
    cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return new Map();
  }
  if (cache.format !== FORMAT || cache.code !== codeFingerprint()) return new Map();
  return new Map(Object.entries(cache.pairs));
}

/** Writes `pairs` (by definition key) to `file` whole, so a reader never sees half a file. */
export function writeCatalogueCache(file: string, pairs: ReadonlyMap<string, ChartPair>): void {
  const cache: CacheFile = {
    format: FORMAT,
    code: codeFingerprint(),
    pairs: Object.fromEntries(pairs),
  };
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(cache));
  renameSync(partial, file);
}
