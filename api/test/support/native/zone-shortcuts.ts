// Grades the lazy boxes (see the course's `lazyBoxes`) on zone charts as learners see them: the
// catalogue's zone exercises (argv[2] 'catalogue') or the Practice Portal's zone exercises of
// the learners named in argv, indexes 1 to PRACTICE_INDEXES. Run by runNative.
import { lazyBoxes, type Concept } from '@course/rules';
import {
  ChartCatalogue,
  type ExerciseChart,
} from '../../../src/exercise-charts/chart-catalogue.js';
import {
  generatePracticePair,
  practiceScenarioRequest,
} from '../../../src/practice-charts/generation.js';
import { openingWindow } from '../opening-view.js';

/** One zone chart's lazy boxes: whether each passes on the first try. */
export interface ShortcutRow {
  chart: string;
  type: 'supply' | 'demand';
  view: boolean;
  history: boolean;
}

/** Practice zone exercises measured per learner. */
export const PRACTICE_INDEXES = 100;

/** Concepts whose exercise is not to find a zone: a level, a flip, a trade at a given zone. */
const NOT_ZONE_HUNTS: readonly Concept[] = [
  'support',
  'resistance',
  'flip',
  'trade-plan',
  'take-or-skip',
];

function rowOf(name: string, chart: ExerciseChart): ShortcutRow {
  const boxes = lazyBoxes(
    chart.candles.slice(0, chart.exerciseEnd),
    openingWindow(chart),
    chart.zone,
  );
  return {
    chart: name,
    type: chart.zone.type,
    view: boxes.view.grade.pass,
    history: boxes.history.grade.pass,
  };
}

const rows: ShortcutRow[] = [];
const args = process.argv.slice(2);
if (args[0] === 'catalogue') {
  const catalogue = ChartCatalogue.load();
  for (const number of catalogue.numbers()) {
    const scenario = catalogue.scenario(number);
    if (!scenario || scenario.concepts.some((concept) => NOT_ZONE_HUNTS.includes(concept)))
      continue;
    const chart = catalogue.get(number);
    if (chart?.timeframe === '5min') rows.push(rowOf(String(number), chart));
  }
} else {
  for (const learner of args) {
    for (let index = 1; index <= PRACTICE_INDEXES; index++) {
      const task = { kind: 'zone' as const, ...practiceScenarioRequest(learner, index, 'zone') };
      rows.push(rowOf(`${learner}#${index}`, generatePracticePair(task).fiveMinute));
    }
  }
}
process.send?.(rows);
