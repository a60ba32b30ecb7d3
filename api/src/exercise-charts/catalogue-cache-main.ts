import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../config/config.js';
import { CATALOGUE_CACHE_FILE } from './catalogue-cache.js';
import { prepareCatalogue } from './catalogue-preparation.js';

// Part of `npm run build`: every catalogue chart made once, on every core, so that an instance
// never simulates one (see catalogue-cache.ts). Charts the file already has from the same code
// are kept, so a build after a lesson-only change takes no time here.
const configured = process.env.CONTENT_DIR?.trim();
const contentDir = resolve(
  projectRoot(),
  configured === undefined || configured === '' ? 'api/content' : configured,
);
const started = performance.now();
const prepared = await prepareCatalogue({
  contentDir,
  cacheFile: CATALOGUE_CACHE_FILE,
  threads: availableParallelism(),
});
if (prepared.writeError) throw prepared.writeError;
console.log(
  `chart catalogue: ${prepared.catalogue.numbers().length} chart(s) from ${contentDir}, ` +
    `${prepared.made} made in ${prepared.madeInThreads.length} thread(s), ` +
    `${prepared.fromFile} already in ${CATALOGUE_CACHE_FILE} ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
