export type * from './analytics.js';
export type * from './attempts.js';
export type * from './billing.js';
export type * from './charts.js';
export type * from './course.js';
export type * from './decisions.js';
export type * from './errors.js';
export type * from './exercise-standing.js';
export type * from './health.js';
export type * from './idempotency.js';
export type * from './lessons.js';
export type * from './manage.js';
export type * from './plans.js';
export type * from './practice.js';
export type * from './practice-place.js';
export type * from './progress.js';
export type * from './pulled-lines.js';
export type * from './real-practice.js';
export type * from './routes.js';
export type * from './session.js';
export type * from './skills.js';
export type * from './zones.js';

// The shapes the course's grading gives, which the answers carry as they are, and the course's
// kinds (exercise, practice, zone type), declared once there.
export type {
  Candle,
  CheckResult,
  DecisionCheck,
  ExerciseKind,
  GradeReason,
  ManagedExitReason,
  ManagementRule,
  PlanGrade,
  PlanRule,
  PracticeKind,
  PracticeReason,
  SkillKey,
  TradeOutcome,
  TradeRecord,
  ZoneCriterion,
  ZoneGrade,
  ZoneType,
} from '@course/rules';
