import {
  deriveSeed,
  type ZoneType,
  drawSkipReason,
  generateZoneScenario,
  ScenarioError,
  type SkillKey,
  skillsTested,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from '@course/rules';
import { createHash } from 'node:crypto';
import { buildPair, type ChartPair } from '../charts/chart-catalogue.js';

/** The three kinds of practice exercise, each with its own charts. */
export type PracticeKind = 'zone' | 'plan' | 'decision';

/** What a worker thread is asked for: everything the chart depends on, and nothing else. */
export interface PracticeTask {
  kind: PracticeKind;
  seed: number;
  zoneType: ZoneType;
}

/** A seed whose simulation finds no clean zone is replaced by seeds derived from it. */
const SEEDS_TO_TRY = 5;

/**
 * The seed and zone type of a learner's practice chart `index`: the same learner and index
 * always give the same chart, two learners different ones. Each round of ten alternates supply
 * and demand, starting with a type fixed per learner.
 */
export function practiceScenarioRequest(
  userId: string,
  index: number,
  kind: PracticeKind = 'zone',
): { seed: number; zoneType: ZoneType } {
  const name = { zone: 'practice-chart', plan: 'practice-plan', decision: 'practice-decision' }[
    kind
  ];
  const digest = createHash('sha256').update(`${name}:${userId}:${index}`).digest();
  const learnerStartsWithSupply =
    (createHash('sha256').update(`practice:${userId}`).digest()[0] ?? 0) & 1;
  return {
    seed: digest.readUInt32BE(0),
    zoneType: (index + learnerStartsWithSupply) % 2 === 0 ? 'supply' : 'demand',
  };
}

/** What the generator is asked for a practice exercise of `kind` from `seed`. */
export function practiceGenerationRequest(
  kind: PracticeKind,
  seed: number,
  zoneType: ZoneType,
): ZoneScenarioRequest {
  if (kind === 'plan') return { seed, zoneType, concepts: ['trade-plan'], placement: 'plan' };
  if (kind === 'zone') return { seed, zoneType, placement: 'practice' };
  return {
    seed,
    zoneType,
    concepts: ['take-or-skip'],
    placement: 'plan',
    // Two in five to take: most zones in a real day are worth skipping, for any of the course's
    // three checks.
    ...(seed % 5 < 2
      ? { decision: 'take' as const }
      : { decision: 'skip' as const, skipBecause: drawSkipReason(seed) }),
  };
}

/**
 * The skills a practice exercise of `kind` from `seed` tests, read from the generator's request:
 * a zone's type and concepts, a decision's take or skip and the check that fails. (A seed the
 * simulation cannot use is replaced by a derived one, which may draw another check to skip for:
 * an answer's own grade, with the checks the chart shows, says which skills it speaks for.)
 */
export function practiceSkills(kind: PracticeKind, seed: number, zoneType: ZoneType): SkillKey[] {
  const request = practiceGenerationRequest(kind, seed, zoneType);
  return skillsTested({
    kind,
    zoneType: request.zoneType,
    concepts: request.concepts ?? ['zone'],
    decision: request.decision ?? null,
    skipBecause: request.skipBecause ?? null,
  });
}

function simulate({ kind, seed, zoneType }: PracticeTask): ZoneScenario {
  let lastError: unknown;
  for (let attempt = 0; attempt < SEEDS_TO_TRY; attempt += 1) {
    try {
      const attemptSeed = attempt === 0 ? seed : deriveSeed(seed, attempt);
      return generateZoneScenario(practiceGenerationRequest(kind, attemptSeed, zoneType));
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
 * About 75 ms of CPU, up to a few hundred for some decisions: run it in a worker thread.
 */
export function generatePracticePair(task: PracticeTask): ChartPair {
  return buildPair(0, task.kind === 'plan' ? null : 0, simulate(task));
}
