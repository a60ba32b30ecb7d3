import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ZoneType,
  CONCEPTS,
  CONTEXT_KINDS,
  type ContextKind,
  type Aftermath,
  chartExerciseKind,
  type Concept,
  isSkillKey,
  type ScenarioStyle,
  SKILL_KEYS,
  type SkillKey,
  skillsTested,
} from '@course/rules';
import { parse, YAMLParseError } from 'yaml';

/** One hand-numbered exercise chart, as `charts.yaml` declares it. */
export interface ChartDefinition {
  number: number;
  type: ZoneType;
  seed: number;
  /** Number of its 1-hour twin, or null when it has none. */
  hourly: number | null;
  style: ScenarioStyle;
  /** What the chart must show, as its lesson teaches it (default: a plain zone). */
  concepts: Concept[];
  /** Chart whose market this one continues one session later, or null. */
  continues: number | null;
  /** A take-or-skip chart's answer, or null. */
  decision: 'take' | 'skip' | null;
  /** What price does after the puzzle, as the lesson needs it; null: drawn from the seed. */
  after: Aftermath | null;
  /** What the market did before a plain zone formed; null: the generator's own choice. */
  context: ContextKind | null;
  /**
   * The skills the chart's exercise tests: as the file says, or else what its kind (from the
   * concepts) and concepts test. They do not make the chart.
   */
  skills: SkillKey[];
  notes: string;
}

export const CHARTS_FILE = 'charts.yaml';
/** Numbers from here on are generated from their seed; the file may not use them. */
export const FIRST_GENERATED_CHART = 1000;

export class ChartDefinitionError extends Error {
  override name = 'ChartDefinitionError';
}

const KEYS = [
  'number',
  'type',
  'seed',
  'hourly',
  'style',
  'concepts',
  'continues',
  'decision',
  'after',
  'context',
  'skills',
  'notes',
];

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and checks `<contentDir>/charts.yaml`; throws a ChartDefinitionError naming the problem. */
export function readChartDefinitions(contentDir: string): ChartDefinition[] {
  const file = join(contentDir, CHARTS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ChartDefinitionError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return parseChartDefinitions(text);
}

/** Parses and checks the text of `charts.yaml`. */
export function parseChartDefinitions(text: string): ChartDefinition[] {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      throw new ChartDefinitionError(`${CHARTS_FILE}: not valid YAML: ${error.message}`);
    }
    throw error;
  }
  if (!isEntry(document) || !Array.isArray(document.charts)) {
    throw new ChartDefinitionError(`${CHARTS_FILE}: expected a top-level "charts:" list`);
  }
  const definitions = document.charts.map((entry: unknown, position) =>
    parseEntry(entry, position),
  );
  checkAcrossEntries(definitions);
  return definitions;
}

