import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureStaticBuild, readStoryIndex, STORYBOOK_ROOT } from './support/static-build.js';

const CHART_KIT_README = join(STORYBOOK_ROOT, '..', 'chart-kit', 'README.md');

// Built (or found fresh) while jest collects the tests, as the browser tests do.
const ids = new Set(readStoryIndex(await ensureStaticBuild()).map((entry) => entry.id));

describe("chart-kit's README", () => {
  // The README gives each story as a path after the published Storybook's address.
  const paths = [
    ...readFileSync(CHART_KIT_README, 'utf8').matchAll(/`\?path=\/(story|docs)\/([\w-]+)`/g),
  ];

  it('names stories by their paths in the Storybook', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(paths.map((match) => [match[0], match[2] ?? '']))(
    'points %s at a story or docs page the Storybook has',
    (_path, id) => {
      expect(ids).toContain(id);
    },
  );
});
