import { decideTrade, type DecisionAnswer, type DecisionSetting } from '../trade-decision.js';
import type { GradeReason } from '../grade.js';
import type { PlanRule } from '../trade-plan.js';
import { masteryOf, type SkillState, updateSkills } from './learner-model.js';
import { nextPractice, PRACTICE_ROUTES, type PracticeChoice } from './practice-chooser.js';
import { practiceItemServes, type PracticeItem } from './practice-items.js';
import {
  type ExerciseDescription,
  type GradedAnswer,
  modelEvidence,
  SKILL_KEYS,
  type SkillKey,
  skillOf,
} from './skill-map.js';

/**
 * Simulated learners: each plays a learner's answers, try by try, through the real skill map,
 * learner model and chooser, and checks what the learner would then see.
 */

const START = new Date('2026-03-02T14:00:00Z');
const MINUTE = 60_000;

type States = Partial<Record<SkillKey, SkillState>>;

class SimulatedLearner {
  states: States = {};
  private now = START;

  /** Every try at one exercise, in order: the model hears what the exercise says, once. */
  answer(...tries: GradedAnswer[]): void {
    tries.forEach((graded, earlierAnswers) => {
      this.states = updateSkills(this.states, modelEvidence(graded, earlierAnswers), this.now);
      this.now = new Date(this.now.getTime() + MINUTE);
    });
  }

  mastery(skill: SkillKey): number {
    const state = this.states[skill];
    return state ? masteryOf(state, this.now).mastery : 0.5;
  }

  exercisesAnswered(skill: SkillKey): number {
    return this.states[skill]?.attempts ?? 0;
  }

  get time(): Date {
    return this.now;
  }
}

/** A take-or-skip chart the course skips because its zone has been tested (not fresh). */
const usedZoneSetting: DecisionSetting = {
  zone: { type: 'demand', upper: 101, lower: 100 },
  score: { points: 4, grade: 'B' },
  opposing: { upper: 111, lower: 110 },
  averageRange: 0.4,
  touches: 1,
  higherTimeframe: 'with',
};
const skipForFreshness = decideTrade(usedZoneSetting);

const decided = (answer: DecisionAnswer): GradedAnswer => ({
  kind: 'decision',
  answer,
  decision: skipForFreshness,
});
const TAKE: DecisionAnswer = { take: true, reasons: [] };
const SKIP_NOT_FRESH: DecisionAnswer = { take: false, reasons: ['fresh'] };

const zoneTry = (exercise: ExerciseDescription, reason: GradeReason): GradedAnswer => ({
  kind: 'zone',
  exercise,
  reason,
});
const freshSupplyChart: ExerciseDescription = {
  kind: 'zone',
  zoneType: 'supply',
  concepts: ['fresh'],
};
const plainSupplyChart: ExerciseDescription = { kind: 'zone', zoneType: 'supply' };

describe('a learner deciding take or skip', () => {
  it('who takes 5 of 7 trades to skip for freshness ends lower at both', () => {
    expect(skipForFreshness.take).toBe(false);
    const learner = new SimulatedLearner();
    for (const answer of [TAKE, TAKE, SKIP_NOT_FRESH, TAKE, TAKE, SKIP_NOT_FRESH, TAKE]) {
      learner.answer(decided(answer));
    }
    expect(learner.mastery('take-or-skip')).toBeLessThan(0.5);
    expect(learner.mastery('freshness')).toBeLessThan(0.5);
  });

  it('who skips them for freshness every time ends higher at both', () => {
    const learner = new SimulatedLearner();
    for (let exercise = 0; exercise < 7; exercise++) learner.answer(decided(SKIP_NOT_FRESH));
    expect(learner.mastery('take-or-skip')).toBeGreaterThan(0.5);
    expect(learner.mastery('freshness')).toBeGreaterThan(0.5);
  });
});

describe('a learner missing a concept chart', () => {
  it('on three tries has missed it once, at the concept, and not at finding zones', () => {
    const learner = new SimulatedLearner();
    for (let exercise = 0; exercise < 4; exercise++) {
      learner.answer(zoneTry(plainSupplyChart, 'pass'));
    }
    const findingBefore = learner.mastery('find-supply-zone');
    expect(findingBefore).toBeGreaterThan(0.7);

    learner.answer(
      zoneTry(freshSupplyChart, 'too-low'),
      zoneTry(freshSupplyChart, 'too-high'),
      zoneTry(freshSupplyChart, 'too-low'),
    );

    // Unchanged but for the minutes gone by (a skill left alone grows less certain).
    expect(learner.mastery('find-supply-zone')).toBeCloseTo(findingBefore, 4);
    expect(learner.exercisesAnswered('find-supply-zone')).toBe(4);
    expect(learner.states.freshness?.recent).toEqual([false]);
  });
});

