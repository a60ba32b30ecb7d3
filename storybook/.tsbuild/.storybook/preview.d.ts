import type { Preview } from '@storybook/react-vite';
declare const preview: Preview;
export default preview;
