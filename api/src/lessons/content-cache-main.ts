import { resolve } from 'node:path';
import { projectRoot } from '../config/config.js';
import { CONTENT_CACHE_FILE, writeContentCache } from '../course-catalogue/content-cache.js';

// Part of `npm run build`: the lessons read once, so starts do not (see content-cache.ts).
const configured = process.env.CONTENT_DIR?.trim();
const contentDir = resolve(
  projectRoot(),
  configured === undefined || configured === '' ? 'api/content' : configured,
);
const count = writeContentCache(contentDir);
console.log(`content cache: ${count} lesson file(s) from ${contentDir} in ${CONTENT_CACHE_FILE}`);
