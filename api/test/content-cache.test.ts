import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readContentCache, writeContentCache } from '../src/course-catalogue/content-cache.js';
import { ContentError, loadCourseContent } from '../src/course-catalogue/course-content.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const charts = {
  has: (chartNumber: number): boolean => chartNumber === 3 || chartNumber === 7,
  plansTrades: (): boolean => false,
  asksDecision: (): boolean => false,
};

describe('the content cache the build writes', () => {
  let folder: string;
  let cacheFile: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'content-cache-'));
    cpSync(FIXTURE, join(folder, 'content'), { recursive: true });
    cacheFile = join(folder, 'content-cache.json');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('gives a start the same lessons as reading the files', () => {
    const content = join(folder, 'content');
    expect(writeContentCache(content, cacheFile)).toBeGreaterThan(0);
    const cache = readContentCache(cacheFile);
    expect(cache).toBeDefined();
    expect(loadCourseContent(content, charts, cache).modules).toEqual(
      loadCourseContent(content, charts).modules,
    );
  });

  it('reads a file again once its text changed, and still checks it', () => {
    const content = join(folder, 'content');
    writeContentCache(content, cacheFile);
    const lesson = join(content, 'lessons', 'foundations', '01-first-steps.md');
    const original = readFileSync(lesson, 'utf8');
    writeFileSync(lesson, original.replace('title: First steps', 'title: Changed steps'));
    const changed = loadCourseContent(content, charts, readContentCache(cacheFile));
    expect(changed.byPath('/m1-welcome')?.title).toBe('Changed steps');
    writeFileSync(lesson, original.replace('sub_req: false', 'sub_req: maybe'));
    expect(() => loadCourseContent(content, charts, readContentCache(cacheFile))).toThrow(
      ContentError,
    );
  });

  it('is not used when it is missing, unreadable or written by other code', () => {
    expect(readContentCache(join(folder, 'none.json'))).toBeUndefined();
    writeFileSync(cacheFile, '{ not json');
    expect(readContentCache(cacheFile)).toBeUndefined();
    writeContentCache(join(folder, 'content'), cacheFile);
    const written = JSON.parse(readFileSync(cacheFile, 'utf8')) as { code: string };
    writeFileSync(cacheFile, JSON.stringify({ ...written, code: 'another build' }));
    expect(readContentCache(cacheFile)).toBeUndefined();
  });
});
