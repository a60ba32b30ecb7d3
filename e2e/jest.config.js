import { swcTypeScriptTransform } from '../jest.shared.js';

/** Browser journeys against the built product, in Debian's Chromium through playwright-core. */
/** @type {import('jest').Config} */
export default {
  displayName: 'browser',
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTypeScriptTransform,
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  // Hang guards, generous for a busy machine: a journey of several steps, each of which may wait
  // up to its own guard (BROWSER_WAIT_GUARD_MS in support/course.ts).
  testTimeout: 600_000,
  // One product and one browser per file; two cores do not run more than that well.
  maxWorkers: 1,
};
