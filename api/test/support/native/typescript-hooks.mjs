// Module hooks that let a plain Node process run the project's TypeScript sources, compiled by
// the same SWC set-up as jest. Work that is too slow inside jest's VM sandbox (simulating
// thousands of markets) runs in such a child process at native speed.
import { readFile } from 'node:fs/promises';
import { transform } from '@swc/core';
import { swcOptions } from '../../../../jest.shared.js';

const TYPESCRIPT = /\.(ts|tsx)$/;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    // Sources import each other as `./file.js`, which exists only as `./file.ts`.
    if (specifier.startsWith('.') && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!TYPESCRIPT.test(new URL(url).pathname)) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, {
    ...swcOptions,
    filename: new URL(url).pathname,
    sourceMaps: false,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
