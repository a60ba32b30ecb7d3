import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    backgrounds: { options: { chart: { name: 'Chart', value: '#13131F' } } },
    layout: 'centered',
  },
  initialGlobals: { backgrounds: { value: 'chart' } },
};

export default preview;
