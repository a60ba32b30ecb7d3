import { swcTypeScriptTransform } from '../jest.shared.js';

/** @type {import('jest').Config} */
export default {
  displayName: 'chart-core',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transformIgnorePatterns: ['/node_modules/(?!(d3-.*|internmap)/)'],
};
