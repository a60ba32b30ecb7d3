import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STORYBOOK_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const STATIC_DIR = join(STORYBOOK_ROOT, 'storybook-static');
const CHART_KIT_ROOT = join(STORYBOOK_ROOT, '..', 'chart-kit');

/** What the static Storybook is built from: a change to any of these makes the build stale. */
const BUILD_INPUTS = [
  join(STORYBOOK_ROOT, 'stories'),
  join(STORYBOOK_ROOT, '.storybook'),
  join(STORYBOOK_ROOT, 'package.json'),
  join(CHART_KIT_ROOT, 'src'),
  join(CHART_KIT_ROOT, 'package.json'),
];

function newestModification(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestModification(join(path, entry)));
  }
  return newest;
}

function isFresh(): boolean {
  const index = join(STATIC_DIR, 'index.json');
  if (!existsSync(index) || !existsSync(join(STATIC_DIR, 'iframe.html'))) return false;
  const builtAt = statSync(index).mtimeMs;
  return BUILD_INPUTS.every((input) => newestModification(input) < builtAt);
}

/** Runs `storybook build` as the workspace's build-storybook script does, in a child process. */
function buildStorybook(): Promise<void> {
  const packageJson = createRequire(join(STORYBOOK_ROOT, 'package.json')).resolve(
    'storybook/package.json',
  );
  const bin = join(dirname(packageJson), 'dist', 'bin', 'dispatcher.js');
  const child = spawn(
    process.execPath,
    [bin, 'build', '--disable-telemetry', '--quiet', '--output-dir', STATIC_DIR],
    {
      cwd: STORYBOOK_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`storybook build exited with code ${String(code)}:\n${output}`));
    });
  });
}

/**
 * The static Storybook in `storybook-static/`, built now unless a build newer than every story and
 * every chart-kit source file is already there.
 */
export async function ensureStaticBuild(): Promise<string> {
  if (!isFresh()) await buildStorybook();
  return STATIC_DIR;
}

export interface StoryIndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

/** The stories and docs pages of the build, from its `index.json`. */
export function readStoryIndex(staticDir: string): StoryIndexEntry[] {
  const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, StoryIndexEntry>;
  };
  return Object.values(index.entries);
}
