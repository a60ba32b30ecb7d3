import { Logger } from '@nestjs/common';
import { jest } from '@jest/globals';
import { Hysteresis } from '../src/common/hysteresis.js';
import { DATABASE_CHECKS, DatabaseAvailability } from '../src/database/database-availability.js';
import type { DatabaseProbe } from '../src/database/database-probe.js';

/** A probe whose answers the test decides. */
class ScriptedProbe implements DatabaseProbe {
  answers = true;
  checks = 0;
  check(): Promise<void> {
    this.checks += 1;
    return this.answers ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED'));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const slowErrors = [
  new Error('timeout exceeded when trying to connect'),
  new Error('Query read timeout'),
  Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
  // A transaction whose connection ended under it: a check decides.
  Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), {
    name: 'QueryRunnerAlreadyReleasedError',
  }),
  // TypeORM wraps the driver's error.
  {
    name: 'QueryFailedError',
    message: 'query failed',
    driverError: new Error('Query read timeout'),
  },
];

describe('Hysteresis', () => {
  it('goes down only after a run of failures and comes back only after a run of successes', () => {
    const state = new Hysteresis(3, 2);
    expect(state.record(false)).toBeUndefined();
    expect(state.record(false)).toBeUndefined();
    // A success in between starts the count again.
    expect(state.record(true)).toBeUndefined();
    expect(state.record(false)).toBeUndefined();
    expect(state.record(false)).toBeUndefined();
    expect(state.up).toBe(true);
    expect(state.record(false)).toBe('down');
    expect(state.up).toBe(false);
    expect(state.record(true)).toBeUndefined();
    expect(state.record(false)).toBeUndefined();
    expect(state.record(true)).toBeUndefined();
    expect(state.record(true)).toBe('up');
  });
});

describe('DatabaseAvailability', () => {
  let probe: ScriptedProbe;
  let availability: DatabaseAvailability;
  const warnings: string[] = [];

  beforeEach(() => {
    jest.useFakeTimers();
    warnings.length = 0;
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    probe = new ScriptedProbe();
    availability = new DatabaseAvailability(probe);
    availability.onApplicationBootstrap();
  });
  afterEach(async () => {
    await availability.onApplicationShutdown();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is never marked down by a slow query, a full pool or a wait: it only checks at once', async () => {
    for (const error of slowErrors) availability.reportFailure(error);
    await jest.advanceTimersByTimeAsync(0);
    expect(probe.checks).toBe(1);
    expect(availability.up).toBe(true);
    expect(availability.ready).toBe(true);
    // Nor by errors that are the request's own.
    availability.reportFailure(new Error('duplicate key value violates unique constraint'));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(availability.up).toBe(true);
    expect(availability.ready).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('stops requests at once on a refused connection; readiness waits for three failed checks', async () => {
    probe.answers = false;
    availability.reportFailure(refused);
    expect(availability.up).toBe(false);
    expect(availability.ready).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(availability.ready).toBe(true);
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs * 2);
    expect(probe.checks).toBe(3);
    expect(availability.ready).toBe(false);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('a connection to the database failed');
    expect(warnings[1]).toContain('the database is unreachable');

    // Back after two good checks in a row, not one.
    probe.answers = true;
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs);
    expect(availability.ready).toBe(false);
    expect(availability.up).toBe(false);
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs);
    expect(availability.ready).toBe(true);
    expect(availability.up).toBe(true);
    // While fine, it checks once a second.
    const before = probe.checks;
    await jest.advanceTimersByTimeAsync(5000);
    expect(probe.checks - before).toBe(5);
  });

  it('rides out one or two failed checks without going unready', async () => {
    probe.answers = false;
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.intervalMs);
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs);
    expect(probe.checks).toBe(2);
    probe.answers = true;
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs * 4);
    expect(availability.ready).toBe(true);
    expect(availability.up).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('brings requests back without a readiness flap after a single dropped connection', async () => {
    availability.reportFailure(Object.assign(new Error('Connection terminated unexpectedly'), {}));
    expect(availability.up).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(DATABASE_CHECKS.quickIntervalMs);
    expect(availability.up).toBe(true);
    expect(availability.ready).toBe(true);
  });
});
