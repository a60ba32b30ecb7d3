import { swcTypeScriptTransform } from '../jest.shared.js';

/** @type {import('jest').Config} */
export default {
  displayName: 'api',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  transformIgnorePatterns: ['/node_modules/(?!(d3-.*|internmap)/)'],
  testEnvironmentOptions: { customExportConditions: ['source', 'node'] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // Each e2e file starts its own database and app; a few seconds each on a cold machine.
  testTimeout: 60_000,
};
