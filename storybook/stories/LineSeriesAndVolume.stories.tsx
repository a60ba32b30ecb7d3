import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LineSeriesOptions } from 'chart-kit';
import type { Candle, LinePoint } from 'chart-kit/core';
import { Chart, type ChartProps, useChartEvent } from 'chart-kit/react';
import { useMemo, useState } from 'react';
import { creationKey, suppliedByStory } from './support/args.js';
import { exposeEngine, useStoryEngine } from './support/expose-engine.js';
import { marketCandles, randomWalkCandles } from './support/market-data.js';
import { Controls, Note, Readout, StoryButton, StoryFrame } from './support/StoryFrame.js';

/**
 * The simple moving average of the closes over `length` candles, one point per candle from the
 * first full window. chart-kit draws lines; computing an indicator is the application's (a few
 * lines, as here).
 */
function movingAverage(candles: readonly Candle[], length: number): LinePoint[] {
  const points: LinePoint[] = [];
  let sum = 0;
  for (let i = 0; i < candles.length; i++) {
    sum += (candles[i]?.close ?? 0) - (i >= length ? (candles[i - length]?.close ?? 0) : 0);
    if (i >= length - 1) points.push({ time: candles[i]?.time ?? 0, value: sum / length });
  }
  return points;
}

/** The two averages' colours (any CSS colour, or a 0xRRGGBB number). */
const MA20_COLOR = '#42a5f5';
const MA50_COLOR = 'rgb(224 64 251)';

interface AverageArgs {
  lineWidth: number;
  showSlowAverage: boolean;
}

function MovingAverageDemo({ lineWidth, showSlowAverage, ...args }: ChartProps & AverageArgs) {
  const candles = marketCandles();
  const [engine, onEngine] = useStoryEngine();
  const [readout, setReadout] = useState('');
  useChartEvent(engine, 'crosshairmove', () => {
    setReadout(engine?.readout ?? '');
  });
  // Points kept in a memo: a line series is set again only when its array (or options) change.
  const fast = useMemo(() => movingAverage(candles, 20), [candles]);
  const slow = useMemo(() => movingAverage(candles, 50), [candles]);
  const lineSeries = useMemo((): LineSeriesOptions[] => {
    const lines: LineSeriesOptions[] = [
      { id: 'ma20', label: 'MA 20', points: fast, color: MA20_COLOR, width: lineWidth },
    ];
    if (showSlowAverage) {
      lines.push({ id: 'ma50', label: 'MA 50', points: slow, color: MA50_COLOR, width: lineWidth });
    }
    return lines;
  }, [fast, slow, lineWidth, showSlowAverage]);
  return (
    <StoryFrame>
      <Chart {...args} candles={candles} lineSeries={lineSeries} onEngine={onEngine} />
      <Readout testId="line-readout">{readout || 'Move the pointer over a candle.'}</Readout>
      <Note>
        <code>lineSeries</code> draws lines over the candles on their price scale, here the 20- and
        50-candle simple moving averages of the closes (computed by the story from the candles). The
        price scale keeps them in view (<code>fitPriceScale: false</code> leaves a line out of it);
        the crosshair&apos;s readout and the screen reader give their values on the candle under it.
        On an engine: <code>setLineSeries(options)</code> adds or replaces a line by its{' '}
        <code>id</code>, <code>removeLineSeries(id)</code> removes it.
      </Note>
    </StoryFrame>
  );
}

interface VolumeArgs {
  heightShare: number;
}

