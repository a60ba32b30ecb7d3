import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API decides with the course's rules and never draws: it must not install the chart library
// (chart-kit) or its renderer (pixi.js), and the course's rules must not depend on them either.
// Only the chart's pure maths (@chart-kit/core: candles, aggregation, framing) is shared.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readPackage = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as PackageJson;

/** Where Node would find `name` from `folder`: the nearest node_modules up the tree. */
function packageFolder(name: string, from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (folder === dirname(folder)) throw new Error(`${name} is not installed (from ${from})`);
  }
}

/** Every package installing `workspace` brings, by name: dependencies and required peers. */
function productionClosure(workspace: string): Set<string> {
  const found = new Set<string>();
  const visit = (folder: string) => {
    const manifest = readPackage(folder);
    const required = Object.keys(manifest.peerDependencies ?? {}).filter(
      (peer) => manifest.peerDependenciesMeta?.[peer]?.optional !== true,
    );
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...required]) {
      if (found.has(name)) continue;
      found.add(name);
      visit(packageFolder(name, folder));
    }
  };
  visit(join(ROOT, workspace));
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Static imports and re-exports, side-effect imports and dynamic imports of a package.
const PACKAGE_IMPORT =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^.'][^']*)'|^\s*import\s*'([^.'][^']*)'|\bimport\(\s*'([^.'][^']*)'\s*\)/gm;

/** The packages the files under `folder` import, each with a file that does. */
function importedPackages(
  folder: string,
  include: (file: string) => boolean = () => true,
): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of sourceFiles(join(ROOT, folder)).filter(include)) {
    for (const match of readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      const parts = specifier.split('/');
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
      if (!packages.has(name)) packages.set(name, relative(ROOT, file));
    }
  }
  return packages;
}

const DRAWING = ['chart-kit', 'pixi.js'];

describe('the API and the course rules never bring the chart library or its renderer', () => {
  it.each(['api', 'course', 'contract', 'chart-core'])(
    '%s installs neither chart-kit nor pixi.js',
    (workspace) => {
      const closure = productionClosure(workspace);
      expect(DRAWING.filter((name) => closure.has(name))).toEqual([]);
    },
  );

  it('the API installs the course rules and the contract', () => {
    const closure = productionClosure('api');
    expect(closure.has('@course/rules')).toBe(true);
    expect(closure.has('@course/contract')).toBe(true);
  });

  it.each(['api/src', 'api/test', 'course/src', 'contract/src', 'chart-core/src'])(
    'no file under %s imports chart-kit or pixi.js',
    (folder) => {
      const imported = importedPackages(folder);
      expect(
        DRAWING.filter((name) => imported.has(name)).map((name) => imported.get(name)),
      ).toEqual([]);
    },
  );

  // The real sample's loader reads files: it is the package's Node-only entry
  // (`@course/rules/real-data`), kept in one folder that nothing else in the rules imports.
  const REAL_DATA = `${join('course', 'src', 'real-data')}/`;
  const isRealDataLoader = (file: string) => relative(ROOT, file).startsWith(REAL_DATA);

  it('the course rules use only the chart maths, d3 and FSRS (no Nest, no database, no DOM)', () => {
    const imported = [...importedPackages('course/src', (file) => !isRealDataLoader(file)).keys()];
    expect(imported.filter((name) => name !== 'fast-check').sort()).toEqual([
      '@chart-kit/core',
      'd3-array',
      'ts-fsrs',
    ]);
  });

  it('the real sample loader uses only Node itself, and the rules never import it', () => {
    const loader = [...importedPackages('course/src', isRealDataLoader).keys()];
    expect(
      loader.filter((name) => name !== '@chart-kit/core' && !name.startsWith('node:')),
    ).toEqual([]);
    const rules = sourceFiles(join(ROOT, 'course/src')).filter(
      (file) => !isRealDataLoader(file) && !file.endsWith('.test.ts'),
    );
    const reachingIn = rules.filter((file) =>
      /from '(\.\.?\/)+real-data\//.test(readFileSync(file, 'utf8')),
    );
    expect(reachingIn.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('the chart maths knows nothing of the course', () => {
    const imported = [...importedPackages('chart-core/src').keys()].sort();
    expect(imported.filter((name) => name !== 'fast-check')).toEqual(['d3-array', 'd3-scale']);
  });

  it('the contract takes its types from the course rules only', () => {
    const imported = [...importedPackages('contract/src').keys()].sort();
    expect(imported).toEqual(['@course/rules']);
  });
});
