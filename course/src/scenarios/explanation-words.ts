import type { Candle } from '@chart-kit/core';
import { newYorkUtcOffset } from '../market-sim.js';
import type { ZoneScenario } from './scenario-types.js';

// The words an explanation is written with: New York times, counts, prices in dollars.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "10:35", New York time, as the chart labels it. */
export function newYorkClock(time: number): string {
  const local = new Date((time + newYorkUtcOffset(time)) * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

export function newYorkWeekday(time: number): string {
  return WEEKDAYS[new Date((time + newYorkUtcOffset(time)) * 1000).getUTCDay()] ?? '';
}

export function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

/** "10:35", "10:35 and 10:40", "10:35, 10:40 and 10:45". */
export function listOfTimes(times: readonly number[]): string {
  const clocks = times.map(newYorkClock);
  if (clocks.length <= 1) return clocks.join('');
  return `${clocks.slice(0, -1).join(', ')} and ${clocks[clocks.length - 1] ?? ''}`;
}

export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** "4", "4.5": rounded to the nearest half. */
export function halves(amount: number): string {
  const rounded = Math.round(amount * 2) / 2;
  return rounded % 1 === 0 ? rounded.toFixed(0) : rounded.toFixed(1);
}

/** "about 4 average candle ranges", the course's yardstick for moves. */
export function inRanges(amount: number): string {
  const rounded = halves(amount);
  return `about ${rounded} average candle ${rounded === '1' ? 'range' : 'ranges'}`;
}

export function candleAt(candles: readonly Candle[], index: number): Candle {
  const candle = candles[index];
  if (candle === undefined) throw new RangeError(`no candle at index ${index}`);
  return candle;
}

export function timeOf(scenario: ZoneScenario, index: number): number {
  return candleAt(scenario.candles, index).time;
}

/** "10:35 on Tuesday". */
export function when(scenario: ZoneScenario, index: number): string {
  const time = timeOf(scenario, index);
  return `${newYorkClock(time)} on ${newYorkWeekday(time)}`;
}
