import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    {
      name: '@storybook/addon-docs',
      // MDX alone has no tables: the docs pages' option, method and event tables are GFM.
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal(viteConfig) {
    // Stories use chart-kit's TypeScript source, like the app does.
    viteConfig.resolve ??= {};
    viteConfig.resolve.conditions = ['source', ...defaultClientConditions];
    return viteConfig;
  },
};

export default config;
