import type { GradedAnswer, SkillEvidence, SkillKey } from './skill-map.js';

/** What every zone chart tests, whatever it was made to show. */
const ANY_ZONE_SKILLS: ReadonlySet<SkillKey> = new Set([
  'find-demand-zone',
  'find-supply-zone',
  'zone-bounds',
]);

/**
 * The skill a practice answer is remembered for in the history the chooser reads (it rests a
 * skill given twice in a row, see nextPractice).
 *
 * `served`, the skill the chooser chose the exercise for, when the learner answers the exercise
 * "Practise what I need" gave them: the rest rule is about what the chooser served, and the
 * answer's evidence cannot say it (a plan tests four skills, a passed decision every check).
 *
 * Without one (a fixed round's exercise), a guess from the answer's evidence: on a zone chart made
 * about a concept, the concept (a fresh zone beside a tested one is freshness practice, though a
 * miss there also misses finding the zone); otherwise the first skill it missed, else the first
 * it passed in the skill map's order.
 */
export function practisedSkill(
  graded: GradedAnswer,
  evidence: readonly SkillEvidence[],
  served?: SkillKey,
): SkillKey | undefined {
  if (served !== undefined) return served;
  const concept = evidence.find(
    (item) => graded.kind === 'zone' && !ANY_ZONE_SKILLS.has(item.skill),
  );
  return (concept ?? evidence.find((item) => !item.pass) ?? evidence[0])?.skill;
}
