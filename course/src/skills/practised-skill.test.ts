import { practisedSkill } from './practised-skill.js';
import { answerEvidence, type GradedAnswer } from './skill-map.js';

/** A decision to take, answered "take": every check passed. */
const takenRight: GradedAnswer = {
  kind: 'decision',
  answer: { take: true, reasons: [] },
  decision: {
    take: true,
    checks: [
      { check: 'room', ok: true, text: '' },
      { check: 'fresh', ok: true, text: '' },
      { check: 'higher-timeframe', ok: true, text: '' },
    ],
  },
};

const planPassed: GradedAnswer = { kind: 'plan', failed: [] };

describe('practisedSkill', () => {
  it('is the skill the exercise was served for, whatever the answer spoke for', () => {
    expect(practisedSkill(takenRight, answerEvidence(takenRight), 'take-or-skip')).toBe(
      'take-or-skip',
    );
    expect(practisedSkill(planPassed, answerEvidence(planPassed), 'position-size')).toBe(
      'position-size',
    );
  });

  it('without a served choice, is a zone chart’s concept, missed or passed', () => {
    const fresh: GradedAnswer = {
      kind: 'zone',
      exercise: { kind: 'zone', zoneType: 'demand', concepts: ['fresh'] },
      reason: 'pass',
    };
    expect(practisedSkill(fresh, answerEvidence(fresh))).toBe('freshness');
    const missed: GradedAnswer = { ...fresh, reason: 'too-low' };
    expect(practisedSkill(missed, answerEvidence(missed))).toBe('freshness');
  });

  it('without a served choice, is the first skill missed, else the first passed', () => {
    const wrongSize: GradedAnswer = { kind: 'plan', failed: ['size'] };
    expect(practisedSkill(wrongSize, answerEvidence(wrongSize))).toBe('position-size');
    const plain: GradedAnswer = {
      kind: 'zone',
      exercise: { kind: 'zone', zoneType: 'supply' },
      reason: 'too-wide',
    };
    expect(practisedSkill(plain, answerEvidence(plain))).toBe('zone-bounds');
    expect(practisedSkill(planPassed, answerEvidence(planPassed))).toBe(
      answerEvidence(planPassed)[0]?.skill,
    );
  });

  it('is none for an answer that spoke for no skill and was not served', () => {
    expect(practisedSkill(planPassed, [])).toBeUndefined();
  });
});
