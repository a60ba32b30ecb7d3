import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CrosshairInfo } from 'chart-kit';
import { Chart, type ChartProps, useChartEvent } from 'chart-kit/react';
import { useState } from 'react';
import {
  creationKey,
  suppliedByStory,
  THEMES,
  type ThemeName,
  themeNameArgType,
} from './support/args.js';
import { exposeEngine, useStoryEngine } from './support/expose-engine.js';
import { marketCandles } from './support/market-data.js';
import { Note, Readout, StoryFrame } from './support/StoryFrame.js';

type BasicsArgs = ChartProps & { themeName: ThemeName };

const meta = {
  title: 'Chart/Basics',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          '`<Chart>` from `chart-kit/react` draws candles into a box of the given size (Canvas ' +
          '2D at once, WebGL where it helps; see the `renderer` option). Pass `candles` (one ' +
          'series) or `series` (5min and 1hr). Drag to pan, use ' +
          'the wheel to zoom at the pointer. The data here is ten New York sessions from the ' +
          "course's seeded market simulator (`simulateMarket` in `@course/rules`, not part of " +
          'chart-kit): the chart draws whatever candles it is given.',
      },
    },
  },
  argTypes: { themeName: themeNameArgType, ...suppliedByStory },
  args: {
    themeName: 'dark',
    height: 460,
    initialBars: 80,
    timeZone: 'America/New_York',
    label: 'Five-minute candles of a simulated stock',
  },
  render: ({ themeName, ...args }) => (
    <StoryFrame light={themeName === 'light'}>
      <Chart
        key={creationKey(args)}
        {...args}
        theme={THEMES[themeName]}
        candles={marketCandles()}
        onEngine={exposeEngine}
      />
    </StoryFrame>
  ),
} satisfies Meta<BasicsArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The course's dark chart: background #13131F, up candles #26a69a, down candles #ef5350. */
export const DarkCandles: Story = {};

/** `theme={LIGHT_THEME}`: the same chart on white. The theme can change on a live chart. */
export const LightTheme: Story = {
  args: { themeName: 'light' },
  globals: { backgrounds: { value: 'light' } },
};

function CrosshairDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const [info, setInfo] = useState<CrosshairInfo | null>(null);
  useChartEvent(engine, 'crosshairmove', setInfo);
  const candle = info?.candle;
  return (
    <StoryFrame>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        Move the pointer over the chart: the crosshair snaps to the candle under it, the axes show
        its time and price, and the OHLC readout sits at the top left. The same data arrives in the{' '}
        <code>crosshairmove</code> event, shown below.
      </Note>
      <Readout testId="crosshair-event">
        {candle
          ? `crosshairmove: index ${info.index ?? '-'}, price ${info.price.toFixed(2)}, ` +
            `O ${candle.open} H ${candle.high} L ${candle.low} C ${candle.close}`
          : 'crosshairmove: (pointer outside the candles)'}
      </Readout>
    </StoryFrame>
  );
}

/** A crosshair with an OHLC readout follows the pointer; `crosshairmove` reports the candle. */
export const CrosshairAndReadout: Story = {
  render: ({ themeName: _themeName, ...args }) => (
    <CrosshairDemo key={creationKey(args)} {...args} />
  ),
  argTypes: { themeName: { table: { disable: true } } },
};
