// The zone's height at the opening view, on every screen, of the generated charts numbered
// argv[2] (inclusive) to argv[3] (exclusive), each made as the catalogue makes it. Run by
// runNative: simulating in jest's sandbox is about fifteen times slower.
import { ChartCatalogue } from '../../../src/exercise-charts/chart-catalogue.js';
import { zoneHeightsAtOpening, type ZoneHeight } from '../opening-view.js';

/** One screen's zone height on one generated chart. */
export interface GeneratedHeight extends ZoneHeight {
  number: number;
}

const [from, to] = process.argv.slice(2).map(Number);
if (from === undefined || to === undefined) throw new Error('usage: generated-heights FROM TO');
const catalogue = ChartCatalogue.load();
const rows: GeneratedHeight[] = [];
for (let number = from; number < to; number++) {
  const chart = catalogue.get(number);
  if (!chart) throw new Error(`chart ${number} is missing`);
  for (const height of zoneHeightsAtOpening(chart)) rows.push({ number, ...height });
}
process.send?.(rows);