function parseEntry(entry: unknown, position: number): ChartDefinition {
  const where = `${CHARTS_FILE}: entry ${position + 1}`;
  if (!isEntry(entry)) throw new ChartDefinitionError(`${where}: expected a mapping`);
  const number = chartNumber(entry.number, `${where}: "number"`);
  const fail = (message: string): never => {
    throw new ChartDefinitionError(`${CHARTS_FILE}: chart ${number}: ${message}`);
  };
  const unknownKey = Object.keys(entry).find((key) => !KEYS.includes(key));
  if (unknownKey !== undefined) {
    fail(`unknown key "${unknownKey}" (allowed: ${KEYS.join(', ')})`);
  }
  const { type, seed, style = 'normal', concepts = ['zone'], notes = '' } = entry;
  if (type !== 'supply' && type !== 'demand') {
    fail(`"type" must be supply or demand (got ${JSON.stringify(type)})`);
  }
  if (!(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) < 2 ** 32)) {
    fail(`"seed" must be an integer from 0 to 4294967295 (got ${JSON.stringify(seed)})`);
  }
  if (style !== 'normal' && style !== 'easy') {
    fail(`"style" must be normal or easy (got ${JSON.stringify(style)})`);
  }
  if (
    !Array.isArray(concepts) ||
    concepts.length === 0 ||
    !concepts.every((concept) => CONCEPTS.includes(concept as Concept))
  ) {
    fail(`"concepts" must be a list of ${CONCEPTS.join(', ')} (got ${JSON.stringify(concepts)})`);
  }
  if (typeof notes !== 'string') fail('"notes" must be text');
  const { decision = null } = entry;
  if (decision !== null && decision !== 'take' && decision !== 'skip') {
    fail(`"decision" must be take or skip (got ${JSON.stringify(decision)})`);
  }
  if ((decision !== null) !== (concepts as Concept[]).includes('take-or-skip')) {
    fail('"decision" (take or skip) goes with the take-or-skip concept, and only with it');
  }
  // Which aftermaths fit which chart is the generator's rule: it refuses the others by name.
  const { after = null } = entry;
  if (after !== null && typeof after !== 'string') {
    fail(`"after" must be a word such as strong, weak or break (got ${JSON.stringify(after)})`);
  }
  const { context = null } = entry;
  if (context !== null && !CONTEXT_KINDS.includes(context as ContextKind)) {
    fail(`"context" must be one of ${CONTEXT_KINDS.join(', ')} (got ${JSON.stringify(context)})`);
  }
  const skills =
    entry.skills === undefined
      ? skillsTested({
          kind: chartExerciseKind(concepts as Concept[]),
          zoneType: type as ZoneType,
          concepts: concepts as Concept[],
          decision: decision as 'take' | 'skip' | null,
        })
      : chartSkills(entry.skills, fail);
  return {
    number,
    type: type as ZoneType,
    seed: seed as number,
    hourly: entry.hourly == null ? null : chartNumber(entry.hourly, `chart ${number}: "hourly"`),
    style: style as ScenarioStyle,
    concepts: concepts as Concept[],
    continues:
      entry.continues == null ? null : chartNumber(entry.continues, `chart ${number}: "continues"`),
    decision: decision as 'take' | 'skip' | null,
    after: after as Aftermath | null,
    context: context as ContextKind | null,
    skills,
    notes: notes as string,
  };
}

function chartSkills(value: unknown, fail: (message: string) => never): SkillKey[] {
  if (!Array.isArray(value) || value.length === 0) {
    return fail(`"skills" must be a list of skill keys (got ${JSON.stringify(value)})`);
  }
  const unknown = value.filter((key) => !isSkillKey(key));
  if (unknown.length > 0) {
    fail(
      `"skills" names no known skill: ${unknown.map((key) => JSON.stringify(key)).join(', ')} ` +
        `(known: ${SKILL_KEYS.join(', ')})`,
    );
  }
  return value as SkillKey[];
}

function chartNumber(value: unknown, what: string): number {
  if (!(Number.isInteger(value) && (value as number) >= 1)) {
    throw new ChartDefinitionError(
      `${what} must be a whole number >= 1 (got ${JSON.stringify(value)})`,
    );
  }
  if ((value as number) >= FIRST_GENERATED_CHART) {
    throw new ChartDefinitionError(
      `${what}: ${String(value)} is reserved for generated charts (${FIRST_GENERATED_CHART} and up)`,
    );
  }
  return value as number;
}

function checkAcrossEntries(definitions: readonly ChartDefinition[]): void {
  const owners = new Map<number, string>();
  const claim = (number: number, owner: string) => {
    const previous = owners.get(number);
    if (previous !== undefined) {
      throw new ChartDefinitionError(
        `${CHARTS_FILE}: chart number ${number} is used twice (${previous} and ${owner})`,
      );
    }
    owners.set(number, owner);
  };
  for (const definition of definitions) {
    claim(definition.number, `chart ${definition.number}`);
    if (definition.hourly !== null) {
      claim(definition.hourly, `the hourly twin of chart ${definition.number}`);
    }
  }
  const byNumber = new Map(definitions.map((definition) => [definition.number, definition]));
  for (const definition of definitions) {
    if (definition.continues === null) continue;
    const continued = byNumber.get(definition.continues);
    const where = `${CHARTS_FILE}: chart ${definition.number}: "continues"`;
    if (continued === undefined) {
      throw new ChartDefinitionError(
        `${where} must name a 5-min chart in this file (${definition.continues} is not one)`,
      );
    }
    if (continued.continues !== null) {
      throw new ChartDefinitionError(
        `${where}: chart ${continued.number} itself continues another chart; chains are not supported`,
      );
    }
    if (definition.concepts.includes('round-number')) {
      throw new ChartDefinitionError(
        `${where}: a continued chart cannot also be moved to a round number`,
      );
    }
  }
}
