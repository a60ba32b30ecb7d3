/**
 * Minified + gzipped size of what an app ships to draw each chart: a one-line entry importing the
 * library, bundled by Vite in library mode with its dependencies inlined.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build } from 'vite';

export interface BundleSize {
  library: string;
  /** Every JavaScript chunk of the build: the entry and the chunks it loads on demand. */
  chunks: { file: string; minifiedBytes: number; gzippedBytes: number }[];
  minifiedBytes: number;
  gzippedBytes: number;
  /**
   * What a page loads before drawing: the entry and the chunks it imports statically, not those
   * loaded on demand (chart-kit's WebGPU fallback, pixi's environment extensions it skips).
   */
  loaded: { chunks: string[]; minifiedBytes: number; gzippedBytes: number };
  /**
   * What the loaded chunks are made of, by package (or chart-kit folder), largest first: the
   * minified bytes each contributes, and its gzipped share estimated in proportion (gzip does
   * not split exactly by module).
   */
  loadedByModule: { module: string; minifiedBytes: number; gzippedBytes: number }[];
}

/** "pixi.js", "d3-scale", "chart-kit/render": the package, or chart-kit's folder, of a module. */
function moduleGroup(id: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (inPackage?.[1]) return inPackage[1];
  const inChartKit = /chart-kit\/(?:src|dist)\/([^/]+)\//.exec(id);
  if (inChartKit?.[1]) return `chart-kit/${inChartKit[1]}`;
  // The chart maths (@chart-kit/core), resolved to its workspace folder: chart-kit's core as before.
  if (/chart-core\/(?:src|dist)\//.test(id)) return 'chart-kit/core';
  return id.includes('chart-kit/') ? 'chart-kit' : 'entry';
}

async function bundleSize(root: string, library: string, entry: string): Promise<BundleSize> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      lib: { entry: join(root, entry), formats: ['es'], fileName: 'entry' },
      write: false,
      minify: true,
      target: 'es2022',
      reportCompressedSize: false,
    },
  });
  if (!('output' in result) && !Array.isArray(result)) throw new Error('unexpected watch mode');
  const outputs = Array.isArray(result) ? result : [result];
  const built = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  const chunks = built.map((chunk) => {
    const code = Buffer.from(chunk.code);
    return {
      file: chunk.fileName,
      minifiedBytes: code.length,
      gzippedBytes: gzipSync(code, { level: 9 }).length,
    };
  });
  const staticImports = new Map(built.map((chunk) => [chunk.fileName, chunk.imports]));
  const loadedFiles = new Set<string>();
  const visit = (file: string) => {
    if (loadedFiles.has(file)) return;
    loadedFiles.add(file);
    for (const imported of staticImports.get(file) ?? []) visit(imported);
  };
  for (const chunk of built) if (chunk.isEntry) visit(chunk.fileName);
  const loaded = chunks.filter((chunk) => loadedFiles.has(chunk.file));
  const byModule = new Map<string, number>();
  for (const chunk of built) {
    if (!loadedFiles.has(chunk.fileName)) continue;
    for (const [id, info] of Object.entries(chunk.modules)) {
      const group = moduleGroup(id);
      byModule.set(group, (byModule.get(group) ?? 0) + info.renderedLength);
    }
  }
  const renderedTotal = [...byModule.values()].reduce((sum, bytes) => sum + bytes, 0);
  const loadedGzipped = loaded.reduce((sum, chunk) => sum + chunk.gzippedBytes, 0);
  const loadedByModule = [...byModule]
    .map(([module, minifiedBytes]) => ({
      module,
      minifiedBytes,
      gzippedBytes:
        renderedTotal > 0 ? Math.round((loadedGzipped * minifiedBytes) / renderedTotal) : 0,
    }))
    .sort((a, b) => b.minifiedBytes - a.minifiedBytes);
  return {
    library,
    chunks,
    loaded: {
      chunks: loaded.map((chunk) => chunk.file),
      minifiedBytes: loaded.reduce((sum, chunk) => sum + chunk.minifiedBytes, 0),
      gzippedBytes: loaded.reduce((sum, chunk) => sum + chunk.gzippedBytes, 0),
    },
    minifiedBytes: chunks.reduce((sum, chunk) => sum + chunk.minifiedBytes, 0),
    gzippedBytes: chunks.reduce((sum, chunk) => sum + chunk.gzippedBytes, 0),
    loadedByModule,
  };
}

export async function bundleSizes(root: string): Promise<BundleSize[]> {
  return [
    await bundleSize(root, 'chart-kit', 'bench/chart/size/chart-kit-entry.ts'),
    await bundleSize(root, 'lightweight-charts', 'bench/chart/size/lightweight-entry.ts'),
    // A still picture: the same model and views drawn with Canvas 2D, without pixi.js.
    await bundleSize(root, 'chart-kit/picture', 'bench/chart/size/chart-kit-picture-entry.ts'),
  ];
}
