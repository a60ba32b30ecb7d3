import { threadId } from 'node:worker_threads';
import { ChartCatalogue } from './chart-catalogue.js';
import type { ChartDefinition } from './chart-definitions.js';

/** A worker thread's task: charts of one market chain (a chart and those continuing it). */
export interface CatalogueTask {
  /** The chain's definitions, the continued charts included: their markets are where it starts. */
  definitions: ChartDefinition[];
  /** The 5-minute chart numbers to make. */
  numbers: number[];
}

/**
 * Simulates the task's charts. Answered as JSON text: a copy between threads costs the request
 * thread nothing much, and it parses the text at start, before it answers anyone.
 */
export default function makeCatalogueCharts(task: CatalogueTask): string {
  const catalogue = ChartCatalogue.simulating(task.definitions);
  return JSON.stringify({
    threadId,
    pairs: task.numbers.map((number) => [number, catalogue.pair(number)]),
  });
}
