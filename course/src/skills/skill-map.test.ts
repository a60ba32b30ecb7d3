import { decideTrade, type DecisionSetting } from '../trade-decision.js';
import {
  answerEvidence,
  chartExerciseKind,
  decisionMissedSkills,
  isSkillKey,
  managementMissedSkills,
  planMissedSkills,
  SKILL_KEYS,
  SKILLS,
  skillsOfKind,
  skillsTested,
  zoneMissedSkills,
} from './skill-map.js';

describe('the skill map', () => {
  it('names every skill the issue asks for, each key once, with a title and a name', () => {
    expect(SKILL_KEYS).toEqual(
      expect.arrayContaining([
        'find-demand-zone',
        'find-supply-zone',
        'zone-bounds',
        'freshness',
        'move-strength',
        'higher-timeframe',
        'room',
        'entry',
        'stop',
        'position-size',
        'take-or-skip',
        'trade-management',
      ]),
    );
    expect(new Set(SKILL_KEYS).size).toBe(SKILL_KEYS.length);
    for (const skill of SKILLS) {
      expect(skill.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(skill.title.length).toBeGreaterThan(5);
      expect(skill.name).toBe(skill.name.toLowerCase());
    }
    expect(isSkillKey('freshness')).toBe(true);
    expect(isSkillKey('fresh')).toBe(false);
    expect(isSkillKey(3)).toBe(false);
  });
});

describe('skillsTested', () => {
  it('a zone chart tests its bounds and finding a zone of its type, or its concept', () => {
    expect(skillsTested({ kind: 'zone', zoneType: 'demand' })).toEqual([
      'find-demand-zone',
      'zone-bounds',
    ]);
    expect(skillsTested({ kind: 'zone', zoneType: 'supply', concepts: ['fresh'] })).toEqual([
      'zone-bounds',
      'freshness',
    ]);
    expect(
      skillsTested({ kind: 'zone', zoneType: 'demand', concepts: ['higher-timeframe', 'clean'] }),
    ).toEqual(['zone-bounds', 'higher-timeframe', 'room']);
    expect(skillsTested({ kind: 'zone', zoneType: 'demand', concepts: ['steep-move'] })).toContain(
      'move-strength',
    );
    expect(skillsTested({ kind: 'zone', zoneType: 'demand', concepts: ['short-base'] })).toContain(
      'base',
    );
  });

  it('a plan tests entry, stop, room and size; a management exercise, management', () => {
    expect(skillsTested({ kind: 'plan', zoneType: 'demand' })).toEqual([
      'room',
      'entry',
      'stop',
      'position-size',
    ]);
    expect(skillsTested({ kind: 'manage', zoneType: 'supply' })).toEqual(['trade-management']);
  });

  it('a decision tests take or skip and the check its chart is about', () => {
    expect(
      skillsTested({
        kind: 'decision',
        zoneType: 'supply',
        decision: 'skip',
        skipBecause: 'fresh',
      }),
    ).toEqual(['freshness', 'take-or-skip']);
    expect(skillsTested({ kind: 'decision', zoneType: 'supply', decision: 'skip' })).toEqual([
      'room',
      'take-or-skip',
    ]);
    // A zone scoring a C for its base of three candles: reading the base.
    expect(
      skillsTested({
        kind: 'decision',
        zoneType: 'demand',
        decision: 'skip',
        skipBecause: 'grade',
      }),
    ).toEqual(['base', 'take-or-skip']);
    expect(skillsTested({ kind: 'decision', zoneType: 'demand', decision: 'take' })).toEqual([
      'freshness',
      'higher-timeframe',
      'room',
      'take-or-skip',
    ]);
  });

  it('lists what each kind of exercise can test, and every skill under some kind', () => {
    expect(skillsOfKind('plan')).toEqual(['room', 'entry', 'stop', 'position-size']);
    expect(skillsOfKind('decision')).toEqual([
      'base',
      'move-strength',
      'freshness',
      'higher-timeframe',
      'room',
      'take-or-skip',
    ]);
    expect(skillsOfKind('zone')).not.toContain('entry');
    const kinds = ['zone', 'plan', 'decision', 'manage'] as const;
    expect(new Set(kinds.flatMap(skillsOfKind)).size).toBe(SKILL_KEYS.length);
  });

  it('reads the kind of a chart from its concepts', () => {
    expect(chartExerciseKind(['take-or-skip'])).toBe('decision');
    expect(chartExerciseKind(['trade-plan'])).toBe('plan');
    expect(chartExerciseKind(['fresh'])).toBe('zone');
  });
});

describe('the skill a graded answer missed', () => {
  const freshSupply = { kind: 'zone', zoneType: 'supply', concepts: ['fresh'] } as const;

  it('a zone missed altogether is the zone not found, or on a concept chart the concept', () => {
    expect(zoneMissedSkills({ kind: 'zone', zoneType: 'demand' }, 'too-high')).toEqual([
      'find-demand-zone',
    ]);
    expect(zoneMissedSkills(freshSupply, 'too-low')).toEqual(['freshness']);
  });

  it('a zone found but drawn too wide, too thin or with one line out is its bounds', () => {
    for (const reason of ['too-wide', 'too-thin', 'one-line-outside', 'need-two-lines'] as const) {
      expect(zoneMissedSkills(freshSupply, reason)).toEqual(['zone-bounds']);
    }
    expect(zoneMissedSkills(freshSupply, 'pass')).toEqual([]);
  });

  it('a plan misses one skill per broken rule', () => {
    expect(planMissedSkills(['entry'])).toEqual(['entry']);
    expect(planMissedSkills(['stop', 'size'])).toEqual(['stop', 'position-size']);
    expect(planMissedSkills(['target', 'reward-to-risk'])).toEqual(['room']);
    expect(planMissedSkills([])).toEqual([]);
  });

  it('a management answer misses management when it is not the taught rule', () => {
    expect(managementMissedSkills('hold', 'breakeven')).toEqual(['trade-management']);
    expect(managementMissedSkills('partial', 'partial')).toEqual([]);
  });

  describe('a decision', () => {
    const setting = (touches: number, points = 5 - touches): DecisionSetting => ({
      zone: { type: 'demand', upper: 101, lower: 100 },
      score: { points, grade: points >= 5 ? 'A' : points === 4 ? 'B' : 'C' },
      opposing: { upper: 111, lower: 110 },
      averageRange: 0.4,
      touches,
      higherTimeframe: 'with',
    });
    const usedZone = decideTrade(setting(1));
    const freshZone = decideTrade(setting(0));

    it('a wrong take misses take or skip and the failing check it overlooked', () => {
      expect(usedZone.take).toBe(false);
      expect(decisionMissedSkills({ take: true, reasons: [] }, usedZone)).toEqual([
        'freshness',
        'take-or-skip',
      ]);
    });

    it('a take at a zone scoring a C misses take or skip', () => {
      const weakZone = decideTrade(setting(0, 3));
      expect(weakZone.take).toBe(false);
      expect(decisionMissedSkills({ take: true, reasons: [] }, weakZone)).toEqual(['take-or-skip']);
      expect(decisionMissedSkills({ take: false, reasons: ['grade'] }, weakZone)).toEqual([]);
    });

    it('a skip with no reason where the course takes misses take or skip itself', () => {
      expect(decisionMissedSkills({ take: false, reasons: [] }, freshZone)).toEqual([
        'take-or-skip',
      ]);
    });

    it('a skip for the wrong reason misses the checks misjudged, not take or skip', () => {
      expect(decisionMissedSkills({ take: false, reasons: ['room'] }, usedZone)).toEqual([
        'freshness',
        'room',
      ]);
      expect(decisionMissedSkills({ take: false, reasons: ['fresh'] }, usedZone)).toEqual([]);
    });

    it('a wrong skip misses take or skip and each check wrongly named', () => {
      expect(freshZone.take).toBe(true);
      expect(
        decisionMissedSkills({ take: false, reasons: ['higher-timeframe'] }, freshZone),
      ).toEqual(['higher-timeframe', 'take-or-skip']);
    });

    it('passes every skill the chart tests when the answer is right', () => {
      expect(
        answerEvidence({
          kind: 'decision',
          answer: { take: false, reasons: ['fresh'] },
          decision: usedZone,
        }),
      ).toEqual([
        { skill: 'freshness', pass: true, kind: 'decision' },
        { skill: 'take-or-skip', pass: true, kind: 'decision' },
      ]);
    });

    it("adds the scored criteria's skills: a misread move out is missed, the rest passed", () => {
      expect(
        answerEvidence({
          kind: 'decision',
          answer: { take: false, reasons: ['fresh'] },
          decision: usedZone,
          scorecard: { misread: ['move', 'round-number'] },
        }),
      ).toEqual([
        { skill: 'base', pass: true, kind: 'decision' },
        { skill: 'move-strength', pass: false, kind: 'decision' },
        { skill: 'freshness', pass: true, kind: 'decision' },
        { skill: 'take-or-skip', pass: true, kind: 'decision' },
      ]);
    });
  });
});

describe('answerEvidence', () => {
  it('counts what a zone answer got right as passed and what it missed as missed', () => {
    expect(
      answerEvidence({
        kind: 'zone',
        exercise: { kind: 'zone', zoneType: 'supply', concepts: ['fresh'] },
        reason: 'too-wide',
      }),
    ).toEqual([
      { skill: 'zone-bounds', pass: false, kind: 'zone' },
      { skill: 'freshness', pass: true, kind: 'zone' },
    ]);
  });

  it('takes a zone chart’s concept skills from the skills its content names', () => {
    // A lesson's front matter names freshness: a miss on its chart misses freshness alone.
    expect(
      answerEvidence({
        kind: 'zone',
        exercise: {
          kind: 'zone',
          zoneType: 'supply',
          skills: ['find-supply-zone', 'zone-bounds', 'freshness'],
        },
        reason: 'too-low',
      }),
    ).toEqual([
      { skill: 'zone-bounds', pass: true, kind: 'zone' },
      { skill: 'freshness', pass: false, kind: 'zone' },
    ]);
    // Named skills stand instead of the concepts, and only concept skills are read from them.
    expect(
      skillsTested({
        kind: 'zone',
        zoneType: 'demand',
        concepts: ['fresh'],
        skills: ['find-demand-zone', 'zone-bounds', 'move-strength'],
      }),
    ).toEqual(['zone-bounds', 'move-strength']);
  });

  it('marks a pass after the reveal', () => {
    expect(
      answerEvidence({
        kind: 'zone',
        exercise: { kind: 'zone', zoneType: 'demand' },
        reason: 'pass',
        afterReveal: true,
      }),
    ).toEqual([
      { skill: 'find-demand-zone', pass: true, kind: 'zone', afterReveal: true },
      { skill: 'zone-bounds', pass: true, kind: 'zone', afterReveal: true },
    ]);
  });

  it('speaks for the four plan skills and for management', () => {
    expect(answerEvidence({ kind: 'plan', failed: ['size'] })).toEqual([
      { skill: 'room', pass: true, kind: 'plan' },
      { skill: 'entry', pass: true, kind: 'plan' },
      { skill: 'stop', pass: true, kind: 'plan' },
      { skill: 'position-size', pass: false, kind: 'plan' },
    ]);
    expect(answerEvidence({ kind: 'manage', chosen: 'trail', taught: 'breakeven' })).toEqual([
      { skill: 'trade-management', pass: false, kind: 'manage' },
    ]);
  });
});
