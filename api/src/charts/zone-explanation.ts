import { newYorkUtcOffset, periodStart, TIMEFRAMES, type Candle } from 'chart-kit/core';
import type { ZoneScenario } from './zone-scenario.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "10:35", New York time, as the chart labels it. */
export function newYorkClock(time: number): string {
  const local = new Date((time + newYorkUtcOffset(time)) * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

function newYorkWeekday(time: number): string {
  return WEEKDAYS[new Date((time + newYorkUtcOffset(time)) * 1000).getUTCDay()] ?? '';
}

function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

/** "10:35", "10:35 and 10:40", "10:35, 10:40 and 10:45". */
function listOfTimes(times: readonly number[]): string {
  const clocks = times.map(newYorkClock);
  if (clocks.length <= 1) return clocks.join('');
  return `${clocks.slice(0, -1).join(', ')} and ${clocks[clocks.length - 1] ?? ''}`;
}

function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

function candleAt(candles: readonly Candle[], index: number): Candle {
  const candle = candles[index];
  if (candle === undefined) throw new RangeError(`no candle at index ${index}`);
  return candle;
}

/**
 * Why the planted zone is the zone, in plain English for a beginner, naming the base candles by
 * their New York time (as the chart's time axis shows them).
 */
export function explainZone(scenario: ZoneScenario): string {
  const { candles, zone, baseIndexes, moveEnd, returnIndex } = scenario;
  const demand = zone.type === 'demand';
  const baseTimes = baseIndexes.map((index) => candleAt(candles, index).time);
  const firstBase = baseTimes[0] ?? 0;
  const day = newYorkWeekday(firstBase);

  const base =
    baseTimes.length === 1
      ? `The small candle at ${newYorkClock(firstBase)} on ${day} is the base`
      : `The ${countWord(baseTimes.length)} small candles at ${listOfTimes(baseTimes)} on ${day} ` +
        'form the base';
  const moveCount = moveEnd - (baseIndexes[baseIndexes.length - 1] ?? moveEnd);
  const moveDistance = demand
    ? candleAt(candles, moveEnd).close - zone.upper
    : zone.lower - candleAt(candles, moveEnd).close;
  const move =
    `${countWord(moveCount)} large ${demand ? 'green' : 'red'} candles then left it fast, ` +
    `${demand ? 'lifting' : 'dropping'} price ${dollars(moveDistance)} in ${moveCount * 5} minutes.`;
  const bounds = demand
    ? `The zone runs from the lowest low of the base (${dollars(zone.lower)}) up to the highest ` +
      `candle body in it (${dollars(zone.upper)}).`
    : `The zone runs from the highest high of the base (${dollars(zone.upper)}) down to the ` +
      `lowest candle body in it (${dollars(zone.lower)}).`;
  const fresh = 'Price had not been back since, so the zone was still fresh.';
  const level =
    scenario.roundLevel === null
      ? ''
      : demand
        ? ` Its bottom sits just above ${dollars(scenario.roundLevel)}, a round number where ` +
          'buyers like to wait, which makes the zone even more likely to hold.'
        : ` Its top sits just under ${dollars(scenario.roundLevel)}, a round number where ` +
          'sellers like to wait, which makes the zone even more likely to hold.';
  const returnTime = candleAt(candles, returnIndex).time;
  const reaction =
    `When price came back at ${newYorkClock(returnTime)} on ${newYorkWeekday(returnTime)}, ` +
    `it turned ${demand ? 'up' : 'down'} and moved ${dollars(scenario.reaction)} away from the zone.`;
  return `${base}; ${move} ${bounds} ${fresh}${level} ${reaction}`;
}

/** Start times of the 1-hour candles that contain the base candles. */
export function hourlyBaseTimes(scenario: ZoneScenario): number[] {
  const hours = scenario.baseIndexes.map((index) =>
    periodStart(candleAt(scenario.candles, index).time, TIMEFRAMES['1hr']),
  );
  return [...new Set(hours)];
}

/** The same explanation, led by where the base sits on the 1-hour chart. */
export function explainHourlyZone(scenario: ZoneScenario): string {
  const hours = hourlyBaseTimes(scenario);
  const where =
    hours.length === 1
      ? `On the 1-hour chart the whole base sits inside the ${newYorkClock(hours[0] ?? 0)} candle.`
      : `On the 1-hour chart the base spans the ${listOfTimes(hours)} candles.`;
  return `${where} On the 5-minute chart: ${explainZone(scenario)}`;
}
