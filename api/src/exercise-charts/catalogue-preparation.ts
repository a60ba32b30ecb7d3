import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { readCatalogueCache, definitionKey, writeCatalogueCache } from './catalogue-cache.js';
import type { CatalogueTask } from './catalogue-worker.js';
import { ChartCatalogue, type ChartPair, deepFreeze } from './chart-catalogue.js';
import { type ChartDefinition, readChartDefinitions } from './chart-definitions.js';

export interface PreparationOptions {
  /** The content folder whose charts.yaml defines the charts. */
  contentDir: string;
  /** The charts made before (see catalogue-cache.ts); the ones made now are added to it. */
  cacheFile: string;
  /** Worker threads making the charts the file does not have. */
  threads: number;
  /** Node options of those threads (tests give the TypeScript hooks); default: this process's. */
  execArgv?: readonly string[];
}

export interface PreparedCatalogue {
  /** Every chart looked up, none simulated (see ChartCatalogue.prepared). */
  catalogue: ChartCatalogue;
  /** Charts taken from the file. */
  fromFile: number;
  /** Charts made now, in worker threads. */
  made: number;
  /** The ids of the threads that made them (the main thread's is 0: never among them). */
  madeInThreads: number[];
  /** Why the charts made could not be added to the file, when they could not. */
  writeError?: Error;
}

/** The worker module beside this one: built JavaScript, or the TypeScript source under hooks. */
function workerFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`./catalogue-worker.${extension}`, import.meta.url));
}

/** The first chart of the market chain that `definition` belongs to. */
function chainStart(
  definition: ChartDefinition,
  definitions: ReadonlyMap<number, ChartDefinition>,
): number {
  const continued =
    definition.continues === null ? undefined : definitions.get(definition.continues);
  return continued ? chainStart(continued, definitions) : definition.number;
}

/**
 * One task per market chain with a missing chart: a chart continuing another's market is made
 * in the same thread, which simulates that market once for both.
 */
function tasksFor(
  missing: readonly ChartDefinition[],
  definitions: ReadonlyMap<number, ChartDefinition>,
): CatalogueTask[] {
  const chains = new Map<number, number[]>();
  for (const definition of missing) {
    const start = chainStart(definition, definitions);
    chains.set(start, [...(chains.get(start) ?? []), definition.number]);
  }
  return [...chains].map(([start, numbers]) => ({
    definitions: [...definitions.values()].filter(
      (definition) => chainStart(definition, definitions) === start,
    ),
    numbers,
  }));
}

/** Makes `tasks` in a pool of `threads` worker threads, ended when they are done. */
async function makeInThreads(
  tasks: readonly CatalogueTask[],
  options: PreparationOptions,
): Promise<{ pairs: Map<number, ChartPair>; threadIds: Set<number> }> {
  const pool = new Piscina<CatalogueTask, string>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(options.threads, tasks.length)),
    ...(options.execArgv ? { execArgv: [...options.execArgv] } : {}),
  });
  const pairs = new Map<number, ChartPair>();
  const threadIds = new Set<number>();
  try {
    const answers = await Promise.all(tasks.map((task) => pool.run(task)));
    for (const answer of answers) {
      const made = JSON.parse(answer) as { threadId: number; pairs: [number, ChartPair][] };
      threadIds.add(made.threadId);
      for (const [number, pair] of made.pairs) pairs.set(number, pair);
    }
  } finally {
    await pool.destroy();
  }
  return { pairs, threadIds };
}

/**
 * The catalogue an instance serves, with every chart made before it answers anyone: each
 * chart is taken from the file when it was made from the same definition by the same code,
 * and made in worker threads otherwise (then added to the file, so the next start finds it).
 * The build runs this once with an empty file; a start from that build makes nothing.
 */
export async function prepareCatalogue(options: PreparationOptions): Promise<PreparedCatalogue> {
  const list = readChartDefinitions(options.contentDir);
  const definitions = new Map(list.map((definition) => [definition.number, definition]));
  const kept = readCatalogueCache(options.cacheFile);
  const pairs = new Map<number, ChartPair>();
  const missing: ChartDefinition[] = [];
  for (const definition of list) {
    const pair = kept.get(definitionKey(definition, definitions));
    if (pair) pairs.set(definition.number, pair);
    else missing.push(definition);
  }
  const prepared: Omit<PreparedCatalogue, 'catalogue'> = {
    fromFile: pairs.size,
    made: missing.length,
    madeInThreads: [],
  };
  if (missing.length > 0) {
    const made = await makeInThreads(tasksFor(missing, definitions), options);
    prepared.madeInThreads = [...made.threadIds];
    for (const definition of missing) {
      const pair = made.pairs.get(definition.number);
      if (!pair) throw new Error(`chart ${definition.number} was not made`);
      pairs.set(definition.number, pair);
      kept.set(definitionKey(definition, definitions), pair);
    }
    try {
      writeCatalogueCache(options.cacheFile, kept);
    } catch (error) {
      prepared.writeError = error instanceof Error ? error : new Error(String(error));
    }
  }
  // Shared by every request from now on: an accidental edit fails loudly.
  for (const pair of pairs.values()) deepFreeze(pair);
  return { ...prepared, catalogue: ChartCatalogue.prepared(list, pairs) };
}
