import type { Preview } from '@storybook/react-vite';
import { DEFAULT_CHART_OPTIONS } from 'chart-kit';
import { Chart } from 'chart-kit/react';

type ArgTypesEnhancer = NonNullable<Preview['argTypesEnhancers']>[number];

/**
 * chart-kit applies its options' defaults inside the engine, where no docgen can see them, so the
 * tables showed "-" in the Default column. On every story of `<Chart>`, each option gets the
 * default from chart-kit's own DEFAULT_CHART_OPTIONS, the values the engine uses (the arg's type
 * and control are still inferred from the story's args).
 */
const chartKitDefaults: ArgTypesEnhancer = ({ argTypes, component }) => {
  if (component !== Chart) return argTypes;
  const defaults: Readonly<Record<string, string | number | boolean>> = DEFAULT_CHART_OPTIONS;
  const documented = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => {
      const summary = typeof value === 'string' ? `'${value}'` : String(value);
      const argType = argTypes[name] ?? { name };
      return [name, { ...argType, table: { ...argType.table, defaultValue: { summary } } }];
    }),
  );
  return { ...argTypes, ...documented };
};

const preview: Preview = {
  tags: ['autodocs'],
  argTypesEnhancers: [chartKitDefaults],
  parameters: {
    backgrounds: {
      options: {
        chart: { name: 'Chart', value: '#13131F' },
        light: { name: 'Light', value: '#ffffff' },
      },
    },
    layout: 'padded',
    // The story's own code: the rendered JSX would inline hundreds of candles.
    docs: { source: { type: 'code' } },
    controls: { expanded: true },
    options: {
      storySort: {
        order: [
          'Introduction',
          'ChartEngine API',
          'Chart',
          [
            'Basics',
            'Drawing',
            'Zones and marks',
            'Timeframes and replay',
            'Input',
            'Performance',
            'Many charts on one page',
          ],
          'React hooks',
        ],
      },
    },
  },
  initialGlobals: { backgrounds: { value: 'chart' } },
};

export default preview;
