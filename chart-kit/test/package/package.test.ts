// chart-kit as a developer outside this monorepo gets it: `npm pack` of the build, installed into a
// fresh project beside pixi.js and React. Its declarations must compile there with skipLibCheck
// off, the README's examples must compile as written, and `chart-kit/core` must run under Node.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import {
  assertBuilt,
  CHART_KIT_DIR,
  installConsumer,
  monorepoVersion,
  packChartKit,
  run,
  type InstallMethod,
  type PackedPackage,
} from './consumer-project.js';
import { codeBlockUnder } from './readme-examples.js';

/** What a strict project sets: one built with Vite (bundler resolution), one run by Node. */
const TSCONFIGS = {
  'tsconfig.bundler.json': {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      moduleDetection: 'force',
      verbatimModuleSyntax: true,
      jsx: 'react-jsx',
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noFallthroughCasesInSwitch: true,
      noUncheckedSideEffectImports: true,
      skipLibCheck: false,
      noEmit: true,
      types: [],
    },
    include: ['src'],
  },
  'tsconfig.nodenext.json': {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      jsx: 'react-jsx',
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      noEmit: true,
      types: [],
    },
    include: ['src'],
  },
};

const README = readFileSync(join(CHART_KIT_DIR, 'README.md'), 'utf8');

describe('chart-kit packed and installed in a consumer project', () => {
  let work: string | undefined;
  let consumer: string;
  let packed: PackedPackage;
  let installedWith: InstallMethod;

  beforeAll(async () => {
    assertBuilt();
    work = await mkdtemp(join(tmpdir(), 'chart-kit-package-'));
    packed = await packChartKit(work);
    consumer = join(work, 'consumer');
    const [pixi, react, reactDom, reactTypes, typescript] = await Promise.all([
      monorepoVersion('pixi.js'),
      monorepoVersion('react'),
      monorepoVersion('react-dom'),
      monorepoVersion('@types/react'),
      monorepoVersion('typescript'),
    ]);
    installedWith = await installConsumer(
      {
        dir: consumer,
        manifest: {
          name: 'chart-kit-consumer',
          version: '1.0.0',
          type: 'module',
          dependencies: {
            'chart-kit': `file:../${basename(packed.tarball)}`,
            'pixi.js': pixi,
            react,
            'react-dom': reactDom,
          },
          devDependencies: { '@types/react': reactTypes, typescript },
        },
        files: {
          'src/plain.ts': codeBlockUnder(README, '### TypeScript', 'ts'),
          'src/react.tsx': codeBlockUnder(README, '### React', 'tsx'),
          ...Object.fromEntries(
            Object.entries(TSCONFIGS).map(([name, config]) => [name, JSON.stringify(config)]),
          ),
        },
      },
      packed,
    );
    await copyFile(
      join(CHART_KIT_DIR, 'test/package/core-in-node.mjs'),
      join(consumer, 'core.mjs'),
    );
    await copyFile(
      join(CHART_KIT_DIR, 'test/package/engine-in-node.mjs'),
      join(consumer, 'engine.mjs'),
    );
  }, 120_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('ships the build, its sources, the README and the licence, and nothing else', () => {
    for (const path of packed.files) {
      expect(path).toMatch(
        /^(dist\/.+\.(js|d\.ts)(\.map)?|src\/.+|README\.md|LICENSE|package\.json)$/,
      );
      expect(path).not.toMatch(/\.test\.tsx?$/);
    }
    expect(packed.files).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'dist/index.js', 'src/index.ts']),
    );
    expect(README.split('\n').find((line) => line.startsWith('## '))).toBe('## Install');
  });

  it('points every export condition at a file in the tarball', () => {
    const exportsMap = (packed.manifest.exports ?? {}) as Record<
      string,
      string | Record<string, string>
    >;
    const targets = Object.values(exportsMap).flatMap((conditions) =>
      typeof conditions === 'string' ? [conditions] : Object.values(conditions),
    );
    expect(targets.length).toBeGreaterThan(8);
    for (const target of targets) expect(packed.files).toContain(target.replace(/^\.\//, ''));
  });

  it('leaves pixi.js to the app as a peer, installed once', () => {
    const { dependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} } = packed.manifest;
    expect(Object.keys(dependencies).sort()).toEqual(['d3-array', 'd3-scale']);
    expect(Object.keys(peerDependencies).sort()).toEqual(['pixi.js', 'react']);
    expect(peerDependenciesMeta.react?.optional).toBe(true);
    const modules = join(consumer, 'node_modules');
    expect(existsSync(join(modules, 'pixi.js/package.json'))).toBe(true);
    expect(existsSync(join(modules, 'chart-kit/node_modules/pixi.js'))).toBe(false);
    if (installedWith !== 'npm-offline') {
      console.warn('The npm cache lacked a tarball: the consumer linked the monorepo packages.');
    }
  });

  it('type-checks the README examples with skipLibCheck off, under bundler and NodeNext', async () => {
    const tsc = join(consumer, 'node_modules/typescript/bin/tsc');
    const results = await Promise.allSettled(
      Object.keys(TSCONFIGS).map((config) => run(process.execPath, [tsc, '-p', config], consumer)),
    );
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('aggregates candles and grades zones with chart-kit/core under plain Node', async () => {
    const { stdout } = await run(process.execPath, ['core.mjs'], consumer);
    expect(JSON.parse(stdout)).toEqual({
      fiveMinute: 78,
      hourly: 7,
      sessionHigh: expect.any(Number) as number,
      grades: ['pass', 'too-high', 'one-line-outside'],
    });
    // A CommonJS caller gets the same module through Node's require() of ES modules.
    const script = `const { gradeZone } = require('chart-kit/core');
      console.log(gradeZone([1.5, 1.2], { upper: 1.6, lower: 1.1 }).reason);`;
    const required = await run(process.execPath, ['-e', script], consumer);
    expect(required.stdout.trim()).toBe('pass');
  });

  it('imports the engine and the React bindings in Node and renders a <Chart> on the server', async () => {
    const { stdout } = await run(process.execPath, ['engine.mjs'], consumer);
    expect(JSON.parse(stdout)).toEqual({ heading: true, box: true, canvas: false });
  });

  it('ships source maps that carry the TypeScript, and declaration maps onto it', async () => {
    const installed = join(consumer, 'node_modules/chart-kit');
    const built = await readFile(join(installed, 'dist/core/aggregate.js'), 'utf8');
    expect(built).toMatch(/\/\/# sourceMappingURL=aggregate\.js\.map\s*$/);
    for (const map of ['dist/core/aggregate.js.map', 'dist/core/aggregate.d.ts.map']) {
      const { sources, sourcesContent } = JSON.parse(
        await readFile(join(installed, map), 'utf8'),
      ) as { sources: string[]; sourcesContent?: string[] };
      const source = resolve(dirname(join(installed, map)), sources[0] ?? '');
      expect(source).toBe(join(installed, 'src/core/aggregate.ts'));
      expect(existsSync(source)).toBe(true);
      if (map.endsWith('.js.map')) {
        expect(sourcesContent?.[0]).toBe(await readFile(source, 'utf8'));
      }
    }
  });
});