describe("the chooser's reason", () => {
  /** Freshness alone reached, so the chooser's reason is about it. */
  const onlyFreshness = { reached: new Set<SkillKey>(['freshness']) };

  it('counts exercises, not tries', () => {
    const learner = new SimulatedLearner();
    learner.answer(
      zoneTry(freshSupplyChart, 'too-low'),
      zoneTry(freshSupplyChart, 'too-low'),
      zoneTry(freshSupplyChart, 'too-low'),
    );
    expect(nextPractice(learner.states, [], learner.time, onlyFreshness).reason).toBe(
      'You missed freshness last time: here is another.',
    );
    learner.answer(zoneTry(freshSupplyChart, 'too-high'), zoneTry(freshSupplyChart, 'pass'));
    expect(nextPractice(learner.states, [], learner.time, onlyFreshness).reason).toBe(
      'You missed freshness twice: here is another.',
    );
  });

  it('reads as a sentence for every skill the chooser can give', () => {
    const practisable = SKILL_KEYS.filter((skill) => PRACTICE_ROUTES[skill].length > 0);
    for (const skill of practisable) {
      const reached = { reached: new Set([skill]) };
      const { name } = skillOf(skill);
      const learner = new SimulatedLearner();
      expect(nextPractice(learner.states, [], learner.time, reached)).toMatchObject({
        skill,
        reason: `Something new: ${name}.`,
      });
      // Two exercises missed, the second on two tries: twice, not three times.
      learner.states = updateSkills(learner.states, [missed(skill)], learner.time);
      learner.answer(...[0, 1].map(() => missAt(skill)));
      expect(nextPractice(learner.states, [], learner.time, reached)).toMatchObject({
        skill,
        reason: `You missed ${name} twice: here is another.`,
      });
    }
  });
});

const missed = (skill: SkillKey) => ({ skill, pass: false, kind: 'zone' as const });

/** A graded answer that misses `skill` (for the reason's words, any exercise that does). */
function missAt(skill: SkillKey): GradedAnswer {
  if (skill === 'find-demand-zone' || skill === 'find-supply-zone') {
    const zoneType = skill === 'find-demand-zone' ? 'demand' : 'supply';
    return zoneTry({ kind: 'zone', zoneType }, 'too-high');
  }
  if (skill === 'zone-bounds') return zoneTry(plainSupplyChart, 'too-wide');
  if (skill === 'take-or-skip' || skill === 'freshness') return decided(TAKE);
  const zoneSkills: Partial<Record<SkillKey, ExerciseDescription['concepts']>> = {
    base: ['short-base'],
    'move-strength': ['steep-move'],
    'higher-timeframe': ['higher-timeframe'],
  };
  const concepts = zoneSkills[skill];
  if (concepts) return zoneTry({ kind: 'zone', zoneType: 'demand', concepts }, 'too-low');
  const planRules: Partial<Record<SkillKey, PlanRule>> = {
    room: 'target',
    entry: 'entry',
    stop: 'stop',
    'position-size': 'size',
  };
  const rule = planRules[skill];
  if (rule === undefined) throw new Error(`no exercise misses ${skill}`);
  return { kind: 'plan', failed: [rule] };
}

describe('a new learner', () => {
  /** The first lessons teach finding a demand zone and its bounds (the course's first charts). */
  const firstLessons = new Set<SkillKey>(['find-demand-zone', 'zone-bounds']);

  it('is served only what the lessons reached teach: no take or skip second', () => {
    const learner = new SimulatedLearner();
    const history: { kind: PracticeChoice['kind']; skill: SkillKey }[] = [];
    const served: PracticeChoice[] = [];
    for (let item = 0; item < 6; item++) {
      const choice = nextPractice(learner.states, history, learner.time, {
        reached: firstLessons,
      });
      served.push(choice);
      history.push({ kind: choice.kind, skill: choice.skill });
      learner.answer(zoneTry({ kind: 'zone', zoneType: choice.zoneType ?? 'demand' }, 'pass'));
    }
    expect(served.map((choice) => choice.skill)).not.toContain('take-or-skip');
    expect(served.every((choice) => firstLessons.has(choice.skill))).toBe(true);
    expect(served.every((choice) => choice.kind === 'zone')).toBe(true);
  });

  it('without the Pro Plan is not sent to take or skip for being what is free', () => {
    const decisionTaster: PracticeItem = { kind: 'decision', decision: 'take' };
    const choice = nextPractice({}, [{ kind: 'zone', skill: 'find-demand-zone' }], START, {
      reached: firstLessons,
      offered: (wanted) => practiceItemServes(decisionTaster, 'demand', wanted),
    });
    expect(firstLessons.has(choice.skill)).toBe(true);
  });

  it('without the Pro Plan is told about the chart on offer, of its own zone type', () => {
    // The free taster: one plain zone chart, a demand zone; the chooser would rather give supply.
    const taster: PracticeItem = { kind: 'zone' };
    const offered = (choice: PracticeChoice | Parameters<typeof practiceItemServes>[2]) =>
      practiceItemServes(taster, 'demand', choice);
    const learner = new SimulatedLearner();
    for (let exercise = 0; exercise < 3; exercise++) {
      learner.answer(zoneTry({ kind: 'zone', zoneType: 'demand' }, 'pass'));
    }
    expect(nextPractice(learner.states, [], learner.time)).toMatchObject({
      skill: 'find-supply-zone',
      zoneType: 'supply',
    });
    const choice = nextPractice(learner.states, [], learner.time, { offered });
    expect(offered(choice)).toBe(true);
    expect(choice.zoneType).not.toBe('supply');
    expect(choice.reason).not.toMatch(/supply/);
  });
});
