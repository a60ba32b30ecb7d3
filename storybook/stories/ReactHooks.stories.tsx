import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChartEngine } from 'chart-kit';
import type { Candle } from 'chart-kit/core';
import { gradeZone } from '@course/rules';
import {
  Chart,
  useChart,
  useChartEvent,
  useReplay,
  useTimeframe,
  useZoneDrawing,
} from 'chart-kit/react';
import { useEffect, useState } from 'react';
import { exposeEngine } from './support/expose-engine.js';
import { exerciseZone, marketCandles } from './support/market-data.js';
import {
  Controls,
  Note,
  Readout,
  StoryButton,
  StoryFrame,
  TimeframeButtons,
} from './support/StoryFrame.js';

/** A copy of `candles` with one whose high is below its body: data a chart must refuse. */
function withImpossibleCandle(candles: readonly Candle[]): Candle[] {
  return candles.map((candle, index) =>
    index === 10 ? { ...candle, high: Math.min(candle.open, candle.close) - 1 } : candle,
  );
}

/** The exercise screen in a few lines: useChart for the engine, useZoneDrawing for the answer. */
function ZoneDrawingHooks({ maxLines }: { maxLines: number }) {
  const [candles, setCandles] = useState(marketCandles);
  const { containerRef, engine, error } = useChart({
    candles,
    timeZone: 'America/New_York',
    label: 'Exercise chart',
  });
  const { lines, zone, tool, startDrawing, clearLines } = useZoneDrawing(engine, { maxLines });
  const [crosshairPrice, setCrosshairPrice] = useState<number>();
  useChartEvent(engine, 'crosshairmove', (info) => setCrosshairPrice(info?.price));

  useEffect(() => {
    exposeEngine(engine);
    startDrawing();
  }, [engine, startDrawing]);

  const grade = zone && gradeZone([zone.upper, zone.lower], exerciseZone());
  return (
    <StoryFrame>
      <Controls>
        <StoryButton pressed={tool === 'line'} onClick={startDrawing}>
          Draw the zone
        </StoryButton>
        <StoryButton onClick={clearLines}>Clear</StoryButton>
        <StoryButton onClick={() => setCandles(withImpossibleCandle(marketCandles()))}>
          Load a bad candle
        </StoryButton>
        <StoryButton onClick={() => setCandles(marketCandles())}>Load good candles</StoryButton>
      </Controls>
      <div ref={containerRef} style={{ position: 'relative', width: '100%', height: 400 }} />
      {error?.kind === 'data' && (
        <p role="alert">
          Refused: candle {error.index} ({error.problem}). The chart keeps the candles it had.
        </p>
      )}
      {error && error.kind !== 'data' && <p role="alert">{error.message}</p>}
      <Readout testId="zone">
        {zone
          ? `zone ${zone.lower.toFixed(2)} – ${zone.upper.toFixed(2)}: ${grade?.feedback ?? ''}`
          : `${lines.length} of ${maxLines} lines`}
      </Readout>
      <Readout testId="crosshair-price">
        {crosshairPrice === undefined ? '' : `pointer at ${crosshairPrice.toFixed(2)}`}
      </Readout>
      <Note>
        <code>useChart(options)</code> creates the engine in the element of{' '}
        <code>containerRef</code> and destroys it on unmount (safe under StrictMode).{' '}
        <code>useZoneDrawing(engine, {'{ maxLines }'})</code> returns the lines, the zone between
        the first two and actions; <code>useChartEvent</code> subscribes to any engine event.
      </Note>
    </StoryFrame>
  );
}

/** useTimeframe and useReplay on a `<Chart>`: state and actions, no engine calls by hand. */
function TimeframeAndReplayHooks() {
  const [engine, setEngine] = useState<ChartEngine>();
  const { timeframe, timeframes, switching, setTimeframe } = useTimeframe(engine);
  const { state, start, pause, resume } = useReplay(engine);
  const candles = marketCandles();
  useEffect(() => {
    exposeEngine(engine);
  }, [engine]);

  return (
    <StoryFrame>
      <Controls>
        <TimeframeButtons
          timeframes={timeframes}
          timeframe={timeframe}
          switching={switching}
          onSelect={(next) => void setTimeframe(next)}
        />
        <StoryButton
          onClick={() =>
            state.status === 'paused'
              ? resume()
              : start({ from: candles[candles.length - 40]?.time ?? 0, speedMs: 150 })
          }
          disabled={state.status === 'playing'}
        >
          {state.status === 'paused' ? 'Resume replay' : 'Replay the last 40 candles'}
        </StoryButton>
        <StoryButton onClick={pause} disabled={state.status !== 'playing'}>
          Pause
        </StoryButton>
      </Controls>
      <Chart
        series={{ '5min': candles }}
        height={400}
        timeZone="America/New_York"
        onEngine={setEngine}
      />
      <Readout testId="hooks-state">
        {`timeframe ${timeframe ?? '-'}${switching ? ' (switching)' : ''}; replay ${state.status}` +
          (state.total > 0 ? ` ${state.shown}/${state.total}` : '')}
      </Readout>
      <Note>
        <code>useTimeframe(engine)</code> gives the timeframe, the ones available and{' '}
        <code>setTimeframe</code> (a promise that resolves when the morph lands);{' '}
        <code>useReplay(engine)</code> gives the replay state and its controls. The engine comes
        from <code>{'<Chart onEngine={setEngine} />'}</code>.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'React hooks',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`chart-kit/react`: `useChart`, `<Chart>`, `useLines` / `useZoneDrawing`, ' +
          '`useTimeframe`, `useReplay` and `useChartEvent`. Each hook takes the engine (undefined ' +
          'until the chart is ready) and re-renders on the engine events it depends on.',
      },
    },
  },
} satisfies Meta<typeof Chart>;

export default meta;

/** useChart + useZoneDrawing + useChartEvent + gradeZone: an exercise in one component. */
export const UseZoneDrawing: StoryObj<{ maxLines: number }> = {
  args: { maxLines: 2 },
  argTypes: { maxLines: { control: { type: 'number', min: 1, max: 5 } } },
  render: ({ maxLines }) => <ZoneDrawingHooks maxLines={maxLines} />,
};

/** useTimeframe + useReplay driving a `<Chart>`. */
export const UseTimeframeAndUseReplay: StoryObj = {
  render: () => <TimeframeAndReplayHooks />,
};