function VolumeDemo({ heightShare, ...args }: ChartProps & VolumeArgs) {
  const [shown, setShown] = useState(true);
  return (
    <StoryFrame>
      <Controls>
        <StoryButton onClick={() => setShown((on) => !on)}>
          {shown ? 'Hide volume' : 'Show volume'}
        </StoryButton>
      </Controls>
      <Chart
        {...args}
        candles={marketCandles()}
        volume={shown ? { heightShare } : false}
        onEngine={exposeEngine}
      />
      <Note>
        <code>volume</code> draws each candle&apos;s <code>volume</code> as a bar in a strip of its
        own below the candles (a fifth of the plot by default, <code>heightShare</code> to change
        it), in the theme&apos;s up and down colours, on a scale fitted to the largest volume in
        view (written on the price axis). The bars share the candles&apos; columns and time axis;
        zoomed out, a column shows the largest volume of the candles it merges.
      </Note>
    </StoryFrame>
  );
}

interface MillionLine {
  candles: Candle[];
  average: LinePoint[];
}

/** A Storybook loader: a million candles and their 200-candle average, made before rendering. */
function millionWithAverage(): { million: MillionLine } {
  const candles = randomWalkCandles(1_000_000, 7);
  return { million: { candles, average: movingAverage(candles, 200) } };
}

function MillionPointLineDemo({ million, ...args }: ChartProps & { million: MillionLine }) {
  const [engine, onEngine] = useStoryEngine();
  const { candles, average } = million;
  const lineSeries = useMemo(
    (): LineSeriesOptions[] => [
      { id: 'ma200', label: 'MA 200', points: average, color: MA20_COLOR },
    ],
    [average],
  );
  const count = candles.length;
  return (
    <StoryFrame>
      <Controls>
        <StoryButton onClick={() => engine?.setViewport({ fromIndex: -0.5, toIndex: count - 0.5 })}>
          Show all {count.toLocaleString('en-US')}
        </StoryButton>
      </Controls>
      <Chart {...args} candles={candles} lineSeries={lineSeries} onEngine={onEngine} />
      <Note>
        A line of {average.length.toLocaleString('en-US')} points over a million candles. However
        many points are in view, each device pixel column of the plot draws at most four vertices of
        the line: the first, lowest, highest and last value of the points in it, read from a min/max
        pyramid built when the line is set, so panning and zooming stay smooth and a spike never
        disappears.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Line series and volume',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Lines over the candles (moving averages or any `{ time, value }` points) with ' +
          '`lineSeries`, and the candles\u2019 volume as a histogram below them with `volume`. ' +
          'Both draw the same on Canvas 2D and WebGL. The candles are the course\u2019s seeded ' +
          'market simulator\u2019s (`@course/rules`, not part of chart-kit), volume included.',
      },
    },
  },
  argTypes: { ...suppliedByStory, lineSeries: { control: false }, volume: { control: false } },
  args: { height: 460, initialBars: 120, timeZone: 'America/New_York' },
} satisfies Meta<ChartProps>;

export default meta;

/** Two simple moving averages over the candles, with their values in the crosshair's readout. */
export const MovingAverage: StoryObj<ChartProps & AverageArgs> = {
  args: {
    lineWidth: 2,
    showSlowAverage: true,
    label: 'Five-minute candles with two moving averages',
  },
  argTypes: { lineWidth: { control: { type: 'range', min: 0.5, max: 6, step: 0.5 } } },
  render: (args) => <MovingAverageDemo key={creationKey(args)} {...args} />,
};

/** Volume bars in a strip of their own below the candles; the button turns them off and on. */
export const Volume: StoryObj<ChartProps & VolumeArgs> = {
  args: { heightShare: 0.2, label: 'Five-minute candles with their volume below' },
  argTypes: { heightShare: { control: { type: 'range', min: 0.05, max: 0.5, step: 0.05 } } },
  render: (args) => <VolumeDemo key={creationKey(args)} {...args} />,
};

/** A moving average of a million points over a million candles, drawn a few vertices a pixel. */
export const MillionPointLine: StoryObj<ChartProps> = {
  args: { initialBars: 2000, label: 'A million candles with their 200-candle average' },
  loaders: [millionWithAverage],
  render: (args, { loaded }) => (
    <MillionPointLineDemo
      key={creationKey(args)}
      {...args}
      million={(loaded as { million: MillionLine }).million}
    />
  ),
};
