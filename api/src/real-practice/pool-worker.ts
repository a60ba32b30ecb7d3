import { loadRealSample } from '@course/rules/real-data';
import {
  realDecisionPool,
  type RealDecisionItem,
  realZonePool,
  type RealPoolItem,
} from '@course/rules/real-practice';

/** What the pool's worker thread is asked: the first `sessions` sessions only, or all. */
export interface RealPoolTask {
  sessions?: number;
}

/** Every real exercise: zones to find, and returns to zones to take or skip. */
export interface RealPoolMade {
  zones: RealPoolItem[];
  decisions: RealDecisionItem[];
}

/**
 * A worker thread's task: the real sample read from disk (under a second) and made into every
 * real exercise (seconds), off the event loop that answers learners.
 */
export default function makeRealPool(task: RealPoolTask): RealPoolMade {
  const all = loadRealSample().sessions;
  const sessions = task.sessions === undefined ? all : all.slice(0, task.sessions);
  return { zones: realZonePool(sessions), decisions: realDecisionPool(sessions) };
}
