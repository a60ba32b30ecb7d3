import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chart, type ChartProps } from 'chart-kit/react';
import type { ChartEngine } from 'chart-kit';
import type { Candle } from 'chart-kit/core';
import { useCallback, useState } from 'react';
import { suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { randomWalkCandles } from './support/market-data.js';
import { Controls, Note, Readout, StoryButton, StoryFrame } from './support/StoryFrame.js';

interface MillionArgs {
  candleCount: number;
  seed: number;
}

interface GeneratedCandles {
  candles: Candle[];
  generationMs: number;
  /** `performance.now()` when the candles were ready. */
  generatedAt: number;
}

/** A Storybook loader: the candles are made before the story renders, and timed. */
function generateCandles({ args }: { args: MillionArgs }): { million: GeneratedCandles } {
  const start = performance.now();
  const candles = randomWalkCandles(args.candleCount, args.seed);
  const generatedAt = performance.now();
  return { million: { candles, generationMs: generatedAt - start, generatedAt } };
}

function MillionCandlesDemo({
  million: { candles, generationMs, generatedAt },
  ...args
}: ChartProps & { million: GeneratedCandles }) {
  const [engine, onEngine] = useStoryEngine();
  const [readyAfterMs, setReadyAfterMs] = useState<number>();
  const candleCount = candles.length;

  const onChartEngine = useCallback(
    (next: ChartEngine | undefined) => {
      if (next) setReadyAfterMs((measured) => measured ?? performance.now() - generatedAt);
      onEngine(next);
    },
    [onEngine, generatedAt],
  );

  return (
    <StoryFrame>
      <Controls>
        <StoryButton
          onClick={() => engine?.setViewport({ fromIndex: -0.5, toIndex: candleCount - 0.5 })}
        >
          Show all {candleCount.toLocaleString('en-US')}
        </StoryButton>
        <StoryButton
          onClick={() =>
            engine?.setViewport({ fromIndex: candleCount - 120.5, toIndex: candleCount + 2 })
          }
        >
          Latest 120
        </StoryButton>
      </Controls>
      <Chart {...args} candles={candles} onEngine={onChartEngine} />
      <Readout testId="million">
        {`${candles.length.toLocaleString('en-US')} candles generated in ${generationMs.toFixed(0)} ms` +
          (readyAfterMs === undefined
            ? ''
            : `; first frame drawn ${readyAfterMs.toFixed(0)} ms later`)}
      </Readout>
      <Note>
        Drag and wheel freely, or press Show all: chart-kit draws from a level-of-detail pyramid, so
        it never draws more than one column of candles per device pixel however many candles are in
        view. The candles are a seeded random walk, generated in one loop so the story opens
        quickly.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Performance',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A million five-minute candles (about nine and a half years around the clock) in one ' +
          '`<Chart>`: first frame, panning and zooming stay fast because the engine draws from a ' +
          'level-of-detail pyramid built once when the data is set.',
      },
    },
  },
  argTypes: {
    ...suppliedByStory,
    candleCount: { control: { type: 'select' }, options: [10_000, 100_000, 1_000_000] },
  },
  args: { height: 440, initialBars: 200, candleCount: 1_000_000, seed: 1 },
} satisfies Meta<ChartProps & MillionArgs>;

export default meta;

/** One million candles, generated quickly and deterministically; pan and zoom stay smooth. */
export const OneMillionCandles: StoryObj<ChartProps & MillionArgs> = {
  loaders: [generateCandles],
  render: ({ candleCount: _count, seed: _seed, ...args }, { loaded }) => (
    <MillionCandlesDemo
      key={String(args.initialBars)}
      {...args}
      million={(loaded as { million: GeneratedCandles }).million}
    />
  ),
};
