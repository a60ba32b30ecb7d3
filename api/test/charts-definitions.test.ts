import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import {
  ChartDefinitionError,
  parseChartDefinitions,
  readChartDefinitions,
} from '../src/exercise-charts/chart-definitions.js';

const problemWith = (text: string): string => {
  try {
    parseChartDefinitions(text);
  } catch (error) {
    if (error instanceof ChartDefinitionError) return error.message;
    throw error;
  }
  throw new Error('expected the definitions to be refused');
};

describe('charts.yaml', () => {
  it('reads every field, with defaults for the optional ones', () => {
    const definitions = parseChartDefinitions(`
charts:
  - { number: 18, type: supply, seed: 5, hourly: 19, context: range }
  - number: 16
    type: demand
    seed: 6
    hourly: 17
    continues: 18
    notes: continues 18
  - { number: 10, type: supply, seed: 7, concepts: [round-number], style: easy }
  - { number: 43, type: supply, seed: 8, concepts: [take-or-skip], decision: skip }
  - { number: 44, type: demand, seed: 9, concepts: [trade-plan], skills: [trade-management] }
`);
    expect(definitions).toEqual([
      {
        number: 18,
        type: 'supply',
        seed: 5,
        hourly: 19,
        style: 'normal',
        concepts: ['zone'],
        continues: null,
        decision: null,
        after: null,
        context: 'range',
        skills: ['find-supply-zone', 'zone-bounds'],
        notes: '',
      },
      {
        number: 16,
        type: 'demand',
        seed: 6,
        hourly: 17,
        style: 'normal',
        concepts: ['zone'],
        continues: 18,
        decision: null,
        after: null,
        context: null,
        skills: ['find-demand-zone', 'zone-bounds'],
        notes: 'continues 18',
      },
      {
        number: 10,
        type: 'supply',
        seed: 7,
        hourly: null,
        style: 'easy',
        concepts: ['round-number'],
        continues: null,
        decision: null,
        after: null,
        context: null,
        skills: ['find-supply-zone', 'zone-bounds'],
        notes: '',
      },
      {
        number: 43,
        type: 'supply',
        seed: 8,
        hourly: null,
        style: 'normal',
        concepts: ['take-or-skip'],
        continues: null,
        decision: 'skip',
        after: null,
        context: null,
        // A chart to skip tests the check that fails: room, unless the file says another.
        skills: ['room', 'take-or-skip'],
        notes: '',
      },
      {
        number: 44,
        type: 'demand',
        seed: 9,
        hourly: null,
        style: 'normal',
        concepts: ['trade-plan'],
        continues: null,
        decision: null,
        after: null,
        context: null,
        skills: ['trade-management'],
        notes: '',
      },
    ]);
  });

  it.each([
    ['charts: [ { number: 1', /not valid YAML/],
    ['items: []', /top-level "charts:" list/],
    ['charts: [ 3 ]', /entry 1: expected a mapping/],
    [
      'charts: [ { number: 0, type: supply, seed: 1 } ]',
      /entry 1: "number" must be a whole number >= 1/,
    ],
    [
      'charts: [ { number: 1200, type: supply, seed: 1 } ]',
      /1200 is reserved for generated charts/,
    ],
    [
      'charts: [ { number: 2, type: sideways, seed: 1 } ]',
      /chart 2: "type" must be supply or demand/,
    ],
    ['charts: [ { number: 2, type: supply, seed: -4 } ]', /chart 2: "seed" must be an integer/],
    [
      'charts: [ { number: 2, type: supply, seed: 1, colour: red } ]',
      /chart 2: unknown key "colour"/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, style: hard } ]',
      /chart 2: "style" must be normal or easy/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, concepts: [tower] } ]',
      /"concepts" must be a list of zone, support/,
    ],
    ['charts: [ { number: 2, type: supply, seed: 1, concepts: [] } ]', /"concepts" must be a list/],
    [
      'charts: [ { number: 2, type: supply, seed: 1 }, { number: 2, type: demand, seed: 2 } ]',
      /chart number 2 is used twice/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, hourly: 3 }, { number: 3, type: demand, seed: 2 } ]',
      /chart number 3 is used twice \(the hourly twin of chart 2 and chart 3\)/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, concepts: [take-or-skip], decision: maybe } ]',
      /chart 2: "decision" must be take or skip/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, decision: take } ]',
      /chart 2: "decision" \(take or skip\) goes with the take-or-skip concept/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, concepts: [take-or-skip] } ]',
      /chart 2: "decision" \(take or skip\) goes with the take-or-skip concept/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, context: sideways } ]',
      /chart 2: "context" must be one of reversal, continuation, range, failed-breakout, trend/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, skills: [freshnes] } ]',
      /chart 2: "skills" names no known skill: "freshnes" \(known: find-demand-zone, /,
    ],
    ['charts: [ { number: 2, type: supply, seed: 1, skills: [] } ]', /"skills" must be a list/],
    ['charts: [ { number: 2, type: supply, seed: 1, skills: room } ]', /"skills" must be a list/],
    [
      'charts: [ { number: 2, type: supply, seed: 1, continues: 9 } ]',
      /chart 2: "continues" must name a 5-min chart in this file \(9 is not one\)/,
    ],
    [
      'charts: [ { number: 2, type: supply, seed: 1, continues: 3 }, { number: 3, type: demand, seed: 2, continues: 4 }, { number: 4, type: demand, seed: 2 } ]',
      /chains are not supported/,
    ],
  ])('refuses %p', (text, message) => {
    expect(problemWith(text)).toMatch(message);
  });

  it('derives the skills of the real charts, and names them where the concepts cannot', () => {
    const definitions = readChartDefinitions(fileURLToPath(new URL('../content', import.meta.url)));
    const skillsOf = (number: number) =>
      definitions.find((definition) => definition.number === number)?.skills;
    // A chart made about a concept tests the concept (and the zone's bounds), not finding.
    expect(skillsOf(18)).toEqual(['zone-bounds', 'freshness']);
    expect(skillsOf(40)).toEqual(['room', 'entry', 'stop', 'position-size']);
    expect(skillsOf(42)).toEqual(['freshness', 'higher-timeframe', 'room', 'take-or-skip']);
    expect(skillsOf(44)).toEqual(['trade-management']);
    expect(skillsOf(45)).toEqual(['trade-management']);
    for (const definition of definitions) expect(definition.skills.length).toBeGreaterThan(0);
  });

  it('names the file it could not read', () => {
    expect(() => readChartDefinitions('/nonexistent-content')).toThrow(
      /cannot read .*charts\.yaml/,
    );
  });

  it('loads a catalogue from another content folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'charts-'));
    try {
      writeFileSync(
        join(folder, 'charts.yaml'),
        'charts:\n  - { number: 7, type: supply, seed: 3, hourly: 8 }\n',
      );
      const catalogue = ChartCatalogue.load(folder);
      expect(catalogue.numbers()).toEqual([7, 8]);
      expect(catalogue.get(7)?.zone.type).toBe('supply');
      expect(catalogue.get(8)?.timeframe).toBe('1hr');
      expect(catalogue.get(1)).toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});
