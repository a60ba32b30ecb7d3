import base from './jest.config.js';

/**
 * The scale-out test: two built API instances behind haproxy, on a private PostgreSQL cluster
 * and a private redis-server (free ports, never the machine's own). Its own run (npm run
 * test:scale-out), after the build; one file, one worker, about 70 s.
 */
export default {
  ...base,
  displayName: 'scale-out',
  testMatch: ['<rootDir>/test/scale-out/**/*.test.ts'],
  testPathIgnorePatterns: [],
  // The instances are built ones: they read the charts the build made.
  globalSetup: undefined,
  testTimeout: 180_000,
  maxWorkers: 1,
};
