import { Admission, AdmissionRefused } from '../database/admission.js';
import { PracticeBudgetExceededException } from './budget.js';

/** Generations of one learner that may wait behind theirs; more are refused 429. */
const WAITING_PER_LEARNER = 2;
/** A learner's generation waits at most this long behind their earlier ones. */
const LEARNER_WAIT_MS = 5000;
/** Seconds a learner refused here is asked to wait: their earlier charts are done by then. */
const RETRY_AFTER_SECONDS = 1;

/**
 * One generation at a time per learner (in an instance): a learner who clicks on before their
 * chart is ready waits behind it, a few times over at most, and a script sending many at once is
 * refused 429, so no learner holds more than one worker thread.
 */
export class LearnerTurns {
  private readonly learners = new Map<string, { admission: Admission; holders: number }>();

  /** Resolves with a release function once the learner's earlier generations are done. */
  async acquire(userId: string): Promise<() => void> {
    let entry = this.learners.get(userId);
    if (!entry) {
      entry = {
        admission: new Admission({
          concurrency: 1,
          queue: WAITING_PER_LEARNER,
          maxWaitMs: LEARNER_WAIT_MS,
        }),
        holders: 0,
      };
      this.learners.set(userId, entry);
    }
    const learner = entry;
    learner.holders += 1;
    // Forgotten once nobody holds or waits for a turn: the map stays as small as the learners
    // generating now.
    const leave = () => {
      learner.holders -= 1;
      if (learner.holders === 0) this.learners.delete(userId);
    };
    try {
      const release = await learner.admission.acquire();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
        leave();
      };
    } catch (error) {
      leave();
      if (error instanceof AdmissionRefused) {
        throw new PracticeBudgetExceededException(RETRY_AFTER_SECONDS);
      }
      throw error;
    }
  }

  /** Learners generating or waiting now (for tests and metrics). */
  get size(): number {
    return this.learners.size;
  }
}
