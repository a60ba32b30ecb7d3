import { gzipSync } from 'node:zlib';
import { generatePracticePair, type PracticeTask } from './generation.js';

/**
 * A worker thread's task: a practice chart pair as gzipped JSON, the form it is stored in, so
 * the request's thread only unzips and parses it (under a millisecond) and the 5-10 kB crossing
 * between threads is a plain copy.
 */
export default function generateEncodedPracticePair(task: PracticeTask): Uint8Array {
  return gzipSync(JSON.stringify(generatePracticePair(task)));
}
