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
  // The catalogue's charts, made once per change of the simulator (see the file).
  globalSetup: '<rootDir>/test/support/catalogue-setup.mjs',
  // Run by npm run test:scale-out after the build (it starts built instances behind haproxy).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/scale-out/'],
  // Each e2e file starts its own database and app; a few seconds each on a cold machine.
  testTimeout: 60_000,
};
