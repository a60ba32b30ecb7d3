import { Injectable } from '@nestjs/common';
import { deriveSeed, type ZoneType } from 'chart-kit/core';
import { createHash } from 'node:crypto';
import { buildPair, type ChartPair } from '../charts/chart-catalogue.js';
import { drawSkipReason } from '../charts/scenario/aftermath.js';
import {
  generateZoneScenario,
  ScenarioError,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from '../charts/zone-scenario.js';
import { LRUCache } from 'lru-cache';

/**
 * Practice charts kept simulated: about 100 kB each with its 1-hour twin, so a few hundred
 * learners practising at once cost some tens of MB, and a learner going Back and Next costs
 * nothing.
 */
const CACHED_PRACTICE_CHARTS = 256;
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
  kind: 'zone' | 'plan' | 'decision' = 'zone',
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
  kind: 'zone' | 'plan' | 'decision',
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
 * Every learner's own practice charts, generated from a seed derived from the learner and the
 * chart's place in the portal (so no two learners share an answer, and nobody can ask the server
 * to simulate an arbitrary chart), and kept in a bounded cache.
 */
@Injectable()
export class PracticeCharts {
  private readonly cache = new LRUCache<string, ChartPair>({ max: CACHED_PRACTICE_CHARTS });

  /** The learner's chart `index` and its 1-hour twin. */
  get(
    userId: string,
    index: number,
  ): { fiveMinute: ChartPair['fiveMinute']; hourly: NonNullable<ChartPair['hourly']> } {
    const key = `${userId}:${index}`;
    let pair = this.cache.get(key);
    if (!pair) {
      // Practice charts have no catalogue number: they are addressed by learner and index.
      pair = buildPair(0, 0, this.simulate(userId, index));
      this.cache.set(key, pair);
    }
    if (!pair.hourly) throw new Error('a practice chart always has its 1-hour twin');
    return { fiveMinute: pair.fiveMinute, hourly: pair.hourly };
  }

  /**
   * The learner's practice plan `index`: a trade-plan chart of their own (a zone given, the next
   * opposing zone, a model plan that works), shown beside the plan panel.
   */
  plan(userId: string, index: number): ChartPair['fiveMinute'] {
    const key = `${userId}:plan:${index}`;
    let pair = this.cache.get(key);
    if (!pair) {
      pair = buildPair(0, null, this.simulate(userId, index, 'plan'));
      this.cache.set(key, pair);
    }
    return pair.fiveMinute;
  }

  /**
   * The learner's practice decision `index` and its 1-hour twin (for the 1-hour check): a zone
   * given, to take or skip; whether it is one to take or to skip, and why, is drawn from the
   * seed, so the answers do not follow a pattern.
   */
  decision(
    userId: string,
    index: number,
  ): { fiveMinute: ChartPair['fiveMinute']; hourly: NonNullable<ChartPair['hourly']> } {
    const key = `${userId}:decision:${index}`;
    let pair = this.cache.get(key);
    if (!pair) {
      pair = buildPair(0, 0, this.simulate(userId, index, 'decision'));
      this.cache.set(key, pair);
    }
    if (!pair.hourly) throw new Error('a practice decision always has its 1-hour twin');
    return { fiveMinute: pair.fiveMinute, hourly: pair.hourly };
  }

  private simulate(
    userId: string,
    index: number,
    kind: 'zone' | 'plan' | 'decision' = 'zone',
  ): ZoneScenario {
    const { seed, zoneType } = practiceScenarioRequest(userId, index, kind);
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
}
