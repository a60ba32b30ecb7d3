import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Illustration } from '../api/index.js';
import { illustrationCandles, illustrationTime } from '../exercise/chart-series.js';

// The picture's drawing code (chart-kit's views and Canvas 2D painter, about 35 KB gzipped) loads
// beside the lesson instead of before it: the title and text, a phone's first and largest paint,
// do not wait for it. Its box keeps its size meanwhile, so nothing moves when it draws.
const ChartPicture = lazy(async () => ({
  default: (await import('chart-kit/react/picture')).ChartPicture,
}));

/** Multi-frame illustrations step every second (spec, section 9). */
export const ILLUSTRATION_FRAME_MS = 1000;

interface IllustrationChartProps {
  illustration: Illustration;
  height?: number;
}

/**
 * A lesson's picture, drawn by chart-kit from a few candles; three frames cycle. It is an image,
 * not a control: out of the tab order (the exercise chart is the first chart Tab reaches) and
 * deaf to clicks and keys. Drawn with Canvas 2D: a text lesson loads neither pixi.js nor a WebGL
 * context for it.
 */
export function IllustrationChart({ illustration, height = 300 }: IllustrationChartProps) {
  const { frames, caption } = illustration;
  const [frameIndex, setFrameIndex] = useState(0);
  const frame = frames[frameIndex % Math.max(1, frames.length)];
  const candles = useMemo(() => (frame ? illustrationCandles(frame.candles) : []), [frame]);
  // Every frame on the same slots, from the first candle on, with one empty slot after the
  // longest frame: a frame that adds candles grows to the right instead of scrolling.
  const slots = Math.max(8, ...frames.map((each) => each.candles.length + 1));
  const homeView = useMemo(() => ({ fromIndex: -0.5, toIndex: slots - 0.5 }), [slots]);
  const marks = useMemo(
    () => ({
      lines: frame?.lines ?? [],
      zone: frame?.zone && { lower: frame.zone[0], upper: frame.zone[1] },
      highlight: (frame?.highlight ?? []).map(illustrationTime),
    }),
    [frame],
  );

  useEffect(() => {
    if (frames.length < 2) return;
    const timer = setInterval(
      () => setFrameIndex((index) => (index + 1) % frames.length),
      ILLUSTRATION_FRAME_MS,
    );
    return () => clearInterval(timer);
  }, [frames.length]);

  if (!frame) return null;
  return (
    <figure className="illustration">
      <Suspense fallback={<div style={{ position: 'relative', width: '100%', height }} />}>
        <ChartPicture
          candles={candles}
          height={height}
          homeView={homeView}
          lines={marks.lines}
          zone={marks.zone}
          highlight={marks.highlight}
          label={caption}
        />
      </Suspense>
      <figcaption className="illustration__caption">
        {frame.label && <strong>{frame.label}. </strong>}
        {caption}
        {frames.length > 1 && (
          <span className="muted">
            {' '}
            (step {frameIndex + 1} of {frames.length})
          </span>
        )}
      </figcaption>
    </figure>
  );
}
