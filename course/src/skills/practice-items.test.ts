import { deriveSeed } from '../random.js';
import { generateZoneScenario } from '../scenarios/zone-scenario.js';
import { ScenarioError, type ZoneScenario } from '../scenarios/scenario-types.js';
import { decideTrade } from '../trade-decision.js';
import { detectZones, type ZoneType } from '../zones.js';
import { PRACTICE_ROUTES } from './practice-chooser.js';
import {
  PRACTICE_BLOCKS,
  type PracticeItem,
  practiceItemAt,
  practiceItemRequest,
  practiceItemServes,
  practiceItemSkills,
} from './practice-items.js';
import { PRACTICE_KINDS, SKILL_KEYS } from './skill-map.js';

const ZONE_TYPES: readonly ZoneType[] = ['demand', 'supply'];
const LEARNERS = Array.from({ length: 200 }, (_, learner) => deriveSeed(learner, 7));

/** As the API makes a practice exercise: a seed the simulation cannot use gives way to derived ones. */
function make(item: PracticeItem, seed: number, zoneType: ZoneType): ZoneScenario {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const attemptSeed = attempt === 0 ? seed : deriveSeed(seed, attempt);
      return generateZoneScenario(practiceItemRequest(item, attemptSeed, zoneType));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

describe('practice items: what each practice exercise is made to test', () => {
  it('serves every skill the chooser can pick, by each of its routes, in every block', () => {
    for (const skill of SKILL_KEYS) {
      for (const route of PRACTICE_ROUTES[skill]) {
        const block = PRACTICE_BLOCKS[route.kind];
        const served = ZONE_TYPES.some((turn) =>
          block.some((item) => practiceItemServes(item, turn, { ...route, skill })),
        );
        expect({ skill, route, served }).toEqual({ skill, route, served: true });
      }
    }
  });

  it('names the concept skill of each item as the generator makes it', () => {
    const zone = (concept: PracticeItem['concept']) =>
      practiceItemSkills(concept ? { kind: 'zone', concept } : { kind: 'zone' }, 'demand');
    expect(zone(undefined)).toEqual(['find-demand-zone', 'zone-bounds']);
    expect(zone('short-base')).toContain('base');
    expect(zone('steep-move')).toContain('move-strength');
    expect(zone('fresh')).toContain('freshness');
    expect(zone('higher-timeframe')).toContain('higher-timeframe');
    expect(
      practiceItemSkills({ kind: 'decision', decision: 'skip', skipBecause: 'fresh' }, 'supply'),
    ).toEqual(['freshness', 'take-or-skip']);
  });

  it('holds each block’s items once per learner and block, in orders that differ', () => {
    for (const kind of PRACTICE_KINDS) {
      const block = PRACTICE_BLOCKS[kind];
      const firstPlaces = new Map<string, Set<number>>();
      for (const learner of LEARNERS) {
        for (const blockNumber of [0, 3]) {
          const items = block.map((_, place) =>
            practiceItemAt(kind, blockNumber * block.length + place + 1, learner),
          );
          const names = (list: readonly PracticeItem[]) =>
            list.map((item) => JSON.stringify(item)).sort();
          expect(names(items)).toEqual(names(block));
          items.forEach((item, place) => {
            const name = JSON.stringify(item);
            firstPlaces.set(name, (firstPlaces.get(name) ?? new Set()).add(place));
          });
        }
        // The two plain zones sit on places of each parity: one of each zone type.
        const plainPlaces = Array.from({ length: block.length }, (_, place) => place).filter(
          (place) =>
            kind === 'zone' && practiceItemAt(kind, place + 1, learner).concept === undefined,
        );
        if (kind === 'zone') expect(plainPlaces.map((place) => place % 2).sort()).toEqual([0, 1]);
        // The same learner and index: the same item.
        expect(practiceItemAt(kind, 4, learner)).toEqual(practiceItemAt(kind, 4, learner));
      }
      // Over many learners every item turns up in every place of a block.
      for (const places of firstPlaces.values()) expect(places.size).toBe(block.length);
    }
  });
});

describe('practice charts made for a skill show its deciding feature, over many seeds', () => {
  const SEEDS = [11, 4242, 90_001, 777_777];
  const charts = (item: PracticeItem) =>
    ZONE_TYPES.flatMap((zoneType) =>
      SEEDS.map((seed) => ({ zoneType, scenario: make(item, deriveSeed(seed, 3), zoneType) })),
    );
  const puzzle = (scenario: ZoneScenario) => scenario.candles.slice(0, scenario.revealEnd);

  it('freshness: the answer is untouched, and a tested zone of its type sits in view before it', () => {
    for (const { zoneType, scenario } of charts({ kind: 'zone', concept: 'fresh' })) {
      const { zone } = scenario;
      const shown = puzzle(scenario);
      const touched = shown
        .slice(scenario.moveEnd + 1)
        .some((candle) =>
          zoneType === 'demand' ? candle.low <= zone.upper : candle.high >= zone.lower,
        );
      expect(touched).toBe(false);
      const tested = detectZones(shown).filter(
        (found) =>
          found.type === zoneType &&
          found.firstReturn !== null &&
          found.baseEnd < scenario.patternStart,
      );
      expect(tested.length).toBeGreaterThan(0);
    }
  }, 60_000);

  it('the move away: the answer’s move is far steeper than the gentle one beside it', () => {
    for (const { scenario } of charts({ kind: 'zone', concept: 'steep-move' })) {
      const gentle = scenario.decoy;
      expect(gentle?.kind).toBe('gentle-move');
      const gentlePerCandle = (gentle!.upper - gentle!.lower) / gentle!.candles;
      const lastBase = scenario.candles[scenario.baseIndexes.at(-1)!]!;
      const moved = Math.abs(scenario.candles[scenario.moveEnd]!.close - lastBase.close);
      expect(moved / scenario.moveCandles).toBeGreaterThan(2 * gentlePerCandle);
    }
  }, 60_000);

  it('the base: one or two candles, beside a long sideways base', () => {
    for (const { scenario } of charts({ kind: 'zone', concept: 'short-base' })) {
      expect(scenario.baseIndexes.length).toBeLessThanOrEqual(2);
      expect(scenario.decoy?.kind).toBe('long-base');
      expect(scenario.decoy!.candles).toBeGreaterThanOrEqual(4 * scenario.baseIndexes.length);
    }
  }, 60_000);

  it('the higher timeframe: the zone’s base stands on the 1-hour chart', () => {
    for (const { scenario } of charts({ kind: 'zone', concept: 'higher-timeframe' })) {
      const hourly = scenario.hourlyZone;
      expect(hourly).not.toBeNull();
      // The 1-hour zone holds the 5-minute answer's band.
      expect(hourly!.lower).toBeLessThanOrEqual(scenario.zone.upper);
      expect(hourly!.upper).toBeGreaterThanOrEqual(scenario.zone.lower);
    }
  }, 60_000);

  it('a decision to skip fails its one check, and one to take passes all four', () => {
    for (const item of PRACTICE_BLOCKS.decision) {
      for (const { scenario } of charts(item).slice(0, 4)) {
        const { decision } = scenario;
        expect(decision).not.toBeNull();
        const read = decideTrade({
          zone: scenario.zone,
          score: decision!.score,
          opposing: decision!.opposing,
          averageRange: decision!.averageRange,
          touches: decision!.touches,
          higherTimeframe: decision!.higherTimeframe,
        });
        const failing = read.checks.filter((check) => !check.ok).map((check) => check.check);
        expect(failing).toEqual(item.decision === 'skip' ? [item.skipBecause] : []);
      }
    }
  }, 120_000);
});
