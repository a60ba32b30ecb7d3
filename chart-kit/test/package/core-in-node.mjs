// Runs inside a consumer project that installed the packed chart-kit: plain Node, no DOM, no
// pixi.js. Aggregates a simulated session of 5-minute candles to hours and grades zones with the
// package's own `chart-kit/core`, checks the results, and prints a summary for the test to read.
import assert from 'node:assert/strict';
import {
  aggregateCandles,
  CANDLES_PER_SESSION,
  gradeZone,
  sessionOpenTime,
  simulateMarket,
  TIMEFRAMES,
  validateSeries,
} from 'chart-kit/core';

// Monday 5 January 2026: a full NYSE session from 09:30 to 16:00 New York time (14:30-21:00 UTC).
const DAY_NUMBER = Date.UTC(2026, 0, 5) / 86_400_000;
const candles = simulateMarket(
  { seed: 20260105, startPrice: 50, firstSessionDay: DAY_NUMBER },
  CANDLES_PER_SESSION,
);
validateSeries(candles);
assert.equal(candles.length, 78);
assert.equal(candles[0].time, Date.UTC(2026, 0, 5, 14, 30) / 1000);
assert.equal(sessionOpenTime(DAY_NUMBER), candles[0].time);

const hours = aggregateCandles(candles, TIMEFRAMES['1hr']);
// 09:30-09:55 makes a short first hour (6 candles), then six full hours of 12 each.
assert.deepEqual(
  hours.map((hour) => new Date(hour.time * 1000).toISOString().slice(11, 16)),
  ['14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'],
);
for (const hour of hours) {
  const inside = candles.filter((c) => c.time >= hour.time && c.time < hour.time + 3600);
  assert.equal(inside.length, hour.time === hours[0].time ? 6 : 12);
  assert.equal(hour.open, inside[0].open);
  assert.equal(hour.close, inside.at(-1).close);
  assert.equal(hour.high, Math.max(...inside.map((c) => c.high)));
  assert.equal(hour.low, Math.min(...inside.map((c) => c.low)));
  assert.equal(
    hour.volume,
    inside.reduce((sum, c) => sum + c.volume, 0),
  );
}

// The course's rule: both lines inside the zone (in either order), with a little slack.
const zone = { upper: 50.8, lower: 50.2 };
const inside = gradeZone([50.75, 50.25], zone);
const tooHigh = gradeZone([51.6, 51.2], zone);
const oneBelow = gradeZone([50.7, 49.5], zone);
assert.deepEqual([inside.pass, inside.reason], [true, 'pass']);
assert.deepEqual([tooHigh.pass, tooHigh.reason], [false, 'too-high']);
assert.deepEqual(
  [oneBelow.pass, oneBelow.reason, oneBelow.outside],
  [false, 'one-line-outside', 'below'],
);
for (const result of [inside, tooHigh, oneBelow]) assert.ok(result.feedback.length > 20);

console.log(
  JSON.stringify({
    fiveMinute: candles.length,
    hourly: hours.length,
    sessionHigh: Math.max(...hours.map((h) => h.high)),
    grades: [inside.reason, tooHigh.reason, oneBelow.reason],
  }),
);
