import type { StorybookConfig } from '@storybook/react-vite';
declare const config: StorybookConfig;
export default config;
