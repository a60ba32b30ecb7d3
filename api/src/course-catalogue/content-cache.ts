import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COURSE_MODULES } from './lesson.js';
import { FIGURE_DATA } from './lesson-figures.js';
import {
  type LessonFileCache,
  type LoadedLessonFile,
  lessonFileHash,
  lessonFiles,
  loadLessonFile,
} from './course-content.js';

/**
 * The lesson files read once at build time, so a start does not parse them again.
 *
 * Reading the lessons (YAML front matter, its rules, Markdown to HTML) was the largest step of
 * a start that is the app's own: about 0.4 s of CPU, over a second of wall time on a busy
 * machine. `npm run build` writes every file's result beside the built code, keyed by the
 * file's name and the SHA-256 of its text, under a fingerprint of the code that read it; a
 * start takes an entry only when both still match, and reads any other file as before. The
 * checks across files (ids, links, the charts named) run at every start, so a cache can make a
 * start faster but never makes it accept content the parser would refuse.
 */
interface CacheFile {
  format: number;
  /** The reading code's fingerprint: another build's entries are not this code's results. */
  code: string;
  files: Record<string, { sha256: string; loaded: LoadedLessonFile }>;
}

const FORMAT = 1;

/** Where the build writes the cache: beside the built code (dist/content-cache.json). */
export const CONTENT_CACHE_FILE = fileURLToPath(new URL('../content-cache.json', import.meta.url));

/** The modules that turn a lesson file into a lesson, beside this one (built or source). */
const READING_CODE = [
  'course-content',
  'lesson-front-matter',
  'markdown',
  'lesson',
  'lesson-figures',
];

function codeFingerprint(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const hash = createHash('sha256');
  for (const name of READING_CODE) {
    hash.update(readFileSync(new URL(`./${name}.${extension}`, import.meta.url)));
  }
  // The figures are drawn from the measured rates: a re-measure is another reading.
  hash.update(FIGURE_DATA);
  return hash.digest('hex');
}

/** The cache the build wrote, or undefined when there is none or it is another code's. */
export function readContentCache(file: string = CONTENT_CACHE_FILE): LessonFileCache | undefined {
  let cache: CacheFile;
  try {
    cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return undefined;
  }
  if (cache.format !== FORMAT || cache.code !== codeFingerprint()) return undefined;
  const files = new Map(Object.entries(cache.files));
  return {
    get(name, sha256) {
      const entry = files.get(name);
      return entry?.sha256 === sha256 ? entry.loaded : undefined;
    },
  };
}

/** Reads every lesson file under `contentDir` and writes the results to `file`; returns how many. */
export function writeContentCache(contentDir: string, file: string = CONTENT_CACHE_FILE): number {
  const files: CacheFile['files'] = {};
  for (const { key } of COURSE_MODULES) {
    for (const { name, source } of lessonFiles(contentDir, key)) {
      files[name] = { sha256: lessonFileHash(source), loaded: loadLessonFile(source, name, key) };
    }
  }
  const cache: CacheFile = { format: FORMAT, code: codeFingerprint(), files };
  writeFileSync(file, JSON.stringify(cache));
  return Object.keys(files).length;
}
