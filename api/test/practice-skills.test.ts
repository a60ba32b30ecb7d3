import { PRACTICE_BLOCKS, PRACTICE_ROUTES, SKILL_KEYS } from '@course/rules';
import {
  practiceGenerationRequest,
  practiceIndexServes,
  practiceScenarioRequest,
} from '../src/practice-charts/generation.js';

const LEARNERS = Array.from({ length: 40 }, (_, learner) => `learner-${learner}`);

describe('the skills of a practice exercise, from what it is made for', () => {
  it('asks the generator for the item of the learner’s exercise, the same every time', () => {
    for (const learner of LEARNERS.slice(0, 5)) {
      for (const kind of ['zone', 'plan', 'decision'] as const) {
        for (let index = 1; index <= 12; index++) {
          const { seed, zoneType, item } = practiceScenarioRequest(learner, index, kind);
          expect(practiceScenarioRequest(learner, index, kind)).toEqual({ seed, zoneType, item });
          expect(item.kind).toBe(kind);
          const request = practiceGenerationRequest(item, seed, zoneType);
          expect(request).toMatchObject({ seed, zoneType });
          if (item.concept) expect(request.concepts).toEqual([item.concept]);
          if (item.skipBecause)
            expect(request).toMatchObject({ decision: 'skip', skipBecause: item.skipBecause });
        }
      }
    }
  });

  it('has, for every skill the chooser can pick, an exercise made for it within two blocks', () => {
    for (const learner of LEARNERS) {
      for (const skill of SKILL_KEYS) {
        for (const route of PRACTICE_ROUTES[skill]) {
          const within = 2 * PRACTICE_BLOCKS[route.kind].length;
          const served = Array.from({ length: within }, (_, at) => at + 1).some((index) =>
            practiceIndexServes(learner, index, { ...route, skill }),
          );
          expect({ learner, skill, route, served }).toEqual({
            learner,
            skill,
            route,
            served: true,
          });
        }
      }
    }
  });
});
