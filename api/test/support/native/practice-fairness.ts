// Simulates practice charts as the Practice Portal's catalogue makes them, for seeds argv[2] up
// to argv[3], checks each is a fair exercise and sends back what the test counts. Run by
// runNative.
import { type ZoneReaction, generateZoneScenario } from '@course/rules';
import { fairExerciseProblems } from '../fair-exercise.js';

export interface PracticeFairness {
  /** Seeds whose chart is not a fair exercise, and why. */
  unfair: { seed: number; problems: string[] }[];
  reactions: ZoneReaction[];
  /** Each chart's shape family ('none' without one). */
  families: string[];
}

const [from, to] = process.argv.slice(2).map(Number);
const result: PracticeFairness = { unfair: [], reactions: [], families: [] };
for (let seed = from ?? 0; seed < (to ?? 0); seed++) {
  const request = {
    seed,
    zoneType: seed % 2 ? ('supply' as const) : ('demand' as const),
    placement: 'practice' as const,
  };
  const scenario = generateZoneScenario(request);
  const problems = fairExerciseProblems(scenario, request);
  if (problems.length > 0) result.unfair.push({ seed, problems });
  const reaction = scenario.aftermath?.reading?.reaction;
  if (reaction) result.reactions.push(reaction);
  result.families.push(scenario.family ?? 'none');
}
process.send?.(result);
