import type { Candle } from '@chart-kit/core';
import {
  newYorkClock,
  newYorkWeekday,
  countWord,
  listOfTimes,
  dollars,
  halves,
  inRanges,
  candleAt,
  timeOf,
  when,
} from './explanation-words.js';
import { REAL_RATES } from '../measured-rates/real-rates.generated.js';
import { STRONG_BOUNCE_IN_RANGES } from './reaction.js';
import type { ZoneScenario } from './scenario-types.js';

export { newYorkClock } from './explanation-words.js';

/**
 * Why the answer is the answer, in plain English for a beginner: the candles that made it (by
 * their New York time, as the chart's time axis shows them), how far price left, what in view is
 * not the answer and why, and what happened when price came back after the exercise.
 */
export function explainZone(scenario: ZoneScenario): string {
  const concepts = new Set(scenario.concepts);
  const parts: string[] = [];
  if (concepts.has('support') || concepts.has('resistance')) parts.push(explainLevel(scenario));
  else if (concepts.has('flip')) parts.push(explainFlip(scenario));
  else parts.push(explainBase(scenario), explainMove(scenario), explainBounds(scenario));
  if (concepts.has('small-base')) parts.push(explainSmallBodies(scenario));
  if (scenario.roundLevel !== null) parts.push(explainRoundNumber(scenario));
  if (scenario.hourlyZone) parts.push(explainHourlyNesting(scenario));
  if (scenario.decoy) parts.push(explainDecoy(scenario));
  if (scenario.room) parts.push(explainRoom(scenario));
  parts.push(explainAfterwards(scenario));
  return parts.filter((part) => part !== '').join(' ');
}

function explainBase(scenario: ZoneScenario): string {
  const { baseIndexes } = scenario;
  const times = baseIndexes.map((index) => timeOf(scenario, index));
  const day = newYorkWeekday(times[0] ?? 0);
  return times.length === 1
    ? `The small candle at ${newYorkClock(times[0] ?? 0)} on ${day} is the base;`
    : `The ${countWord(times.length)} small candles at ${listOfTimes(times)} on ${day} form the base;`;
}

/** A move's candles are called long when their bodies average this many average ranges. */
const LONG_BODY_IN_RANGES = 1.2;

/** The candles of the move away, from the one after the base to `moveEnd`. */
function moveCandlesOf(scenario: ZoneScenario): Candle[] {
  const { candles, baseIndexes, moveEnd } = scenario;
  return candles.slice((baseIndexes[baseIndexes.length - 1] ?? moveEnd) + 1, moveEnd + 1);
}

/** From the zone's near edge to the move's last close, in dollars. */
function moveDistance(scenario: ZoneScenario): number {
  const { candles, zone, moveEnd } = scenario;
  const close = candleAt(candles, moveEnd).close;
  return zone.type === 'demand' ? close - zone.upper : zone.lower - close;
}

function explainMove(scenario: ZoneScenario): string {
  const { zone } = scenario;
  const demand = zone.type === 'demand';
  const move = moveCandlesOf(scenario);
  const meanBody =
    move.reduce((sum, candle) => sum + Math.abs(candle.close - candle.open), 0) /
    Math.max(1, move.length);
  // Only called long when they are: on a higher-timeframe chart the 5-minute move is steady.
  const size = meanBody >= LONG_BODY_IN_RANGES * scenario.averageRange ? 'long ' : '';
  return (
    `${countWord(move.length)} ${size}${demand ? 'green' : 'red'} candles then ` +
    `left it, ${demand ? 'lifting' : 'dropping'} price ${dollars(moveDistance(scenario))} ` +
    `(${inRanges(scenario.departure)}) in ${move.length * 5} minutes.`
  );
}

function explainBounds(scenario: ZoneScenario): string {
  const { zone } = scenario;
  const wick = zone.nearSideWick;
  if (zone.type === 'demand') {
    const wickNote =
      wick !== undefined && wick > zone.upper
        ? ` (a box up to the top of its wicks, ${dollars(wick)}, is accepted too)`
        : '';
    return (
      `The zone runs from the lowest low of the base (${dollars(zone.lower)}) up to the highest ` +
      `candle body in it (${dollars(zone.upper)})${wickNote}.`
    );
  }
  const wickNote =
    wick !== undefined && wick < zone.lower
      ? ` (a box down to the bottom of its wicks, ${dollars(wick)}, is accepted too)`
      : '';
  return (
    `The zone runs from the highest high of the base (${dollars(zone.upper)}) down to the lowest ` +
    `candle body in it (${dollars(zone.lower)})${wickNote}.`
  );
}

function explainLevel(scenario: ZoneScenario): string {
  const { zone, baseIndexes } = scenario;
  const support = zone.type === 'demand';
  const times = baseIndexes.map((index) => timeOf(scenario, index));
  return (
    `Price came ${support ? 'down' : 'up'} to the same level ${countWord(times.length)} times, ` +
    `at ${listOfTimes(times)}; each time a wick reached it and ${support ? 'buyers' : 'sellers'} ` +
    `pushed price back ${support ? 'up' : 'down'}, by up to ${inRanges(scenario.departure)}. ` +
    (support
      ? `The support band runs from the lowest of those lows (${dollars(zone.lower)}) up to the ` +
        `highest of their body bottoms (${dollars(zone.upper)}): in supply and demand terms, a ` +
        'demand zone.'
      : `The resistance band runs from the highest of those highs (${dollars(zone.upper)}) down to ` +
        `the lowest of their body tops (${dollars(zone.lower)}): in supply and demand terms, a ` +
        'supply zone.')
  );
}

