import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChartPicture, type ChartPictureProps } from 'chart-kit/react/picture';
import { useMemo } from 'react';
import { suppliedByStory, THEMES, themeNameArgType, type ThemeName } from './support/args.js';
import { exerciseZone, marketCandles, zoneCandleTimes, zoneLabel } from './support/market-data.js';
import { Note, StoryFrame } from './support/StoryFrame.js';

type PictureArgs = Omit<ChartPictureProps, 'theme'> & { themeName: ThemeName; showZone: boolean };

function PictureDemo({ themeName, showZone, ...args }: PictureArgs) {
  const zone = exerciseZone();
  const candles = marketCandles();
  const marks = useMemo(
    () => ({
      zone: { upper: zone.upper, lower: zone.lower, label: zoneLabel(zone) },
      highlight: zoneCandleTimes(zone),
      homeView: { from: candles[zone.baseStart - 12]?.time ?? 0, to: candles.at(-1)?.time ?? 0 },
    }),
    [zone, candles],
  );
  return (
    <StoryFrame light={themeName === 'light'}>
      <ChartPicture
        {...args}
        candles={candles}
        homeView={marks.homeView}
        zone={showZone ? marks.zone : undefined}
        highlight={marks.highlight}
        theme={THEMES[themeName]}
      />
      <Note>
        <code>{'<ChartPicture>'}</code> (from <code>chart-kit/react/picture</code>) draws a still
        chart with Canvas 2D: the same model, views and theme as <code>{'<Chart>'}</code>, but no
        pixi.js is loaded and no WebGL context is made, so a page may show any number of them. It is
        an image named by <code>label</code>, redrawn when its box is resized or a prop changes.
        Without React, <code>drawChartPicture(canvas, options, size)</code> from{' '}
        <code>chart-kit/picture</code> does the same.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Pictures',
  component: ChartPicture,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Still charts for lessons and reports: candles, lines, a zone box and highlighted ' +
          'candles on one canvas drawn with Canvas 2D, with no pixi.js and no WebGL context.',
      },
    },
  },
  argTypes: {
    ...suppliedByStory,
    homeView: { control: false },
    zone: { control: false },
    highlight: { control: false },
    themeName: themeNameArgType,
  },
  args: {
    label: 'Picture: a demand zone, its base and the move away',
    height: 360,
    timeZone: 'America/New_York',
    lines: [],
    themeName: 'dark',
    showZone: true,
  },
} satisfies Meta<PictureArgs>;

export default meta;

/** A zone, its base and the move away as a still picture: no pixi.js, no WebGL. */
export const StillPicture: StoryObj<PictureArgs> = {
  render: (args) => <PictureDemo {...args} />,
};
