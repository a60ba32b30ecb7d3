import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE_LESSONS = fileURLToPath(new URL('../fixtures/content/lessons', import.meta.url));
const REAL_CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

/**
 * A fresh content folder for an exercise's tests: the fixture lessons, the real chart catalogue
 * (the exercises grade on its charts), and `lessons` (file name to Markdown) in the risk module.
 * The caller removes it.
 */
export function contentWithRiskLessons(prefix: string, lessons: Record<string, string>): string {
  const contentDir = mkdtempSync(join(tmpdir(), `${prefix}-content-`));
  cpSync(FIXTURE_LESSONS, join(contentDir, 'lessons'), { recursive: true });
  mkdirSync(join(contentDir, 'lessons', 'risk'));
  for (const [file, markdown] of Object.entries(lessons)) {
    writeFileSync(join(contentDir, 'lessons', 'risk', file), markdown);
  }
  cpSync(join(REAL_CONTENT, 'charts.yaml'), join(contentDir, 'charts.yaml'));
  return contentDir;
}