function explainFlip(scenario: ZoneScenario): string {
  const { zone, baseIndexes, flip, candles } = scenario;
  if (!flip) return '';
  const demand = zone.type === 'demand';
  const touches = baseIndexes.map((index) => timeOf(scenario, index));
  const broke = candleAt(candles, flip.breakIndex);
  const beyond = demand ? broke.close - zone.upper : zone.lower - broke.close;
  return (
    `${demand ? 'Sellers' : 'Buyers'} held price at ${dollars(zone.lower)} to ` +
    `${dollars(zone.upper)} ${countWord(touches.length)} times, at ${listOfTimes(touches)}. ` +
    `At ${when(scenario, flip.breakIndex)} a long ${demand ? 'green' : 'red'} candle broke ` +
    `through and closed ${dollars(beyond)} ${demand ? 'above' : 'below'} it. When price came ` +
    `back at ${newYorkClock(timeOf(scenario, flip.retestIndex))}, the old ` +
    `${demand ? 'ceiling held as a floor' : 'floor held as a ceiling'}: the candle's wick dipped ` +
    `into the band, its body closed ${demand ? 'above' : 'below'} it, and price moved ` +
    `${inRanges(scenario.departure)} away. The old ${demand ? 'resistance' : 'support'} band is ` +
    `now a ${demand ? 'demand' : 'supply'} zone.`
  );
}

function explainSmallBodies(scenario: ZoneScenario): string {
  const ratios = scenario.baseIndexes.map((index) => {
    const candle = candleAt(scenario.candles, index);
    const range = candle.high - candle.low;
    return range > 0 ? Math.abs(candle.close - candle.open) / range : 0;
  });
  const largest = Math.max(...ratios);
  return (
    `Every base candle has a small body: the largest is ${Math.round(largest * 100)}% of its own ` +
    'high-to-low range, well under half.'
  );
}

function explainRoundNumber(scenario: ZoneScenario): string {
  const level = scenario.roundLevel ?? 0;
  const who = scenario.zone.type === 'demand' ? 'buyers' : 'sellers';
  return (
    `The zone contains ${dollars(level)}, a round number, which the course's criteria count in ` +
    `its favour: the method assumes ${who} like to place orders there, a hypothesis the course ` +
    'has not measured.'
  );
}

function explainHourlyNesting(scenario: ZoneScenario): string {
  const zone = scenario.hourlyZone;
  if (!zone) return '';
  const hour = scenario.hourly[zone.hourIndex];
  const demand = scenario.zone.type === 'demand';
  return (
    `On the 1-hour chart the base sits in the ${newYorkClock(hour?.time ?? 0)} candle, a ` +
    `small-bodied hour with a long ${demand ? 'lower' : 'upper'} wick followed by ` +
    `${zone.strongHours === 1 ? 'a strong' : `${countWord(zone.strongHours)} strong`} ` +
    `${demand ? 'green' : 'red'} ${zone.strongHours === 1 ? 'hour' : 'hours'}: a 1-hour ` +
    `${demand ? 'demand' : 'supply'} zone from ` +
    `${dollars(zone.lower)} to ${dollars(zone.upper)}, with this 5-minute zone inside it.`
  );
}

function explainDecoy(scenario: ZoneScenario): string {
  const { decoy, zone } = scenario;
  if (!decoy) return '';
  const from = when(scenario, decoy.start);
  const demand = zone.type === 'demand';
  if (decoy.kind === 'long-base') {
    return (
      `The sideways stretch of ${decoy.candles} candles from ${from} before a rise is not a zone ` +
      `by the course's rules: a base has at most three candles, and in ${decoy.candles * 5} ` +
      'minutes buyers and sellers had time to fill most of the big orders.'
    );
  }
  if (decoy.kind === 'gentle-move') {
    const move = moveCandlesOf(scenario);
    return (
      `The slow ${demand ? 'climb' : 'slide'} from ${from} took ${decoy.candles} small, ` +
      `overlapping candles to cover ${dollars(decoy.upper - decoy.lower)}; the move out of this ` +
      `zone covered ${dollars(moveDistance(scenario))} in ${countWord(move.length)} long candles. ` +
      'A similar distance, a much steeper angle: that is what marks the stronger zone.'
    );
  }
  // The first candle of the visit that came back into it.
  const inside = (index: number) => {
    const candle = candleAt(scenario.candles, index);
    return candle.low <= decoy.upper && candle.high >= decoy.lower;
  };
  let cameBack = decoy.end;
  while (cameBack - 1 > decoy.start + decoy.candles + 1 && inside(cameBack - 1)) cameBack -= 1;
  return (
    `The ${demand ? 'demand' : 'supply'} zone from ${dollars(decoy.lower)} to ` +
    `${dollars(decoy.upper)} that formed at ${from} is not the answer: price had already come ` +
    `back into it at ${newYorkClock(timeOf(scenario, cameBack))}, using up part of its orders.`
  );
}

