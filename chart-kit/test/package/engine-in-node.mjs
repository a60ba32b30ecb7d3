// Runs inside a consumer project that installed the packed chart-kit: plain Node, no DOM. The
// engine's entries load without a browser (pixi.js is imported only when a chart needs WebGL),
// and a React page holding a <Chart> renders on the server to its box, which the chart fills
// once it mounts in the browser. Prints a summary for the test to read.
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ChartEngine, DARK_THEME } from 'chart-kit';
import { Chart } from 'chart-kit/react';

assert.equal(typeof document, 'undefined');
assert.equal(typeof ChartEngine.create, 'function');

const candles = [
  { time: 1_700_000_000, open: 100, high: 101, low: 99.5, close: 100.8 },
  { time: 1_700_000_300, open: 100.8, high: 101.4, low: 100.2, close: 100.4 },
  { time: 1_700_000_600, open: 100.4, high: 100.9, low: 99.8, close: 100.6 },
];
const html = renderToString(
  createElement(
    'main',
    null,
    createElement('h1', null, 'A chart rendered on the server'),
    createElement(Chart, { candles, height: 320, label: 'Server chart', theme: DARK_THEME }),
  ),
);
console.log(
  JSON.stringify({
    heading: html.includes('<h1>A chart rendered on the server</h1>'),
    box: /<div style="position:relative;[^"]*height:320px/.test(html),
    canvas: html.includes('<canvas'),
  }),
);
