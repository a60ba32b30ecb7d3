import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitFrontMatter } from '../course-catalogue/course-content.js';

export interface LessonName {
  path: string;
  title: string;
}

/**
 * Lesson ids to their paths and titles, read from the front matter of the content's lesson files
 * (the reports name lessons the way a course author knows them). A file that cannot be read is
 * skipped: the report then shows the bare id.
 */
export async function readLessonNames(contentDir: string): Promise<Map<number, LessonName>> {
  const names = new Map<number, LessonName>();
  let files: string[];
  try {
    files = (await readdir(join(contentDir, 'lessons'), { recursive: true })).filter((file) =>
      file.endsWith('.md'),
    );
  } catch {
    return names;
  }
  for (const file of files) {
    try {
      const { frontMatter } = splitFrontMatter(
        await readFile(join(contentDir, 'lessons', file), 'utf8'),
      );
      const { id, path, title } = frontMatter as { id?: unknown; path?: unknown; title?: unknown };
      if (typeof id === 'number' && typeof path === 'string' && typeof title === 'string') {
        names.set(id, { path, title });
      }
    } catch {
      // Not a lesson the report can name; the API's own start-up check reports broken files.
    }
  }
  return names;
}
