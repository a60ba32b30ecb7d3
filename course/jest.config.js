import { swcTypeScriptTransform } from '../jest.shared.js';

/** @type {import('jest').Config} */
export default {
  displayName: 'course',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  // The chart maths from its TypeScript source, as the other workspaces read it.
  testEnvironmentOptions: { customExportConditions: ['source', 'node'] },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transformIgnorePatterns: ['/node_modules/(?!(d3-.*|internmap)/)'],
};
