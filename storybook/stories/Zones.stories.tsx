import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chart, type ChartProps } from 'chart-kit/react';
import { useEffect, useState } from 'react';
import { suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { exerciseZone, marketCandles, zoneCandleTimes, zoneLabel } from './support/market-data.js';
import { Controls, Note, StoryButton, StoryFrame } from './support/StoryFrame.js';

interface RevealArgs {
  label: string;
  animate: boolean;
}

function RevealDemo({ label, animate, ...args }: ChartProps & RevealArgs) {
  const [engine, onEngine] = useStoryEngine();
  const zone = exerciseZone();
  const reveal = () =>
    void engine?.showZone({ upper: zone.upper, lower: zone.lower, label }, { animate });

  useEffect(() => {
    void engine?.showZone({ upper: zone.upper, lower: zone.lower, label }, { animate });
  }, [engine, zone, label, animate]);

  return (
    <StoryFrame>
      <Controls>
        <StoryButton onClick={reveal}>Reveal again</StoryButton>
        <StoryButton onClick={() => engine?.clearZone()}>Hide the zone</StoryButton>
      </Controls>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        <code>
          showZone({'{'} upper: {zone.upper}, lower: {zone.lower}, label {'}'})
        </code>{' '}
        opens the box with a short animation (skipped under <code>prefers-reduced-motion</code> or
        with <code>{'{ animate: false }'}</code>) and resolves when it is drawn. The price axis
        widens if the zone lies outside the candles in view.
      </Note>
    </StoryFrame>
  );
}

function PulledLinesDemo({ pulledPrices, ...args }: ChartProps & { pulledPrices: number[] }) {
  const [engine, onEngine] = useStoryEngine();
  useEffect(() => {
    engine?.setFixedLines(pulledPrices);
  }, [engine, pulledPrices]);
  return (
    <StoryFrame>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        <code>setFixedLines(prices)</code> draws lines the user cannot move (here, carried over from
        an earlier chart): dashed, in their own colour, with a price tag, and not draggable. The
        user can still draw their own lines over them. Edit <code>pulledPrices</code> in the
        controls.
      </Note>
    </StoryFrame>
  );
}

function HighlightDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const [highlighted, setHighlighted] = useState(true);
  useEffect(() => {
    engine?.highlightCandles(highlighted ? zoneCandleTimes(exerciseZone()) : []);
  }, [engine, highlighted]);
  return (
    <StoryFrame>
      <Controls>
        <StoryButton pressed={highlighted} onClick={() => setHighlighted(!highlighted)}>
          Highlight the base and the move
        </StoryButton>
      </Controls>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        <code>highlightCandles(times)</code> puts a band behind chosen candles, here the base of a
        zone and the move away from it, to explain why the zone is there. Times are unix seconds; on
        a longer timeframe the candle containing each time is highlighted.
      </Note>
    </StoryFrame>
  );
}

function StackedTagsDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const zone = exerciseZone();
  useEffect(() => {
    if (!engine) return;
    const height = zone.upper - zone.lower;
    // Pulled lines, the user's lines and the revealed zone all within a few pixels of each other.
    engine.setFixedLines([zone.upper + height * 0.1, zone.lower - height * 0.1]);
    if (engine.lines().length === 0) {
      engine.addLine(zone.upper - height * 0.1);
      engine.addLine(zone.lower + height * 0.1);
    }
    void engine.showZone({ upper: zone.upper, lower: zone.lower }, { animate: false });
  }, [engine, zone]);
  return (
    <StoryFrame>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        Every price on the axis has a tag: the user&apos;s lines, pulled lines, the revealed
        zone&apos;s bounds and the crosshair. Tags that would overlap are pushed apart as a group
        centred where they want to be, in price order, and the crosshair&apos;s tag stays on the
        pointer while the others make room (<code>views/price-tag-stack.ts</code>). Move the pointer
        over the lines to see them stack around it.
      </Note>
    </StoryFrame>
  );
}

function IllustrationDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const zone = exerciseZone();
  useEffect(() => {
    void engine?.showZone({ upper: zone.upper, lower: zone.lower }, { animate: false });
    engine?.highlightCandles(zoneCandleTimes(zone));
  }, [engine, zone]);
  return (
    <StoryFrame>
      <Chart {...args} candles={marketCandles()} interactive={false} onEngine={onEngine} />
      <Note>
        <code>interactive: false</code> makes a chart a picture, as a lesson&apos;s illustration is:
        it takes no pointer, wheel or key input, is not in the tab order (Tab goes past it to the
        exercise chart) and is read as an image with its <code>label</code>.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Zones and marks',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Marks a lesson puts on a chart through the engine: the revealed answer zone, lines ' +
          'pulled from an earlier chart and highlighted candles. The zone is the clearest one ' +
          "the course's `detectZones` (from `@course/rules`, not part of chart-kit) finds in the " +
          'seeded market.',
      },
    },
  },
  argTypes: suppliedByStory,
  args: { height: 440, initialBars: 80, timeZone: 'America/New_York' },
} satisfies Meta<ChartProps>;

export default meta;

/** `showZone(zone)`: the correct answer appears as a labelled box with an entrance animation. */
export const RevealZone: StoryObj<ChartProps & RevealArgs> = {
  args: { label: zoneLabel(exerciseZone()), animate: true },
  render: (args) => <RevealDemo {...args} />,
};

/** `setFixedLines(prices)`: dashed lines carried over from an earlier chart. */
export const PulledLines: StoryObj<ChartProps & { pulledPrices: number[] }> = {
  args: { pulledPrices: [exerciseZone().upper, exerciseZone().lower] },
  render: (args) => <PulledLinesDemo {...args} />,
};

/** Price tags of close lines, a zone and the crosshair stack apart instead of overlapping. */
export const StackedPriceTags: StoryObj<typeof meta> = {
  render: (args) => <StackedTagsDemo {...args} />,
};

/** `interactive: false`: an illustration that takes no input and is not focusable. */
export const Illustration: StoryObj<typeof meta> = {
  args: { label: 'Picture: a demand zone, its base and the move away' },
  render: (args) => <IllustrationDemo {...args} />,
};

/** `highlightCandles(times)`: a band behind the candles that explain a zone. */
export const CandleHighlight: StoryObj<typeof meta> = {
  render: (args) => <HighlightDemo {...args} />,
};
