export {
  COST_PER_ROUND_TRIP,
  measureRates,
  reactionShares,
  summariseTrades,
  SMALL_MOVE_DEPARTURE,
  THIN_ZONE_IN_RANGES,
} from './rates.js';
export type {
  CheckSplit,
  MeasuredRates,
  ReactionShares,
  SplitName,
  TradeSummary,
  TwoRTrades,
} from './rates.js';
export { MAX_RETURNS_PER_ZONE, measureSetups, ZONE_LIFE_SESSIONS } from './setups.js';
export type { MeasuredSetup, PlayedTrade, SetupExit, StopKind, TradePrices } from './setups.js';
export { differenceOf, meanOf, medianOf, roundNumbers, shareOf } from './statistics.js';
export type { MeanWithInterval, Share } from './statistics.js';
export { REAL_RATES } from './real-rates.generated.js';
