import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

interface Import {
  file: string;
  /** The folder under src/ imported from, or the package name. */
  target: string;
  /** The module imported, relative to src/ (a package's name for a package). */
  module: string;
  typeOnly: boolean;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const CORE_PACKAGE = '@chart-kit/core';

const IMPORT = /^(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4] ?? '';
    // The chart maths is its own package (@chart-kit/core): still the bottom layer, core.
    const target = specifier.startsWith('.')
      ? (relative(SRC, resolve(dirname(file), specifier)).split('/')[0] ?? '')
      : specifier === CORE_PACKAGE
        ? 'core'
        : (specifier.split('/')[0] ?? '');
    const module = specifier.startsWith('.')
      ? relative(SRC, resolve(dirname(file), specifier))
      : specifier;
    found.push({ file: relative(SRC, file), target, module, typeOnly: match[2] !== undefined });
  }
  return found;
}

const ALL = sourceFiles(SRC).flatMap(importsOf);
const from = (folder: string) => ALL.filter((entry) => entry.file.startsWith(`${folder}/`));
const targets = (entries: Import[]) => [...new Set(entries.map((entry) => entry.target))].sort();

describe('module boundaries (core <- model <- interaction/views <- engine <- react)', () => {
  it('core is the chart maths package, re-exported as chart-kit/core', () => {
    expect(
      ALL.filter((entry) => entry.file.startsWith('core/')).map((entry) => entry.module),
    ).toEqual([CORE_PACKAGE]);
  });

  it('nothing in the library knows the course', () => {
    expect(ALL.filter((entry) => entry.module.startsWith('@course/'))).toEqual([]);
  });

  it('the model needs no DOM, no pixi and no engine', () => {
    expect(targets(from('model'))).toEqual(['core', 'd3-array', 'model']);
  });

  it('tools, keys and the announcer work on the model only', () => {
    expect(targets(from('interaction'))).toEqual(['core', 'interaction', 'model']);
  });

  it('views read the model and take only types from render (no pixi)', () => {
    const views = from('views');
    expect(targets(views)).toEqual(['core', 'model', 'render', 'views']);
    const renderValues = views.filter((entry) => entry.target === 'render' && !entry.typeOnly);
    // Plain constants and types of render/price-tag.ts, which imports nothing.
    expect([...new Set(renderValues.map((entry) => entry.module))]).toEqual([
      'render/price-tag.js',
    ]);
    expect(targets(from('render').filter((entry) => entry.file === 'render/price-tag.ts'))).toEqual(
      [],
    );
  });

  it('nothing under render or core imports from engine, model, views or interaction', () => {
    expect(targets(from('render'))).toEqual(['core', 'd3-array', 'd3-color', 'pixi.js', 'render']);
  });

  it('only the engine, the React bindings and the entry point import the engine', () => {
    const users = ALL.filter((entry) => entry.target === 'engine').map((entry) => entry.file);
    expect(users.every((file) => /^(engine|react)\/|^index\.ts$/.test(file))).toBe(true);
  });

  it('pictures draw with the model, views and the Canvas 2D painter: never the engine', () => {
    expect(targets(from('picture'))).toEqual(['core', 'model', 'picture', 'render', 'views']);
  });

  /** The files and packages `entry` loads at run time (type-only imports are erased). */
  function loadedBy(entry: string): Set<string> {
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const { module } of ALL.filter((each) => each.file === file && !each.typeOnly)) {
        if (!module.endsWith('.js')) {
          loaded.add(module);
          continue;
        }
        const source = module.replace(/\.js$/, '');
        visit(ALL.some((each) => each.file === `${source}.tsx`) ? `${source}.tsx` : `${source}.ts`);
      }
    };
    visit(entry);
    return loaded;
  }
  const packagesOf = (loaded: Set<string>) =>
    [...loaded].filter((module) => !/\.tsx?$/.test(module)).sort();

  it('the WebGL surface loads pixi.js (the walk below follows imports)', () => {
    const loaded = packagesOf(loadedBy('engine/webgl-surface.ts'));
    expect(loaded.some((name) => name.startsWith('pixi.js'))).toBe(true);
  });

  it("the engine's entry loads no pixi.js until a chart needs WebGL (a dynamic import)", () => {
    for (const entry of ['index.ts', 'react/index.ts']) {
      const loaded = loadedBy(entry);
      expect(packagesOf(loaded).filter((name) => name.startsWith('pixi.js'))).toEqual([]);
      expect(loaded.has('engine/webgl-surface.ts')).toBe(false);
    }
  });

  it.each([
    // @chart-kit/core is pure maths on d3 (its own boundaries are tested where it lives).
    ['picture/index.ts', ['@chart-kit/core', 'd3-array', 'd3-color']],
    ['react/ChartPicture.tsx', ['@chart-kit/core', 'd3-array', 'd3-color', 'react']],
  ])('%s loads no pixi.js and no engine, however deep the imports go', (entry, packages) => {
    const loaded = loadedBy(entry);
    expect(packagesOf(loaded)).toEqual(packages);
    expect([...loaded].filter((file) => file.startsWith('engine/'))).toEqual([]);
  });
});
