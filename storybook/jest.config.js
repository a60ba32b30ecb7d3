import { swcTypeScriptTransform } from '../jest.shared.js';

/** Every story rendered in Debian's Chromium from the static Storybook build. */
/** @type {import('jest').Config} */
export default {
  displayName: 'storybook',
  // The browser is driven from Node; the stories themselves run in Chromium.
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Building Storybook and a million-candle story take a while on two shared cores.
  testTimeout: 180_000,
};
