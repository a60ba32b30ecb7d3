import { loadRealSample } from '@course/rules/real-data';
import { realZonePool, type RealPoolItem } from '@course/rules/real-practice';

/** What the pool's worker thread is asked: the first `sessions` sessions only, or all. */
export interface RealPoolTask {
  sessions?: number;
}

/**
 * A worker thread's task: the real sample read from disk (under a second) and made into every
 * real "find a zone" exercise (a few seconds), off the event loop that answers learners.
 */
export default function makeRealZonePool(task: RealPoolTask): RealPoolItem[] {
  const { sessions } = loadRealSample();
  return realZonePool(task.sessions === undefined ? sessions : sessions.slice(0, task.sessions));
}
