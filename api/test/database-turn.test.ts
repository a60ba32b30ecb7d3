import { Admission } from '../src/database/admission.js';
import { ServerBusyException } from '../src/database/database-errors.js';
import {
  DatabaseTurn,
  runInRequestScope,
  setRequestTurn,
  withoutDatabaseTurn,
} from '../src/database/database-turn.js';

/** A deferred result: the test decides when the "worker" finishes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Runs `handler` as a request would: in its own scope, holding a turn. */
function asRequest<T>(admission: Admission, handler: (turn: DatabaseTurn) => Promise<T>) {
  const left = new AbortController();
  const turn = new DatabaseTurn(admission, left.signal);
  const answered = new Promise<T>((resolve, reject) => {
    runInRequestScope(() => {
      turn
        .take()
        .then(() => {
          setRequestTurn(turn);
          return handler(turn);
        })
        .then(resolve, reject)
        .finally(() => turn.giveBack());
    });
  });
  return { answered, leave: () => left.abort() };
}

describe('a request lends its database turn while it waits for other work', () => {
  it('frees the turn for another request during the work, and takes one again after', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 5000 });
    const simulation = deferred<string>();
    const during: number[] = [];
    const practice = asRequest(admission, async () => {
      const chart = await withoutDatabaseTurn(() => simulation.promise);
      // Back in its turn for the write.
      during.push(admission.stats().active);
      return chart;
    });
    // While the chart is simulated, a quick request gets the only turn at once.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0 });
    const quick = asRequest(admission, () => Promise.resolve('progress'));
    await expect(quick.answered).resolves.toBe('progress');

    simulation.resolve('chart');
    await expect(practice.answered).resolves.toBe('chart');
    expect(during).toEqual([1]);
    expect(admission.stats()).toMatchObject({ active: 0, admitted: 3 });
  });

  it('waits its turn again behind the requests that came meanwhile', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 5000 });
    const order: string[] = [];
    const other = deferred<undefined>();
    const practice = asRequest(admission, async () => {
      await withoutDatabaseTurn(async () => {
        const quick = asRequest(admission, async () => {
          order.push('other request');
          await other.promise;
        });
        void quick.answered;
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      order.push('write');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['other request']);
    expect(admission.stats()).toMatchObject({ active: 1, queued: 1 });
    other.resolve(undefined);
    await practice.answered;
    expect(order).toEqual(['other request', 'write']);
  });

  it('answers 503 (busy) when no turn comes back in time, and keeps the work it did', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 30 });
    let kept: string | undefined;
    const hog = deferred<undefined>();
    const practice = asRequest(admission, async () => {
      await withoutDatabaseTurn(async () => {
        void asRequest(admission, () => hog.promise).answered;
        await new Promise((resolve) => setTimeout(resolve, 5));
        kept = 'chart';
      });
    });
    await expect(practice.answered).rejects.toBeInstanceOf(ServerBusyException);
    expect(kept).toBe('chart');
    hog.resolve(undefined);
  });

  it('outside a request (a start-up task, a test) just runs the work', async () => {
    await expect(withoutDatabaseTurn(() => Promise.resolve(7))).resolves.toBe(7);
  });

  it('gives the turn back for good when the client leaves during the work', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 5000 });
    const simulation = deferred<undefined>();
    const practice = asRequest(admission, () => withoutDatabaseTurn(() => simulation.promise));
    await new Promise((resolve) => setTimeout(resolve, 5));
    practice.leave();
    simulation.resolve(undefined);
    await expect(practice.answered).rejects.toBeInstanceOf(Error);
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0 });
  });
});
