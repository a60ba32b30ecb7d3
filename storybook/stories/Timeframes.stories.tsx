import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HomeViews, ReplayState } from 'chart-kit';
import { STANDARD_TIMEFRAMES } from 'chart-kit/core';
import { Chart, type ChartProps, useChartEvent, useTimeframe } from 'chart-kit/react';
import { useEffect, useState } from 'react';
import { suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { exerciseZone, marketCandles, minuteCandles } from './support/market-data.js';
import {
  Controls,
  Note,
  Readout,
  StoryButton,
  StoryFrame,
  TimeframeButtons,
} from './support/StoryFrame.js';

function TimeframeMorphDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const { timeframe, timeframes, switching, setTimeframe } = useTimeframe(engine);

  useEffect(() => {
    if (!engine) return;
    // A line to show that switching keeps every line at its price.
    if (engine.lines().length === 0) engine.addLine(exerciseZone().upper);
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
      </Controls>
      <Chart {...args} series={{ '5min': marketCandles() }} onEngine={onEngine} />
      <Readout testId="timeframe">
        {switching ? 'switching…' : `showing ${timeframe ?? '-'} candles`}
      </Readout>
      <Note>
        Given <code>{"series: { '5min': candles }"}</code>, chart-kit aggregates the hourly candles
        itself (from each session&apos;s 09:30 open). <code>setTimeframe(&apos;1hr&apos;)</code>{' '}
        animates each 5-minute candle into the hour that contains it, keeps the same time in view
        and keeps the line at its price; it resolves when the morph has landed.
      </Note>
    </StoryFrame>
  );
}

const newYorkClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function AnyTimeframeDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const { timeframe, timeframes, switching, setTimeframe } = useTimeframe(engine);

  useEffect(() => {
    if (!engine) return;
    if (engine.lines().length === 0) engine.addLine(exerciseZone().upper);
  }, [engine]);

  // Read when `timeframe` changes, that is once the switch has landed.
  const first = engine?.candle(0);
  return (
    <StoryFrame>
      <Controls>
        <TimeframeButtons
          timeframes={timeframes}
          timeframe={timeframe}
          switching={switching}
          onSelect={(next) => void setTimeframe(next)}
        />
      </Controls>
      <Chart
        {...args}
        series={{ '1min': minuteCandles() }}
        timeframes={STANDARD_TIMEFRAMES}
        onEngine={onEngine}
      />
      <Readout testId="any-timeframe">
        {switching || !first
          ? 'switching…'
          : `showing ${engine?.candleCount ?? 0} ${timeframe ?? '-'} candles, the first from ` +
            `${newYorkClock.format(first.time * 1000)} New York time`}
      </Readout>
      <Note>
        <code>{"series: { '1min': candles }, timeframes: STANDARD_TIMEFRAMES"}</code> offers 1min,
        5min, 15min, 1hr, 4hr and 1D, each aggregated from the 1-minute candles session by session:
        4hr candles run 09:30-13:30 and 13:30-16:00, a 1D candle is one session, and no candle
        merges two sessions. Sessions are found from the pauses in the data (the{' '}
        <code>sessions</code> option tunes that). Any two timeframes morph into each other, several
        levels apart too, and the line keeps its price. Any whole number of minutes, hours or days
        works (<code>&apos;90min&apos;</code>, <code>&apos;2D&apos;</code>) when it is a whole
        multiple of the base series; <code>parseTimeframe</code> checks a name from outside.
      </Note>
    </StoryFrame>
  );
}

/** Each timeframe's home view around the exercise zone: its base and the move away, as times. */
function homeViewsAroundZone(): HomeViews {
  const candles = marketCandles();
  const zone = exerciseZone();
  const time = (index: number) =>
    candles[Math.min(Math.max(index, 0), candles.length - 1)]?.time ?? 0;
  const lastTime = candles.at(-1)?.time ?? 0;
  return {
    '5min': { from: time(zone.baseStart - 20), to: time(zone.moveEnd + 12) },
    // Every hour of the last three sessions up to the end.
    '1hr': { from: lastTime - 3 * 24 * 3600, to: lastTime },
  };
}

function HomeViewsDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const { timeframe, timeframes, switching, setTimeframe } = useTimeframe(engine);
  const homeViews = homeViewsAroundZone();
  return (
    <StoryFrame>
      <Controls>
        <TimeframeButtons
          timeframes={timeframes}
          timeframe={timeframe}
          switching={switching}
          onSelect={(next) => void setTimeframe(next)}
        />
        <StoryButton onClick={() => void engine?.resetView()}>Reset view</StoryButton>
      </Controls>
      <Chart
        {...args}
        series={{ '5min': marketCandles() }}
        homeViews={homeViews}
        onEngine={onEngine}
      />
      <Readout testId="home-view">
        {switching ? 'switching…' : `showing ${timeframe ?? '-'} candles from their home view`}
      </Readout>
      <Note>
        <code>{"homeViews: { '5min': { from, to }, '1hr': { from, to } }"}</code> (unix seconds, the
        first and last candle to frame) opens each timeframe on its own view: the chart opens on the
        5-minute one, a switch goes to the other timeframe&apos;s, and <code>resetView()</code> (or
        the Home key) returns to it after zooming and panning. Without home views the chart opens on
        the latest <code>initialBars</code> candles. <code>openingFrame</code> and{' '}
        <code>zonePixelHeight</code> in <code>chart-kit/core</code> compute, in Node, the frame a
        chart of a given size opens with.
      </Note>
    </StoryFrame>
  );
}

const REPLAY_IDLE: ReplayState = { status: 'idle', shown: 0, total: 0 };

function ReplayDemo({ speedMs, hiddenCandles, ...args }: ChartProps & ReplayArgs) {
  const [engine, onEngine] = useStoryEngine();
  const [replay, setReplay] = useState(REPLAY_IDLE);
  useChartEvent(engine, 'replaychange', setReplay);
  const candles = marketCandles();
  const from = candles[candles.length - 1 - hiddenCandles]?.time ?? 0;

  const play = () => {
    if (!engine) return;
    if (replay.status === 'paused') engine.resumeReplay();
    else engine.startReplay({ from, speedMs });
  };

  return (
    <StoryFrame>
      <Controls>
        <StoryButton disabled={replay.status === 'playing'} onClick={play}>
          {replay.status === 'paused' ? 'Resume' : 'Play'}
        </StoryButton>
        <StoryButton disabled={replay.status !== 'playing'} onClick={() => engine?.pauseReplay()}>
          Pause
        </StoryButton>
        <StoryButton
          disabled={replay.status === 'idle' || replay.status === 'finished'}
          onClick={() => engine?.stepReplay()}
        >
          Step
        </StoryButton>
        <StoryButton disabled={replay.status === 'idle'} onClick={() => engine?.stopReplay()}>
          Show all
        </StoryButton>
      </Controls>
      <Chart {...args} candles={candles} onEngine={onEngine} />
      <Readout testId="replay">
        {replay.status === 'idle'
          ? `idle: press Play to hide the last ${hiddenCandles} candles and replay them`
          : `${replay.status}: ${replay.shown} of ${replay.total} candles shown`}
      </Readout>
      <Note>
        <code>{'startReplay({ from, speedMs })'}</code> hides the candles after <code>from</code>{' '}
        and shows them one at a time, keeping the newest in view; <code>pauseReplay</code>,{' '}
        <code>resumeReplay</code>, <code>stepReplay</code> and <code>stopReplay</code> control it,
        and <code>replaychange</code> / <code>replayend</code> report progress. The course uses it
        after an answer to show what price did next.
      </Note>
    </StoryFrame>
  );
}

interface ReplayArgs {
  /** Milliseconds between two revealed candles. */
  speedMs: number;
  /** How many of the newest candles the replay hides and then reveals. */
  hiddenCandles: number;
}

const meta = {
  title: 'Chart/Timeframes and replay',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Time on the chart: switching between timeframes (5-minute and hourly candles, or any ' +
          'of 1min ... 1D aggregated by session) with an animated morph (`setTimeframe`), and ' +
          'replaying the candles after a moment (`startReplay`).',
      },
    },
  },
  argTypes: suppliedByStory,
  args: { height: 440, initialBars: 80, timeZone: 'America/New_York' },
} satisfies Meta<ChartProps>;

export default meta;

/** `setTimeframe('1hr')` / `setTimeframe('5min')`: a morph, not a cut; lines keep their prices. */
export const TimeframeMorph: StoryObj<typeof meta> = {
  render: (args) => <TimeframeMorphDemo {...args} />,
};

/** `timeframes: STANDARD_TIMEFRAMES` on 1-minute data: 1min ... 1D, by session, morphing between any two. */
export const AnyTimeframe: StoryObj<typeof meta> = {
  render: (args) => <AnyTimeframeDemo {...args} />,
};

/** `homeViews` per timeframe and `resetView()`: where each timeframe opens, and the way back. */
export const HomeViewsAndReset: StoryObj<typeof meta> = {
  render: (args) => <HomeViewsDemo {...args} />,
};

/** `startReplay`, pause, resume, step and stop: "what did price do next". */
export const Replay: StoryObj<ChartProps & ReplayArgs> = {
  args: { speedMs: 150, hiddenCandles: 60 },
  argTypes: {
    speedMs: { control: { type: 'range', min: 20, max: 1000, step: 10 } },
    hiddenCandles: { control: { type: 'range', min: 5, max: 200, step: 5 } },
  },
  render: (args) => <ReplayDemo {...args} />,
};