function explainRoom(scenario: ZoneScenario): string {
  const { room, zone } = scenario;
  if (!room) return '';
  const demand = zone.type === 'demand';
  const pulledEdge = demand ? room.pulled.lower : room.pulled.upper;
  const near = demand ? zone.upper : zone.lower;
  const pulled = `The ${room.pulled.type} zone from the last lesson starts at ${dollars(pulledEdge)}.`;
  const room_ =
    `${dollars(Math.abs(room.limit.price - near))} of room, about ${halves(room.roomInHeights)} ` +
    'times the zone’s height, so the zone is clean.';
  if (room.limit.kind === 'turn' && room.limit.index !== null) {
    return (
      `${pulled} Before reaching it, ${demand ? 'sellers' : 'buyers'} turned price at ` +
      `${dollars(room.limit.price)} (${when(scenario, room.limit.index)}): measured to that ` +
      `${demand ? 'top' : 'bottom'}, the nearer obstacle, from this zone's ` +
      `${demand ? 'top' : 'bottom'} at ${dollars(near)} there is ${room_}`
    );
  }
  return (
    `${pulled} From this zone's ${demand ? 'top' : 'bottom'} at ${dollars(near)} to it there ` +
    `is ${room_}`
  );
}

/**
 * The base rates a replay cites, out of 100: how fresh zones reacted at price's first return on
 * real 5-minute charts (the course's rules measured on its real sample, REAL_RATES).
 */
const REAL_REACTIONS = {
  strong: Math.round(REAL_RATES.reactions.strong.share * 100),
  weak: Math.round(REAL_RATES.reactions.weak.share * 100),
  break: Math.round(REAL_RATES.reactions.break.share * 100),
} as const;

/**
 * What price did when it came back, and what that teaches: a hold is not a promise, a weak
 * reaction is a warning, and a break is what the stop beyond the far side is for. Each cites the
 * base rate measured on real charts, so one replay is never taken for the rule.
 */
function explainAfterwards(scenario: ZoneScenario): string {
  const { zone, returnIndex, aftermath } = scenario;
  const reading = aftermath?.reading;
  if (returnIndex === null || !reading) return '';
  const demand = zone.type === 'demand';
  const level =
    scenario.concepts.includes('support') || scenario.concepts.includes('resistance')
      ? 'level'
      : 'zone';
  const fresh =
    level === 'zone' && !scenario.concepts.includes('flip')
      ? 'Up to the end of the exercise price had not come back to the zone, so it was still fresh. '
      : '';
  const cameBack =
    `${fresh}In the candles after the exercise (press Replay to watch them), price came back to ` +
    `the ${level} at ${when(scenario, returnIndex)}`;
  const far = demand ? 'below' : 'above';
  if (reading.reaction === 'strong') {
    // One definition everywhere (lessons, these words, the measured rates): a strong bounce goes
    // STRONG_BOUNCE_IN_RANGES average ranges away before any close beyond the far side.
    return (
      `${cameBack}, turned ${demand ? 'up' : 'down'} and moved ${dollars(reading.away)} away, ` +
      `${inRanges(reading.awayInRanges)} before any close ${far} it: a strong bounce ` +
      `(${STRONG_BOUNCE_IN_RANGES} average ranges or more). The ${level} held this time. Not all do: on ` +
      `real charts, ${REAL_REACTIONS.strong} in 100 fresh zones moved ${STRONG_BOUNCE_IN_RANGES} average ranges or more away ` +
      `when price first came back, and ${REAL_REACTIONS.break} in 100 broke.`
    );
  }
  if (reading.reaction === 'weak') {
    return (
      `${cameBack} and moved only ${dollars(reading.away)} away ` +
      `(${inRanges(reading.awayInRanges)}) before stalling, short of the ` +
      `${STRONG_BOUNCE_IN_RANGES} average ranges of a strong bounce: a weak reaction. ` +
      `${demand ? 'Buyers' : 'Sellers'} were still there, but fewer of them. In the zone model a ` +
      `${level} that reacts weakly has used up much of its orders and the next visit may break ` +
      'it, a hypothesis the course has not measured. On real charts a weak reaction was rare: ' +
      `${REAL_REACTIONS.weak} in 100 fresh zones at price's first return.`
    );
  }
  const broke =
    reading.breakIndex === null ? '' : ` at ${newYorkClock(timeOf(scenario, reading.breakIndex))}`;
  const alike = level === 'zone' ? 'fresh zones like this one' : 'fresh zones';
  return (
    `${cameBack}, and a candle closed ${far} it${broke}: the ${level} broke. That is the most ` +
    `common outcome: on real charts, ${alike} broke ${REAL_REACTIONS.break} ` +
    `times in 100 when price first came back. A ${level} that follows every rule can still fail. That ` +
    'is why a trade at it keeps its stop just beyond the far side, and risks only a small, ' +
    'planned amount.'
  );
}
