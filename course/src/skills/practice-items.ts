import { deriveSeed } from '../random.js';
import type { SkipReason } from '../scenarios/aftermath.js';
import type { ZoneScenarioRequest } from '../scenarios/scenario-types.js';
import type { ZoneType } from '../zones.js';
import type { PracticeChoice } from './practice-chooser.js';
import { conceptSkills, type PracticeKind, type SkillKey, skillsTested } from './skill-map.js';

/**
 * What each practice exercise is made to test, so that every skill the chooser can pick has
 * exercises made for it: a zone chart whose deciding feature is the skill (a fresh zone beside a
 * tested one for freshness, a steep move beside a gentle one for the move away, a short base
 * beside a long one for the base, a zone whose base shows on the 1-hour chart), a decision to
 * skip because of one check, a plan.
 */

/** The zone-chart concepts a practice exercise can be made around (none: a plain zone). */
export type PracticeZoneConcept = 'short-base' | 'steep-move' | 'fresh' | 'higher-timeframe';

/** One practice exercise's making, beyond its seed and zone type. */
export interface PracticeItem {
  kind: PracticeKind;
  /** A zone chart made around this concept; a plain zone without one. */
  concept?: PracticeZoneConcept;
  /** A decision chart to take, or to skip because `skipBecause` fails. */
  decision?: 'take' | 'skip';
  skipBecause?: SkipReason;
}

/**
 * Each kind's exercises come in blocks holding every item of its list once, in an order drawn
 * per learner and block: whatever the chooser asks for is a few exercises away, and a learner
 * going through the portal in order meets every feature without a pattern to guess. Two plain
 * zones in a zone block (the portal's main exercise), one of each type as the portal alternates
 * them; decisions two to take in six, one to skip for each check, as most zones in a real day are
 * worth skipping.
 */
export const PRACTICE_BLOCKS: Readonly<Record<PracticeKind, readonly PracticeItem[]>> = {
  zone: [
    { kind: 'zone' },
    { kind: 'zone' },
    { kind: 'zone', concept: 'short-base' },
    { kind: 'zone', concept: 'steep-move' },
    { kind: 'zone', concept: 'fresh' },
    { kind: 'zone', concept: 'higher-timeframe' },
  ],
  decision: [
    { kind: 'decision', decision: 'take' },
    { kind: 'decision', decision: 'take' },
    { kind: 'decision', decision: 'skip', skipBecause: 'grade' },
    { kind: 'decision', decision: 'skip', skipBecause: 'room' },
    { kind: 'decision', decision: 'skip', skipBecause: 'fresh' },
    { kind: 'decision', decision: 'skip', skipBecause: 'higher-timeframe' },
  ],
  plan: [{ kind: 'plan' }],
};

const BLOCK_SALT = 0x626c_6f63;

/**
 * The item of a learner's practice exercise `index` (from 1) of `kind`; `learnerSeed` is fixed
 * per learner, so the same learner and index always get the same item.
 */
export function practiceItemAt(
  kind: PracticeKind,
  index: number,
  learnerSeed: number,
): PracticeItem {
  if (!Number.isSafeInteger(index) || index < 1) {
    throw new RangeError(`a practice index counts from 1 (got ${index})`);
  }
  const block = PRACTICE_BLOCKS[kind];
  const blockNumber = Math.floor((index - 1) / block.length);
  const order = shuffledOrder(
    block.length,
    deriveSeed(deriveSeed(learnerSeed, BLOCK_SALT), blockNumber),
  );
  const item = block[order[(index - 1) % block.length] ?? 0];
  if (!item) throw new RangeError(`no practice item at ${kind} ${index}`);
  return item;
}

/**
 * The block's places 0 to length - 1 in an order drawn from `seed`. The portal alternates zone
 * types by index, so an even-length block keeps the items listed at even places on places of one
 * parity and the others on the other (which parity drawn per block): the two plain zones are
 * one of each type. An odd-length block changes parity from one block to the next anyway.
 */
function shuffledOrder(length: number, seed: number): number[] {
  const places = Array.from({ length }, (_, place) => place);
  if (length % 2 === 1) return shuffled(places, seed);
  const even = shuffled(
    places.filter((place) => place % 2 === 0),
    deriveSeed(seed, 1),
  );
  const odd = shuffled(
    places.filter((place) => place % 2 === 1),
    deriveSeed(seed, 2),
  );
  const [first, second] = (seed & 1) === 0 ? [even, odd] : [odd, even];
  return first.flatMap((place, at) => [place, second[at] ?? place]);
}

/** Fisher-Yates, drawn from `seed`. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const order = [...items];
  for (let last = order.length - 1; last > 0; last--) {
    const pick = deriveSeed(seed, last) % (last + 1);
    const kept = order[last] as T;
    order[last] = order[pick] as T;
    order[pick] = kept;
  }
  return order;
}

/** What the generator is asked for to make `item` from `seed`. */
export function practiceItemRequest(
  item: PracticeItem,
  seed: number,
  zoneType: ZoneType,
): ZoneScenarioRequest {
  switch (item.kind) {
    case 'plan':
      return { seed, zoneType, concepts: ['trade-plan'], placement: 'plan' };
    case 'zone':
      return item.concept === undefined
        ? { seed, zoneType, placement: 'practice' }
        : { seed, zoneType, concepts: [item.concept], placement: 'practice' };
    case 'decision':
      return {
        seed,
        zoneType,
        concepts: ['take-or-skip'],
        placement: 'plan',
        ...(item.decision === 'skip'
          ? { decision: 'skip' as const, skipBecause: item.skipBecause ?? 'room' }
          : { decision: 'take' as const }),
      };
  }
}

/** The skills an exercise made for `item` tests (the generator's own word on it). */
export function practiceItemSkills(item: PracticeItem, zoneType: ZoneType): SkillKey[] {
  const request = practiceItemRequest(item, 0, zoneType);
  return skillsTested({
    kind: item.kind,
    zoneType,
    concepts: request.concepts ?? ['zone'],
    decision: request.decision ?? null,
    skipBecause: request.skipBecause ?? null,
  });
}

/**
 * The skills an exercise made for `item` is made to practise: its deciding feature's skill (a
 * zone chart's concept; a decision to skip, its failing check and the decision itself; one to
 * take, the decision), or all a plain zone or a plan tests. A fresh-zone chart tests finding the
 * zone too, but a learner sent to practise finding zones gets a plain one.
 */
export function practiceItemTargets(item: PracticeItem, zoneType: ZoneType): SkillKey[] {
  if (item.kind === 'zone' && item.concept !== undefined) return conceptSkills([item.concept]);
  if (item.kind === 'decision' && item.decision !== 'skip') return ['take-or-skip'];
  return practiceItemSkills(item, zoneType);
}

/** Whether an exercise made for `item` with a zone of `zoneType` serves the chooser's choice. */
export function practiceItemServes(
  item: PracticeItem,
  zoneType: ZoneType,
  choice: Pick<PracticeChoice, 'kind' | 'skill' | 'zoneType'>,
): boolean {
  if (item.kind !== choice.kind) return false;
  if (choice.zoneType !== undefined && choice.zoneType !== zoneType) return false;
  return practiceItemTargets(item, zoneType).includes(choice.skill);
}
