import type { RealPoolItem } from '@course/rules/real-practice';
import type { RealSessionName } from '@course/contract';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const CLOCK = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/New_York',
});

/** "AAPL, 5 June 2014". */
export function realSessionName(item: Pick<RealPoolItem, 'symbol' | 'day'>): RealSessionName {
  const name = `${item.symbol}, ${DAY.format(new Date(`${item.day}T00:00:00Z`))}`;
  return { symbol: item.symbol, day: item.day, name };
}

const clock = (time: number) => CLOCK.format(new Date(time * 1000));

/** Why the zone shown is the answer, and that the replay is what really happened. */
export function explainRealZone(item: RealPoolItem): string {
  const [best] = item.zones;
  if (!best) throw new Error(`real chart ${item.sessionId} has no zone`);
  const first = best.baseTimes[0] ?? 0;
  const last = best.baseTimes.at(-1) ?? first;
  const base =
    best.baseTimes.length === 1
      ? `a one-candle base at ${clock(first)}`
      : `a base of ${best.baseTimes.length} candles from ${clock(first)} to ${clock(last)}`;
  const others =
    item.zones.length > 1
      ? ` The rules find ${item.zones.length} fresh ${item.type} zones on this chart; marking any of them passes.`
      : '';
  return (
    `The strongest fresh ${item.type} zone the course's rules find here: ${base} (New York ` +
    `time), then a move away of ${best.departure.toFixed(1)} average candle ranges.${others} ` +
    `This is a real chart, ${realSessionName(item).name}: the replay shows what really ` +
    `happened next, to the close. On real charts most zones break; a zone is a place to watch, ` +
    `not a promise.`
  );
}
