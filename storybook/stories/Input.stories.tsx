import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chart, type ChartProps } from 'chart-kit/react';
import { useEffect } from 'react';
import { creationKey, suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { marketCandles } from './support/market-data.js';
import { Controls, Note, StoryButton, StoryFrame } from './support/StoryFrame.js';

function TouchDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  useEffect(() => {
    engine?.setTool('line');
  }, [engine]);
  return (
    <StoryFrame width={390}>
      <Note>
        On a phone or tablet: a finger swiping sideways pans the chart, two fingers pinch to zoom
        around their midpoint, and a swipe up or down scrolls the page, as over any picture, unless
        it starts on a line (it drags the line; a line can be grabbed within 14 px of a finger, 6 px
        with a mouse). With the line tool on (it is, here), every touch is the chart&apos;s: a tap
        places a line and a vertical drag draws a zone. The <code>verticalSwipe</code> control set
        to <code>&apos;chart&apos;</code> keeps every touch on the chart.
      </Note>
      <Controls>
        <StoryButton onClick={() => engine?.setTool('line')}>Line tool on</StoryButton>
        <StoryButton onClick={() => engine?.setTool('none')}>Line tool off</StoryButton>
        <StoryButton onClick={() => engine?.clearLines()}>Clear lines</StoryButton>
      </Controls>
      <Chart key={creationKey(args)} {...args} candles={marketCandles()} onEngine={onEngine} />
      <Note>
        To try it on a desktop, open the browser&apos;s device toolbar (touch emulation) or pick a
        mobile size in Storybook&apos;s viewport menu. Touch events arrive as pointer events with{' '}
        <code>pointerType: &apos;touch&apos;</code>, which is what widens the grab distance.
      </Note>
      <div aria-hidden="true" style={{ height: 400 }} />
    </StoryFrame>
  );
}

/** Unhides the chart's polite live region (normally visually hidden) to show what is announced. */
const SHOW_LIVE_REGION = `
.live-region-shown [role='status'] {
  position: absolute !important;
  top: calc(100% + 8px) !important;
  left: 0 !important;
  width: auto !important;
  height: auto !important;
  margin: 0 !important;
  clip-path: none !important;
  white-space: normal !important;
  padding: 8px 12px !important;
  border: 1px solid var(--story-border) !important;
  border-radius: 6px;
  font-family: ui-monospace, monospace;
}
.live-region-shown [role='status']::before { content: 'aria-live: '; color: var(--story-muted); }
.live-region-shown canvas:focus-visible { outline: 3px solid #4f8cff; outline-offset: 2px; }
`;

function KeyboardDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  return (
    <StoryFrame>
      <style>{SHOW_LIVE_REGION}</style>
      <Controls>
        <StoryButton onClick={() => engine?.canvas.focus()}>Focus the chart</StoryButton>
      </Controls>
      <Chart
        {...args}
        className="live-region-shown"
        style={{ marginBottom: 56 }}
        candles={marketCandles()}
        onEngine={onEngine}
      />
      <Note>
        The chart is one tab stop (<code>role=&quot;application&quot;</code>) with a description of
        what it shows. Left and right arrows move a crosshair from candle to candle, up and down
        move its price by one tick, Enter places a line there, L selects a line, then up and down
        move it and Delete removes it. Escape clears the selection; + and − zoom, Page Up and Page
        Down scroll. Every step is announced in a polite live region, unhidden here (bordered box
        under the chart).
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Input',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Touch and keyboard input. chart-kit does its own hit-testing on pointer events (mouse, ' +
          'pen and touch alike) and maps keys to chart commands, announcing results through an ' +
          'aria-live region.',
      },
    },
  },
  argTypes: suppliedByStory,
  args: { height: 400, initialBars: 60, timeZone: 'America/New_York', maxLines: 2 },
} satisfies Meta<ChartProps>;

export default meta;

/** Swipe sideways to pan, pinch to zoom, tap to place a line; a vertical swipe scrolls the page. */
export const Touch: StoryObj<typeof meta> = {
  args: { height: 320, initialBars: 40, verticalSwipe: 'scroll-page' },
  argTypes: {
    verticalSwipe: {
      control: 'inline-radio',
      options: ['scroll-page', 'chart'],
      description: 'Who a vertical swipe belongs to; read when the chart is created',
    },
  },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  render: (args) => <TouchDemo {...args} />,
};

/** Focus, arrows, Enter and Delete: drawing without a pointer, announced in a live region. */
export const Keyboard: StoryObj<typeof meta> = {
  args: { label: 'Five-minute candles; arrows move the crosshair, Enter places a line' },
  render: (args) => <KeyboardDemo {...args} />,
};
