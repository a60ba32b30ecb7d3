export {
  REAL_CANDLES_BEFORE_BASE,
  REAL_FIRST_CUT,
  REAL_MIN_REPLAY_CANDLES,
  REAL_OPENING_CANDLES,
  realZoneItem,
} from './real-zone-item.js';
export type { RealZone, RealZoneItem } from './real-zone-item.js';
export { REAL_MAX_EMPTY_BARS, realZonePool } from './real-zone-pool.js';
export type { RealPoolItem, RealPoolSession } from './real-zone-pool.js';
export { REAL_DECISION_CONTEXT_SESSIONS, realDecisionPool } from './real-decision-item.js';
export type { RealDecisionItem } from './real-decision-item.js';
