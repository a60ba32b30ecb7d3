import { swcTypeScriptTransform } from '../jest.shared.js';

/** @type {import('jest').Config} */
export default {
  displayName: 'app',
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { customExportConditions: ['source', 'browser'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/test/style-stub.cjs',
  },
  transform: swcTypeScriptTransform,
  transformIgnorePatterns: ['/node_modules/(?!(d3-.*|internmap|ky)/)'],
  setupFiles: ['<rootDir>/test/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
};
