import {
  deriveSeed,
  type ZoneType,
  generateZoneScenario,
  type PracticeChoice,
  type PracticeKind,
  type PracticeItem,
  practiceItemAt,
  practiceItemRequest,
  practiceItemServes,
  ScenarioError,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from '@course/rules';
import { createHash } from 'node:crypto';
import { buildPair, type ChartPair } from '../exercise-charts/chart-catalogue.js';

/** What a worker thread is asked for: everything the chart depends on, and nothing else. */
export interface PracticeTask {
  kind: PracticeKind;
  seed: number;
  zoneType: ZoneType;
  /** What the exercise is made to test (see the course's practice items). */
  item: PracticeItem;
}

/** A seed whose simulation finds no clean zone is replaced by seeds derived from it. */
const SEEDS_TO_TRY = 5;

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/**
 * The seed, zone type and item of a learner's practice exercise `index`: the same learner and
 * index always give the same chart, two learners different ones. Zone types alternate supply and
 * demand, starting with a type fixed per learner; the item (a plain zone, a fresh
 * zone beside a tested one, a decision to skip for freshness, ...) comes from the learner's own
 * order of the kind's block (see the course's `practiceItemAt`).
 */
export function practiceScenarioRequest(
  userId: string,
  index: number,
  kind: PracticeKind = 'zone',
): { seed: number; zoneType: ZoneType; item: PracticeItem } {
  const name = { zone: 'practice-chart', plan: 'practice-plan', decision: 'practice-decision' }[
    kind
  ];
  const learner = digestOf(`practice:${userId}`);
  const learnerStartsWithSupply = (learner[0] ?? 0) & 1;
  const item = practiceItemAt(kind, index, learner.readUInt32BE(1));
  return {
    seed: digestOf(`${name}:${userId}:${index}`).readUInt32BE(0),
    zoneType: (index + learnerStartsWithSupply) % 2 === 0 ? 'supply' : 'demand',
    item,
  };
}

/**
 * Whether the learner's practice exercise `index` of the choice's kind is made for the chooser's
 * choice: its item tests the skill, with a zone of the type the choice asks for.
 */
export function practiceIndexServes(
  userId: string,
  index: number,
  choice: Pick<PracticeChoice, 'kind' | 'skill' | 'zoneType'>,
): boolean {
  const { zoneType, item } = practiceScenarioRequest(userId, index, choice.kind);
  return practiceItemServes(item, zoneType, choice);
}

/** What the generator is asked for a practice exercise made for `item` from `seed`. */
export function practiceGenerationRequest(
  item: PracticeItem,
  seed: number,
  zoneType: ZoneType,
): ZoneScenarioRequest {
  return practiceItemRequest(item, seed, zoneType);
}

function simulate({ seed, zoneType, item }: PracticeTask): ZoneScenario {
  let lastError: unknown;
  for (let attempt = 0; attempt < SEEDS_TO_TRY; attempt += 1) {
    try {
      const attemptSeed = attempt === 0 ? seed : deriveSeed(seed, attempt);
      return generateZoneScenario(practiceGenerationRequest(item, attemptSeed, zoneType));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * A practice exercise's charts: the 5-minute chart and, for zones and decisions, its 1-hour
 * twin. Practice charts have no catalogue number: they are addressed by learner and index.
 * A zone exercise takes about 60-130 ms of CPU at the median and up to about a second (its
 * answer placed away from the view's extreme takes many attempts), a decision 100-300 ms, a
 * plan about 10: run it in a worker thread.
 */
export function generatePracticePair(task: PracticeTask): ChartPair {
  const scenario = simulate(task);
  const pair = buildPair(0, task.kind === 'plan' ? null : 0, scenario);
  // The chart keeps what it was made to show: its answers update those skills.
  return { ...pair, fiveMinute: { ...pair.fiveMinute, concepts: scenario.concepts } };
}
