import { swcTypeScriptTransform } from '../jest.shared.js';

/** @type {import('jest').Config} */
export default {
  displayName: 'chart-kit',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // Browser tests start Vite and Chromium.
  testTimeout: 120_000,
  // @chart-kit/core from its TypeScript source, as the app and Storybook read it.
  testEnvironmentOptions: { customExportConditions: ['source', 'node'] },
  transformIgnorePatterns: ['/node_modules/(?!(d3-.*|internmap)/)'],
};
