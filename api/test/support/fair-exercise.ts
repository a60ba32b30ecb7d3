import {
  assessClarity,
  detectZones,
  MAX_CONGESTION_CANDLES,
  MAX_HISTORY_CONGESTION_CANDLES,
  newYorkDayNumber,
  bandPixelHeight,
  MIN_ZONE_PX,
  openingTimeWindow,
  placement,
  type ZoneScenario,
  type ZoneScenarioRequest,
} from '@course/rules';
import { validateSeries } from '@chart-kit/core';

// What makes an exercise fair, checked on a scenario's data with the course's own rules. A list
// of problems rather than assertions, so that the same checks run in jest and in the plain Node
// processes that simulate a thousand charts at native speed.

const enters = (scenario: ZoneScenario, index: number) => {
  const candle = scenario.candles[index];
  if (!candle) return false;
  return scenario.zone.type === 'demand'
    ? candle.low <= scenario.zone.upper
    : candle.high >= scenario.zone.lower;
};

/** Every way `scenario` falls short of a fair, findable exercise; empty when it is one. */
export function fairExerciseProblems(
  scenario: ZoneScenario,
  requested: Pick<ZoneScenarioRequest, 'placement'> = {},
): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const { candles, zone, revealEnd, openingView } = scenario;
  try {
    validateSeries(candles);
  } catch (error) {
    problems.push(`invalid series: ${(error as Error).message}`);
  }
  check(zone.upper > zone.lower, 'the zone is upside down');
  check(openingView.from >= 0, 'the opening view starts before the first candle');
  check(openingView.to === revealEnd - 1, 'the opening view does not end with the puzzle');
  check(openingView.from <= scenario.patternStart, 'the opening view starts after the pattern');

  // Unambiguous: no rival in view, not inside earlier congestion.
  const puzzle = candles.slice(0, revealEnd);
  const clarity = assessClarity({
    candles: puzzle,
    answer: {
      type: zone.type,
      upper: zone.upper,
      lower: zone.lower,
      patternStart: scenario.patternStart,
      patternEnd: scenario.moveEnd,
      departure: scenario.departure,
      moveCandles: scenario.moveCandles,
    },
    view: openingView,
  });
  problems.push(...clarity.problems);
  check(clarity.congestion.length <= MAX_CONGESTION_CANDLES, 'congestion in view');
  check(
    clarity.historyCongestion.length <= MAX_HISTORY_CONGESTION_CANDLES,
    'congestion in the history',
  );

  // Findable: tall enough at the opening view on both screens of the page it is made for, as
  // chart-kit draws it.
  const where = placement(requested.placement ?? 'lesson');
  const view = openingTimeWindow(puzzle, openingView, 300);
  for (const screen of ['desktop', 'phone'] as const) {
    const px = bandPixelHeight(puzzle, view, where[screen], zone, 300);
    check(px >= MIN_ZONE_PX[screen], `the zone is ${px.toFixed(1)} px tall on the ${screen}`);
  }

  const concepts = new Set(scenario.concepts);
  const level = concepts.has('support') || concepts.has('resistance') || concepts.has('flip');
  if (!level) {
    // A zone the course's detector finds with these bounds, fresh until the puzzle's end.
    const planted = detectZones(puzzle).find(
      (found) => found.type === zone.type && found.baseStart === scenario.baseIndexes[0],
    );
    if (!planted) problems.push('the detector does not find the zone');
    else {
      check(Math.abs(planted.upper - zone.upper) < 0.005, 'the detected upper bound differs');
      check(Math.abs(planted.lower - zone.lower) < 0.005, 'the detected lower bound differs');
      check(planted.firstReturn === null, 'price returns to the zone during the puzzle');
    }
    // The base and its move away happen in one session: a gap is not a move.
    const sessionOf = (index: number) => newYorkDayNumber(candles[index]?.time ?? Number.NaN);
    check(
      sessionOf(scenario.moveEnd) === sessionOf(scenario.baseIndexes[0] ?? -1),
      'the base and its move away span a session close',
    );
    check(scenario.baseIndexes.length <= 3, 'the base has more than three candles');
  }
  if (scenario.returnIndex !== null) {
    check(scenario.returnIndex >= revealEnd, 'the return comes during the puzzle');
    check(enters(scenario, scenario.returnIndex), 'the return does not reach the zone');
    // What follows is what was planted: a zone's reaction as the course reads it.
    const aftermath = scenario.aftermath;
    const reading = aftermath?.reading;
    check(reading?.returnIndex === scenario.returnIndex, 'the reading is not of the return');
    const planned = aftermath?.planned;
    if (planned === 'weak' || planned === 'break') {
      check(
        reading?.reaction === planned,
        `the return reacted ${reading?.reaction}, not ${planned}`,
      );
    }
    if (planned === 'strong' || planned === 'holds') {
      check(reading?.reaction === 'strong', `the return reacted ${reading?.reaction}, not strong`);
    }
  }
  return problems;
}
