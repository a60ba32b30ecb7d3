import { type ChartOptions, type ChartTheme, DARK_THEME, LIGHT_THEME } from 'chart-kit';
import type { ArgTypes } from '@storybook/react-vite';

type InputType = NonNullable<ArgTypes[string]>;

export type ThemeName = 'dark' | 'light';

export const THEMES: Record<ThemeName, ChartTheme> = { dark: DARK_THEME, light: LIGHT_THEME };

/** A story arg choosing the chart's theme by name (the `theme` prop takes the colour object). */
export const themeNameArgType: InputType = {
  name: 'theme (story)',
  description: 'Which theme object the story passes as `theme`: `DARK_THEME` or `LIGHT_THEME`.',
  options: ['dark', 'light'],
  control: { type: 'inline-radio' },
};

/** Props the story supplies itself (data, colours, callbacks): documented, but no control. */
export const suppliedByStory: Record<string, InputType> = {
  candles: { control: false },
  series: { control: false },
  theme: { control: false },
  onEngine: { control: false },
  className: { control: false },
  style: { control: false },
};

/**
 * A key that changes when an option read only at creation changes: `<Chart key={...}>` then
 * remounts, as chart-kit documents, so the story's controls take effect.
 */
export function creationKey(options: ChartOptions): string {
  const { initialBars, maxLines, magnet, tickSize, timeZone, label, reducedMotion, verticalSwipe } =
    options;
  return JSON.stringify({
    verticalSwipe,
    initialBars,
    maxLines,
    magnet,
    tickSize,
    timeZone,
    label,
    reducedMotion,
  });
}
