import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  tags: ['autodocs'],
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
