import { Admission, AdmissionRefused, type RefusalReason } from '../src/database/admission.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Admission: the bounded queue in front of the database work', () => {
  it('admits up to its concurrency at once, then hands turns out first come, first served', async () => {
    const admission = new Admission({ concurrency: 2, queue: 10, maxWaitMs: 5000 });
    const first = await admission.acquire();
    const second = await admission.acquire();
    const order: number[] = [];
    const waiting = [3, 4, 5].map((n) =>
      admission.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    await sleep(10);
    expect(admission.stats()).toMatchObject({ active: 2, queued: 3, admitted: 2 });
    expect(order).toEqual([]);

    first();
    // Releasing twice gives back one turn, not two.
    first();
    const third = await waiting[0]!;
    expect(order).toEqual([3]);
    expect(admission.stats()).toMatchObject({ active: 2, queued: 2 });
    second();
    third();
    const [fourth, fifth] = await Promise.all([waiting[1]!, waiting[2]!]);
    expect(order).toEqual([3, 4, 5]);
    fourth();
    fifth();
    expect(admission.stats()).toEqual({
      active: 0,
      queued: 0,
      admitted: 5,
      refused: { queueFull: 0, waitedTooLong: 0 },
    });
  });

  it('refuses at once when the queue is full, and after the longest wait, counting both', async () => {
    const refusals: RefusalReason[] = [];
    const admission = new Admission({ concurrency: 1, queue: 2, maxWaitMs: 50 }, (reason) =>
      refusals.push(reason),
    );
    const holder = await admission.acquire();
    const queued = [admission.acquire(), admission.acquire()];
    const started = Date.now();
    await expect(admission.acquire()).rejects.toEqual(new AdmissionRefused('queue full'));
    expect(Date.now() - started).toBeLessThan(20);
    for (const waiter of queued) {
      await expect(waiter).rejects.toEqual(new AdmissionRefused('waited too long'));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(refusals).toEqual(['queue full', 'waited too long', 'waited too long']);
    expect(admission.stats()).toMatchObject({
      active: 1,
      queued: 0,
      refused: { queueFull: 1, waitedTooLong: 2 },
    });
    // The turns of those who gave up are not handed to anyone: the next caller gets it.
    holder();
    const next = await admission.acquire();
    expect(admission.stats()).toMatchObject({ active: 1, queued: 0 });
    next();
  });

  it('forgets a waiter whose client left, without counting it as shed', async () => {
    const refusals: RefusalReason[] = [];
    const admission = new Admission({ concurrency: 1, queue: 5, maxWaitMs: 5000 }, (reason) =>
      refusals.push(reason),
    );
    const holder = await admission.acquire();
    const left = new AbortController();
    const leaving = admission.acquire(left.signal);
    const staying = admission.acquire();
    left.abort();
    await expect(leaving).rejects.toEqual(new AdmissionRefused('client gone'));
    expect(admission.stats().queued).toBe(1);
    holder();
    (await staying)();
    expect(refusals).toEqual([]);
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0, admitted: 2 });
  });

  it('keeps its bookkeeping bounded through a long stream of time-outs', async () => {
    const admission = new Admission({ concurrency: 1, queue: 3, maxWaitMs: 1 });
    const holder = await admission.acquire();
    for (let round = 0; round < 100; round += 1) {
      const waiters = [admission.acquire(), admission.acquire(), admission.acquire()];
      await Promise.allSettled(waiters);
    }
    expect(admission.stats()).toMatchObject({ queued: 0, refused: { waitedTooLong: 300 } });
    holder();
    (await admission.acquire())();
  });
});
