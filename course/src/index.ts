// The course's rules: the market simulator and its stylized facts, zone detection and clarity,
// and the grading of zones, trade plans, decisions and trade management. Shared by the API (which
// decides) and the app (which shows).
// The chart types the course's answers carry, so that users of the rules need no other package.
export type { Candle, PriceZone } from '@chart-kit/core';
export {
  DEFAULT_MIN_BOX_OF_HEIGHT,
  DEFAULT_TOLERANCE_OF_HEIGHT,
  GradeInputError,
  gradeZone,
} from './grade.js';
export type { GradedZone, GradeOptions, GradeReason, GradeResult } from './grade.js';
export {
  isFullTradingDay,
  isNyseEarlyClose,
  isNyseHoliday,
  nextFullTradingDay,
  nyseEarlyCloses,
  nyseHolidays,
} from './exchange-calendar.js';
export { createRandom, deriveSeed } from './random.js';
export type { Random } from './random.js';
export {
  CANDLES_PER_SESSION,
  MarketSimulator,
  newYorkDayNumber,
  newYorkUtcOffset,
  newYorkUtcOffsetOnDay,
  sessionActivity,
  sessionOpenTime,
  sessionVolumeShape,
  SIMULATED_CANDLE_SECONDS,
  simulateMarket,
} from './market-sim.js';
export type { CandleShape, MarketSimOptions, StepControl } from './market-sim.js';
export {
  ABSOLUTE_RETURN_LAGS,
  HALF_HOURS_PER_SESSION,
  INTRADAY_WINDOWS,
  isEmptyCandle,
  measureStylizedFacts,
} from './stylized-facts.js';
export type {
  CandleShapes,
  GapDistribution,
  IntradayProfile,
  OpeningOffsets,
  StylizedFacts,
} from './stylized-facts.js';
export {
  averageRange,
  detectZones,
  firstReturnIndex,
  ZONE_TYPES,
  zoneBounds,
  zonesAsTheyForm,
} from './zones.js';
export type { DetectedZone, ZoneDetectionOptions, ZoneType } from './zones.js';
export {
  assessClarity,
  departureOf,
  MAX_CONGESTION_CANDLES,
  MAX_HISTORY_CONGESTION_CANDLES,
  RIVAL_DEPARTURE_RATIO,
  RIVAL_ZONE_DEPARTURE,
  TEMPTING_ZONE_DETECTION,
} from './zone-clarity.js';
export type { ClarityAnswer, ClarityInput, ClarityReport, Rival } from './zone-clarity.js';
export { lazyBoxes } from './zone-shortcuts.js';
export type { LazyBox, LazyBoxes, ViewWindow } from './zone-shortcuts.js';
export {
  FOREX_STANDARD_LOT,
  gradeTradePlan,
  isBreakevenR,
  MAX_STOP_BEYOND_IN_RANGES,
  MICRO_E_MINI,
  MIN_REWARD_TO_RISK,
  PlanInputError,
  plannedSize,
  playOutTrade,
  meetsRewardToRisk,
  positionSize,
  ratioNumberText,
  rewardToRisk,
  SHARES,
  SIZE_SLACK_UNITS,
  tradeDirection,
  tradeRecord,
} from './trade-plan.js';
export type {
  Instrument,
  PlanGrade,
  PlanRule,
  PlanSetting,
  TradeOutcome,
  TradePlan,
  TradeRecord,
} from './trade-plan.js';
export {
  MANAGEMENT_DEFAULTS,
  MANAGEMENT_RULES,
  ManagementInputError,
  manageTrade,
  manageTradeEveryWay,
} from './trade-management.js';
export type {
  ManagedExit,
  ManagedExitReason,
  ManagedOutcome,
  ManagementRule,
  ManagementSettings,
} from './trade-management.js';
export { endsSession, SESSION_BREAK_SECONDS } from './session-close.js';
export {
  DECISION_CHECKS,
  DECISION_MIN_REWARD_TO_RISK,
  decideTrade,
  decisionSettingOf,
  gradeDecision,
  higherTimeframeTrend,
  isDecisionCheck,
  MODEL_STOP_BUFFER_IN_RANGES,
  MODEL_TARGET_MARGIN_IN_RANGES,
  modelPlanAt,
  TREND_HOURS,
  zoneTouches,
} from './trade-decision.js';
export type {
  CheckResult,
  DecisionAnswer,
  DecisionChart,
  DecisionCheck,
  DecisionGrade,
  DecisionSetting,
  HigherTimeframeTrend,
  TradeDecision,
} from './trade-decision.js';

export {
  BASE_BODY_MAX_SHARE,
  gradeOfPoints,
  gradeScorecard,
  isZoneCriterion,
  MOVE_POINT_MIN_HEIGHTS,
  moveOutDistance,
  roundLevelInside,
  scoreMarkedZone,
  scoreZone,
  TIME_POINT_MAX_CANDLES,
  ZONE_CRITERIA,
  zoneGradeWords,
} from './zone-scorecard.js';
export type {
  CriterionReading,
  ScorecardGrade,
  ZoneCriterion,
  ZoneGrade,
  ZoneScorecard,
  MarkedZone,
  ZoneToScore,
} from './zone-scorecard.js';

export * from './scenarios/index.js';

export * from './skills/index.js';

export * from './measured-rates/index.js';
