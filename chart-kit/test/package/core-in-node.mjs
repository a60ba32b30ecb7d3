// Runs inside a consumer project that installed the packed chart-kit and @chart-kit/core: plain
// Node, no DOM, no pixi.js. Builds a session of 5-minute candles from a formula, validates it,
// aggregates it to hours and maps prices and pointers with the chart's scales and hit-testing,
// checks the results, and prints a summary for the test to read.
import assert from 'node:assert/strict';
import * as core from '@chart-kit/core';
import * as viaChartKit from 'chart-kit/core';

const {
  aggregateCandles,
  candleIndexAtX,
  createIndexScale,
  createPriceScale,
  hitTestLine,
  priceAtY,
  SeriesError,
  snapToCandle,
  TIMEFRAMES,
  validateSeries,
} = core;

// `chart-kit/core` is @chart-kit/core re-exported unchanged: the same functions, not a second copy.
assert.deepEqual(Object.keys(viaChartKit).sort(), Object.keys(core).sort());
for (const [name, value] of Object.entries(core)) assert.equal(viaChartKit[name], value, name);

// Monday 5 January 2026: a New York session from 09:30 to 16:00 (14:30-21:00 UTC), 78 candles.
const SESSION_OPEN = Date.UTC(2026, 0, 5, 14, 30) / 1000;
const FIVE_MINUTES = TIMEFRAMES['5min'];
const cents = (price) => Math.round(price * 100) / 100;
const candles = [];
let previousClose = 50;
for (let index = 0; index < 78; index++) {
  const open = previousClose;
  const close = cents(50 + 0.8 * Math.sin(index / 7) + 0.3 * Math.sin(index / 2.3));
  candles.push({
    time: SESSION_OPEN + index * FIVE_MINUTES,
    open,
    high: cents(Math.max(open, close) + 0.05 + 0.03 * (index % 4)),
    low: cents(Math.min(open, close) - 0.04 - 0.02 * (index % 3)),
    close,
    volume: 1000 + 37 * ((index * 7) % 13),
  });
  previousClose = close;
}
validateSeries(candles);
assert.throws(
  () => validateSeries([candles[1], candles[0]]),
  (error) => error instanceof SeriesError && error.index === 1,
);

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

// A 780 x 400 px plot: the whole session edge to edge, the day's range bottom to top.
const sessionHigh = Math.max(...hours.map((h) => h.high));
const sessionLow = Math.min(...hours.map((h) => h.low));
const priceScale = createPriceScale([sessionLow, sessionHigh], [400, 0]);
const indexScale = createIndexScale({ fromIndex: -0.5, toIndex: 77.5 }, [0, 780]);
assert.equal(priceScale(sessionHigh), 0);
assert.equal(priceAtY(200, priceScale, 0.01), cents((sessionLow + sessionHigh) / 2));

// A pointer 3 px from a line picks it; one at the top of the plot, far from both, picks none.
const lines = [
  { id: 'zone-top', price: 50.6 },
  { id: 'zone-bottom', price: 50.2 },
];
const lineHit = hitTestLine(lines, priceScale(50.6) + 3, priceScale)?.id;
const lineMiss = hitTestLine(lines, 0, priceScale)?.id;
const candlesUnderPointer = [5, 775, 795].map((x) => candleIndexAtX(x, indexScale, 78) ?? null);
// The magnet pulls a price 2 px above a candle's high onto the high.
const pricePerPixel = (sessionHigh - sessionLow) / 400;
const snap = snapToCandle(candles[40].high + 2 * pricePerPixel, candles[40], 6, priceScale);
assert.equal(snap.price, candles[40].high);

console.log(
  JSON.stringify({
    fiveMinute: candles.length,
    hourly: hours.length,
    sessionHigh,
    lineHit,
    lineMiss: lineMiss ?? null,
    candlesUnderPointer,
    snappedTo: snap.snappedTo,
  }),
);
