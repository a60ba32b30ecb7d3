// Packs the built chart-kit and @chart-kit/core (published together) as npm would publish them and
// installs both tarballs into a throwaway consumer project, offline: from the local npm cache with a
// lockfile cut from the monorepo's, or, when the cache lacks a tarball, by linking the monorepo's
// installed copies.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { consumerLockfile, type Lockfile, type Manifest } from './consumer-lockfile.js';

const execFileAsync = promisify(execFile);

export const CHART_KIT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MONOREPO_DIR = resolve(CHART_KIT_DIR, '..');
/** The workspace of @chart-kit/core, the chart's maths, which chart-kit depends on. */
export const CHART_CORE_DIR = join(MONOREPO_DIR, 'chart-core');

/** Each packed workspace and the entry points whose built files the package test needs. */
const BUILT_ENTRIES: readonly { dir: string; entries: readonly string[] }[] = [
  { dir: CHART_CORE_DIR, entries: ['dist/index.js'] },
  { dir: CHART_KIT_DIR, entries: ['dist/index.js', 'dist/core/index.js', 'dist/react/index.js'] },
];

/**
 * Throws unless each workspace's `dist` holds a build at least as new as every source file: the
 * test packs what is built and does not build it itself (the root `npm test` builds first).
 */
export function assertBuilt(): void {
  const hint = 'build them first: npm run build -w chart-core && npm run build -w chart-kit';
  for (const { dir, entries } of BUILT_ENTRIES) {
    const builtAt = Math.min(
      ...entries.map((entry) => {
        const path = join(dir, entry);
        if (!existsSync(path)) throw new Error(`${path} is missing; ${hint}`);
        return statSync(path).mtimeMs;
      }),
    );
    const newest = newestSource(join(dir, 'src'));
    if (newest.mtimeMs > builtAt) {
      throw new Error(`${newest.path} changed after the last build; ${hint}`);
    }
  }
}

function newestSource(folder: string): { path: string; mtimeMs: number } {
  let newest = { path: folder, mtimeMs: 0 };
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const candidate = entry.isDirectory()
      ? newestSource(path)
      : /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')
        ? { path, mtimeMs: statSync(path).mtimeMs }
        : undefined;
    if (candidate && candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

export interface PackedPackage {
  /** Absolute path of the tarball. */
  tarball: string;
  /** Paths inside the package, as `npm pack` listed them. */
  files: string[];
  manifest: Manifest & { exports?: Record<string, unknown>; files?: string[] };
}

/** `npm pack` of the workspace in `dir` as built (its prepack build skipped) into `destination`. */
export async function packWorkspace(dir: string, destination: string): Promise<PackedPackage> {
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    dir,
  );
  // npm prints the report as a JSON array with one entry per packed package.
  const [report] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!report) throw new Error(`npm pack reported nothing: ${stdout}`);
  const manifest = JSON.parse(
    await readFile(join(dir, 'package.json'), 'utf8'),
  ) as PackedPackage['manifest'];
  return {
    tarball: join(destination, report.filename),
    files: report.files.map((file) => file.path),
    manifest,
  };
}

/** The version of `name` installed in the monorepo, which the consumer project pins. */
export async function monorepoVersion(name: string): Promise<string> {
  const path = join(MONOREPO_DIR, 'node_modules', name, 'package.json');
  const { version } = JSON.parse(await readFile(path, 'utf8')) as { version: string };
  return version;
}

export interface ConsumerProject {
  dir: string;
  manifest: Manifest;
  /** Source files to write under the project, by path relative to it. */
  files: Record<string, string>;
}

/** How the consumer's dependencies got into its node_modules. */
export type InstallMethod = 'npm-offline' | 'linked-from-monorepo';

/**
 * Writes the project with a lockfile cut from the monorepo's and runs `npm install --offline`.
 * If the npm cache lacks a tarball, falls back to unpacking the packed packages and linking every
 * other package from the monorepo's node_modules; any other npm failure (a peer conflict, say)
 * fails.
 */
export async function installConsumer(
  project: ConsumerProject,
  packed: readonly PackedPackage[],
): Promise<InstallMethod> {
  const { dir, manifest } = project;
  await mkdir(dir, { recursive: true });
  for (const [path, text] of Object.entries(project.files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const monorepoLock = JSON.parse(
    await readFile(join(MONOREPO_DIR, 'package-lock.json'), 'utf8'),
  ) as Lockfile;
  const libraries = packed.map((library) => {
    const spec = manifest.dependencies?.[library.manifest.name];
    if (!spec) throw new Error(`the consumer does not depend on ${library.manifest.name}`);
    return { manifest: library.manifest, spec };
  });
  const lock = consumerLockfile({ consumer: manifest, libraries, monorepoLock });
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await writeFile(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
  try {
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
    return 'npm-offline';
  } catch (error) {
    if (!/ENOTCACHED|only-if-cached/.test(String(error))) throw error;
    await linkFromMonorepo(dir, manifest, packed);
    return 'linked-from-monorepo';
  }
}

/** The packed packages unpacked from their tarballs; their dependencies, peers and the consumer's own linked. */
async function linkFromMonorepo(
  dir: string,
  manifest: Manifest,
  packed: readonly PackedPackage[],
): Promise<void> {
  const modules = join(dir, 'node_modules');
  await rm(modules, { recursive: true, force: true });
  await mkdir(modules, { recursive: true });
  const names = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ]);
  for (const library of packed) {
    // npm's tarballs unpack into `package/`: one at a time, each moved to its name.
    await run('tar', ['-xzf', library.tarball, '-C', modules], dir);
    const target = join(modules, library.manifest.name);
    await mkdir(dirname(target), { recursive: true });
    await rename(join(modules, 'package'), target);
    const {
      dependencies = {},
      peerDependencies = {},
      peerDependenciesMeta = {},
    } = library.manifest;
    for (const name of Object.keys(dependencies)) names.add(name);
    for (const name of Object.keys(peerDependencies)) {
      if (peerDependenciesMeta[name]?.optional !== true) names.add(name);
    }
  }
  for (const library of packed) names.delete(library.manifest.name);
  for (const name of names) {
    const target = join(MONOREPO_DIR, 'node_modules', name);
    if (!existsSync(target)) throw new Error(`${name} is not installed in the monorepo`);
    await mkdir(dirname(join(modules, name)), { recursive: true });
    await symlink(target, join(modules, name), 'dir');
  }
}

/** Environment for child commands: npm's per-run settings of an enclosing `npm test` removed. */
function childEnv(): NodeJS.ProcessEnv {
  const kept = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_registry']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') || kept.has(key)),
  );
}

/** Runs a command; a failure's message carries its output. */
export async function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await execFileAsync(command, args, {
      cwd,
      env: childEnv(),
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`, {
      cause: error,
    });
  }
}
