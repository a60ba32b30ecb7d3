// chart-kit as a developer outside this monorepo gets it: `npm pack` of the builds of chart-kit and
// of @chart-kit/core (its maths, published with it), installed into a fresh project beside pixi.js
// and React. The declarations must compile there with skipLibCheck off, the README's examples must
// compile as written, and `chart-kit/core` and `@chart-kit/core` must run under Node.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import {
  assertBuilt,
  CHART_CORE_DIR,
  CHART_KIT_DIR,
  installConsumer,
  monorepoVersion,
  packWorkspace,
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

/** The heading of the README's example that uses @chart-kit/core alone, as a server would. */
const CORE_ALONE_HEADING = '### Without a chart: `@chart-kit/core`';

describe('chart-kit and @chart-kit/core packed and installed in a consumer project', () => {
  let work: string | undefined;
  let consumer: string;
  let chartKit: PackedPackage;
  let chartCore: PackedPackage;
  let installedWith: InstallMethod;

  beforeAll(async () => {
    assertBuilt();
    work = await mkdtemp(join(tmpdir(), 'chart-kit-package-'));
    [chartCore, chartKit] = await Promise.all([
      packWorkspace(CHART_CORE_DIR, work),
      packWorkspace(CHART_KIT_DIR, work),
    ]);
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
            '@chart-kit/core': `file:../${basename(chartCore.tarball)}`,
            'chart-kit': `file:../${basename(chartKit.tarball)}`,
            'pixi.js': pixi,
            react,
            'react-dom': reactDom,
          },
          devDependencies: { '@types/react': reactTypes, typescript },
        },
        files: {
          'src/plain.ts': codeBlockUnder(README, '### TypeScript', 'ts'),
          'src/react.tsx': codeBlockUnder(README, '### React', 'tsx'),
          'src/core-alone.ts': codeBlockUnder(README, CORE_ALONE_HEADING, 'ts'),
          ...Object.fromEntries(
            Object.entries(TSCONFIGS).map(([name, config]) => [name, JSON.stringify(config)]),
          ),
        },
      },
      [chartCore, chartKit],
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

  it('ships the build, its sources, the README, its docs and the licence, and nothing else', () => {
    for (const { files } of [chartKit, chartCore]) {
      for (const path of files) {
        expect(path).toMatch(
          /^(dist\/.+\.(js|d\.ts)(\.map)?|src\/.+|docs\/[\w-]+\.md|README\.md|CHANGELOG\.md|LICENSE|package\.json)$/,
        );
        expect(path).not.toMatch(/\.test\.tsx?$/);
      }
      expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'src/index.ts']));
    }
    for (const { files } of [chartKit, chartCore]) {
      expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md']));
    }
    expect(README.split('\n').find((line) => line.startsWith('## '))).toBe('## Install');
  });

  it('ships the docs its README links to, for readers without the Storybook', () => {
    const linked = [...README.matchAll(/\]\((?:\.\/)?(docs\/[^)#\s]+)/g)].map((match) => match[1]);
    expect(linked).toContain('docs/engine-api.md');
    for (const path of linked) expect(chartKit.files).toContain(path);
  });

  it('points every export condition at a file in its tarball', () => {
    for (const [packed, least] of [
      [chartKit, 9],
      [chartCore, 3],
    ] as const) {
      const exportsMap = (packed.manifest.exports ?? {}) as Record<
        string,
        string | Record<string, string>
      >;
      const targets = Object.values(exportsMap).flatMap((conditions) =>
        typeof conditions === 'string' ? [conditions] : Object.values(conditions),
      );
      expect(targets.length).toBeGreaterThanOrEqual(least);
      for (const target of targets) expect(packed.files).toContain(target.replace(/^\.\//, ''));
    }
  });

  it('leaves pixi.js to the app as a peer, installed once, and @chart-kit/core once beside it', () => {
    const {
      dependencies = {},
      peerDependencies = {},
      peerDependenciesMeta = {},
    } = chartKit.manifest;
    expect(Object.keys(dependencies).sort()).toEqual(['@chart-kit/core', 'd3-array', 'd3-color']);
    // Published together: chart-kit accepts the @chart-kit/core packed beside it.
    expect(dependencies['@chart-kit/core']).toBe(`^${chartCore.manifest.version}`);
    expect(Object.keys(peerDependencies).sort()).toEqual(['pixi.js', 'react']);
    expect(peerDependenciesMeta.react?.optional).toBe(true);
    expect(Object.keys(chartCore.manifest.dependencies ?? {}).sort()).toEqual([
      'd3-array',
      'd3-scale',
    ]);
    expect(chartCore.manifest.peerDependencies ?? {}).toEqual({});

    const modules = join(consumer, 'node_modules');
    expect(existsSync(join(modules, 'pixi.js/package.json'))).toBe(true);
    expect(existsSync(join(modules, 'chart-kit/node_modules/pixi.js'))).toBe(false);
    // From its tarball, not a link to the workspace, and not a second copy under chart-kit.
    expect(lstatSync(join(modules, '@chart-kit/core')).isSymbolicLink()).toBe(false);
    expect(existsSync(join(modules, '@chart-kit/core/dist/index.js'))).toBe(true);
    expect(existsSync(join(modules, 'chart-kit/node_modules/@chart-kit/core'))).toBe(false);
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

  it('aggregates candles, maps prices and hit-tests with chart-kit/core under plain Node', async () => {
    const { stdout } = await run(process.execPath, ['core.mjs'], consumer);
    expect(JSON.parse(stdout)).toEqual({
      fiveMinute: 78,
      hourly: 7,
      sessionHigh: expect.any(Number) as number,
      lineHit: 'zone-top',
      lineMiss: null,
      candlesUnderPointer: [0, 77, null],
      snappedTo: 'high',
    });
    // A CommonJS caller gets the same modules through Node's require() of ES modules.
    const script = `const core = require('@chart-kit/core');
      const viaChartKit = require('chart-kit/core');
      const candles = [0, 300, 3600].map((time) => ({ time, open: 1, high: 2, low: 0.5, close: 1.5 }));
      console.log(JSON.stringify({
        same: viaChartKit.aggregateCandles === core.aggregateCandles,
        hours: core.aggregateCandles(candles, core.TIMEFRAMES['1hr']).length,
      }));`;
    const required = await run(process.execPath, ['-e', script], consumer);
    expect(JSON.parse(required.stdout)).toEqual({ same: true, hours: 2 });
  });

  it('imports the engine and the React bindings in Node and renders a <Chart> on the server', async () => {
    const { stdout } = await run(process.execPath, ['engine.mjs'], consumer);
    expect(JSON.parse(stdout)).toEqual({ heading: true, box: true, canvas: false });
  });

  it('ships source maps that carry the TypeScript, and declaration maps onto it', async () => {
    // Both builds embed their sources in their source maps, and point at the sources shipped beside.
    const checks = [
      { name: '@chart-kit/core', file: 'aggregate' },
      { name: 'chart-kit', file: 'model/chart-model' },
    ];
    for (const { name, file } of checks) {
      const installed = join(consumer, 'node_modules', name);
      const built = await readFile(join(installed, `dist/${file}.js`), 'utf8');
      expect(built).toMatch(new RegExp(`//# sourceMappingURL=${basename(file)}\\.js\\.map\\s*$`));
      for (const map of [`dist/${file}.js.map`, `dist/${file}.d.ts.map`]) {
        const { sources, sourcesContent } = JSON.parse(
          await readFile(join(installed, map), 'utf8'),
        ) as { sources: string[]; sourcesContent?: string[] };
        const source = resolve(dirname(join(installed, map)), sources[0] ?? '');
        expect(source).toBe(join(installed, `src/${file}.ts`));
        expect(existsSync(source)).toBe(true);
        if (map.endsWith('.js.map')) {
          expect(sourcesContent?.[0]).toBe(await readFile(source, 'utf8'));
        }
      }
    }
  });
});
