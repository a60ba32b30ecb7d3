import { practiceGenerationRequest, practiceSkills } from '../src/practice-charts/generation.js';

describe('the skills of a practice exercise, from the generator’s request', () => {
  it('a zone tests finding a zone of its type and its bounds', () => {
    expect(practiceSkills('zone', 11, 'demand')).toEqual(['find-demand-zone', 'zone-bounds']);
    expect(practiceSkills('zone', 11, 'supply')).toEqual(['find-supply-zone', 'zone-bounds']);
  });

  it('a plan tests entry, stop, room and position size', () => {
    expect(practiceSkills('plan', 11, 'supply')).toEqual([
      'room',
      'entry',
      'stop',
      'position-size',
    ]);
  });

  it('a decision tests take or skip and the check its chart is about', () => {
    for (let seed = 0; seed < 40; seed++) {
      const request = practiceGenerationRequest('decision', seed, 'demand');
      const skills = practiceSkills('decision', seed, 'demand');
      expect(skills).toContain('take-or-skip');
      if (request.decision === 'take') {
        expect(skills).toEqual(['freshness', 'higher-timeframe', 'room', 'take-or-skip']);
      } else {
        const check = { room: 'room', fresh: 'freshness', 'higher-timeframe': 'higher-timeframe' }[
          request.skipBecause ?? 'room'
        ];
        // Every check comes before take or skip in the skill map's order.
        expect(skills).toEqual([check, 'take-or-skip']);
      }
    }
  });
});
