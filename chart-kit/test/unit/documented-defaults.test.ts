import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { DEFAULT_CHART_OPTIONS } from '../../src/model/defaults.js';

// The docs a user outside this repository has: the Markdown shipped in the package (also the
// Storybook's "ChartEngine API" page) and the TSDoc of the options in the declarations.
const CHART_KIT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENGINE_API_DOC = join(CHART_KIT_DIR, 'docs', 'engine-api.md');
const ENGINE_SOURCE = join(CHART_KIT_DIR, 'src', 'engine', 'chart-engine.ts');

/** Options whose default comes from the browser, and the words both docs must say it with. */
const BROWSER_DEFAULTS: Record<string, RegExp> = {
  reducedMotion: /prefers-reduced-motion/,
  devicePixelRatio: /window's/,
};

/** A default as the docs write it: `80`, `false`, `'UTC'`. */
function asWritten(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** The Default column of the options table: option name -> its cell. */
function documentedDefaults(markdown: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Options'));
  if (!section) throw new Error('engine-api.md has no Options section');
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const header = (rows[0] ?? '').split('|').map((cell) => cell.trim());
  const defaultColumn = header.indexOf('Default');
  if (defaultColumn === -1) throw new Error('the options table has no Default column');
  const defaults = new Map<string, string>();
  for (const row of rows.slice(2)) {
    const cells = row.split('|').map((cell) => cell.trim());
    const name = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
    if (name) defaults.set(name, cells[defaultColumn] ?? '');
  }
  return defaults;
}

/** The TSDoc of each property of `ChartOptions`, inherited ones included, as a user sees it. */
function optionsTsDoc(): Map<string, string> {
  const program = ts.createProgram([ENGINE_SOURCE], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['source'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ENGINE_SOURCE);
  if (!source) throw new Error('chart-engine.ts was not loaded');
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'ChartOptions',
  );
  if (!declaration) throw new Error('chart-engine.ts declares no ChartOptions');
  const docs = new Map<string, string>();
  for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration))) {
    docs.set(property.name, ts.displayPartsToString(property.getDocumentationComment(checker)));
  }
  return docs;
}

/** The defaults a TSDoc comment states: "Default 80", "Default: 'UTC'", "'auto' (default)". */
function statedDefaults(doc: string): string[] {
  const text = doc.replace(/\s+/g, ' ');
  return [
    ...[...text.matchAll(/\bDefault:? ('[^']*'|[\w.-]+)/g)].map((match) => match[1] ?? ''),
    ...[...text.matchAll(/('[^']*'|\b[\w.-]+) \(default\)/g)].map((match) => match[1] ?? ''),
  ].map((value) => value.replace(/\.$/, ''));
}

describe('the documented defaults of the chart options', () => {
  const table = documentedDefaults(readFileSync(ENGINE_API_DOC, 'utf8'));
  const tsDoc = optionsTsDoc();
  const defaults = Object.entries(DEFAULT_CHART_OPTIONS);

  it('names every option of ChartOptions in the docs table', () => {
    const undocumented = [...tsDoc.keys()].filter((name) => !table.has(name));
    expect(undocumented).toEqual([]);
  });

  it.each(defaults)('docs %s with the default the code uses', (name, value) => {
    expect(table.get(name)).toBe(`\`${asWritten(value)}\``);
  });

  it.each(defaults)('states the default of %s in its TSDoc as the code does', (name, value) => {
    const stated = statedDefaults(tsDoc.get(name) ?? '');
    expect(stated.length).toBeGreaterThan(0);
    for (const written of stated) expect(written).toBe(asWritten(value));
  });

  it('documents no other value as a default than the code has', () => {
    const literal = /^`('[^']*'|-?\d+(\.\d+)?|true|false)`$/;
    const documented = [...table].filter(([, cell]) => literal.test(cell)).map(([name]) => name);
    expect(documented.sort()).toEqual(Object.keys(DEFAULT_CHART_OPTIONS).sort());
  });

  it.each(Object.entries(BROWSER_DEFAULTS))(
    'says %s follows the browser, in the docs and the TSDoc alike',
    (name, words) => {
      expect(name in DEFAULT_CHART_OPTIONS).toBe(false);
      expect(table.get(name)).toMatch(words);
      const doc = tsDoc.get(name) ?? '';
      expect(doc).toMatch(words);
      // A literal default in the TSDoc ("Default false") would contradict the browser's.
      expect(statedDefaults(doc).filter((value) => /^(true|false|\d+)$/.test(value))).toEqual([]);
    },
  );
});
