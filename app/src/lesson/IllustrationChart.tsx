import type { ChartEngine } from 'chart-kit';
import { LazyChart } from '../exercise/LazyChart.js';
import { useEffect, useMemo, useState } from 'react';
import type { Illustration } from '../api/index.js';
import { illustrationCandles, illustrationTime } from '../exercise/chart-series.js';

/** Multi-frame illustrations step every second (spec, section 9). */
export const ILLUSTRATION_FRAME_MS = 1000;

interface IllustrationChartProps {
  illustration: Illustration;
  height?: number;
}

/**
 * A lesson's picture, drawn by chart-kit from a few candles; three frames cycle. It is an image,
 * not a control: out of the tab order (the exercise chart is the first chart Tab reaches) and
 * deaf to clicks and keys.
 */
export function IllustrationChart({ illustration, height = 300 }: IllustrationChartProps) {
  const { frames, caption } = illustration;
  const [frameIndex, setFrameIndex] = useState(0);
  const [engine, setEngine] = useState<ChartEngine>();
  const frame = frames[frameIndex % Math.max(1, frames.length)];
  const candles = useMemo(() => (frame ? illustrationCandles(frame.candles) : []), [frame]);
  // Every frame on the same slots, from the first candle on, with one empty slot after the
  // longest frame: a frame that adds candles grows to the right instead of scrolling.
  const slots = Math.max(8, ...frames.map((each) => each.candles.length + 1));
  const homeView = useMemo(() => ({ fromIndex: -0.5, toIndex: slots - 0.5 }), [slots]);

  useEffect(() => {
    if (frames.length < 2) return;
    const timer = setInterval(
      () => setFrameIndex((index) => (index + 1) % frames.length),
      ILLUSTRATION_FRAME_MS,
    );
    return () => clearInterval(timer);
  }, [frames.length]);

  useEffect(() => {
    if (!engine || !frame) return;
    engine.setPulledLines(frame.lines ?? []);
    if (frame.zone) {
      const [lower, upper] = frame.zone;
      void engine.revealZone({ lower, upper }, { animate: false });
    } else {
      engine.clearRevealedZone();
    }
    engine.highlightCandles((frame.highlight ?? []).map(illustrationTime));
  }, [engine, frame]);

  if (!frame) return null;
  return (
    <figure className="illustration">
      <LazyChart
        candles={candles}
        height={height}
        homeView={homeView}
        label={caption}
        interactive={false}
        onEngine={setEngine}
      />
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
