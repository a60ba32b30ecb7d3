// `chart-kit/core`: the chart's pure maths (candles, aggregation, scales, level of detail,
// hit-testing, viewport, time axis, framing), kept in its own package so that code which never
// draws (a server framing an exercise) can use it without chart-kit's renderer and its pixi.js peer.
export * from '@chart-kit/core';
