import { loadConfig } from '../src/config/config.js';
import { ServerBusyException } from '../src/database/database-errors.js';
import { PracticeBudgetExceededException } from '../src/practice-charts/budget.js';
import { decodePracticePair } from '../src/practice-charts/chart-store.js';
import { generatePracticePair, type PracticeTask } from '../src/practice-charts/generation.js';
import { LearnerTurns } from '../src/practice-charts/learner-turns.js';
import { PracticeWorkers } from '../src/practice-charts/workers.js';
import { SOURCE_EXEC_ARGV } from './support/native/source-exec-argv.js';

function workers(threads: number, queue: number, maxWaitMs = 10_000): PracticeWorkers {
  return new PracticeWorkers({
    ...loadConfig({ NODE_ENV: 'test' }),
    practiceWorkers: { threads, queue, maxWaitMs },
    practiceWorkerExecArgv: SOURCE_EXEC_ARGV,
  });
}

const TASKS: PracticeTask[] = [
  { kind: 'zone', seed: 11, zoneType: 'demand', item: { kind: 'zone', concept: 'fresh' } },
  { kind: 'plan', seed: 12, zoneType: 'supply', item: { kind: 'plan' } },
  {
    kind: 'decision',
    seed: 13,
    zoneType: 'demand',
    item: { kind: 'decision', decision: 'skip', skipBecause: 'fresh' },
  },
];

describe('practice charts in worker threads', () => {
  it('generates in a worker exactly the charts the request thread would', async () => {
    const pool = workers(1, 4);
    try {
      const pairs = await Promise.all(
        TASKS.map(async (task) => decodePracticePair(await pool.generate(task))),
      );
      expect(pairs.map((pair) => pair.hourly === null)).toEqual([false, true, false]);
      expect(pairs.map((pair) => pair.fiveMinute.trade !== undefined)).toEqual([
        false,
        true,
        false,
      ]);
      expect(pairs.map((pair) => pair.fiveMinute.decision !== undefined)).toEqual([
        false,
        false,
        true,
      ]);
      // One compared whole: simulating inside jest's sandbox is slow.
      const [zone] = TASKS;
      if (!zone) throw new Error('no task');
      expect(pairs[0]).toEqual(JSON.parse(JSON.stringify(generatePracticePair(zone))));
      expect(pool.stats()).toMatchObject({ generated: 3, active: 0, queued: 0 });
    } finally {
      await pool.onModuleDestroy();
    }
  });

  it('answers 503 with Retry-After once its queue is full, and serves those it queued', async () => {
    const pool = workers(1, 1);
    try {
      const [running, queued, shed] = await Promise.allSettled(
        TASKS.map((task) => pool.generate(task)),
      );
      expect(running?.status).toBe('fulfilled');
      expect(queued?.status).toBe('fulfilled');
      expect(shed?.status).toBe('rejected');
      const error = (shed as PromiseRejectedResult).reason as ServerBusyException;
      expect(error).toBeInstanceOf(ServerBusyException);
      expect(error.getStatus()).toBe(503);
      expect(error.retryAfterSeconds).toBe(2);
      expect(pool.stats().refused).toEqual({ queueFull: 1, waitedTooLong: 0 });
    } finally {
      await pool.onModuleDestroy();
    }
  });
});

describe('one generation at a time per learner', () => {
  it('lets two wait behind a learner’s generation and refuses more with 429, others unaffected', async () => {
    const turns = new LearnerTurns();
    const first = await turns.acquire('a');
    const waiting = [turns.acquire('a'), turns.acquire('a')];
    const refused = turns.acquire('a').catch((error: unknown) => error);
    const other = await turns.acquire('b');
    const error = (await refused) as PracticeBudgetExceededException;
    expect(error).toBeInstanceOf(PracticeBudgetExceededException);
    expect(error.getStatus()).toBe(429);
    expect(error.retryAfterSeconds).toBe(1);
    other();
    first();
    const second = await waiting[0];
    second?.();
    const third = await waiting[1];
    third?.();
    // Nothing is kept for learners who are not generating.
    expect(turns.size).toBe(0);
  });
});
