import type { EventBatch, EventsAccepted } from './analytics.js';
import type { AttemptRequest, AttemptResult } from './attempts.js';
import type { BillingPlan, CheckoutRequest, CheckoutUrl, SubscriptionStatus } from './billing.js';
import type { ChartDataBody, ChartDataQuery } from './charts.js';
import type { CourseRules } from './course.js';
import type { DecisionRequest, DecisionResult } from './decisions.js';
import type { LivenessReport, ReadinessReport } from './health.js';
import type { IdempotentRequestHeaders } from './idempotency.js';
import type { Catalogue, LessonPageBody } from './lessons.js';
import type { ManageRequest, ManageResult } from './manage.js';
import type { PlanRequest, PlanResult, PlanResults } from './plans.js';
import type { PracticeChartBody, PracticeDecisionBody, PracticePlanBody } from './practice.js';
import type { PracticePlace, PracticePlaceUpdate } from './practice-place.js';
import type { ProgressBody, ProgressUpdate } from './progress.js';
import type { PulledLinesBody } from './pulled-lines.js';
import type { PracticeRealBody, PracticeRealDecisionBody } from './real-practice.js';
import type { PracticeNextBody, SkillsBody } from './skills.js';
import type {
  Credentials,
  EmptyBody,
  MessageBody,
  PasswordResetCompletion,
  PasswordResetRequest,
  SessionBody,
} from './session.js';

/**
 * Every GET call, by path as clients write it (`{name}` is a path parameter): its answer and, if
 * any, its query. The API's OpenAPI document is tested against this map.
 */
export interface ApiGetRoutes {
  '/users/get-progress': { response: ProgressBody };
  '/api/course': { response: CourseRules };
  '/api/lessons': { response: Catalogue };
  '/api/lessons/{path}': { response: LessonPageBody };
  '/api/lessons/{path}/pulled-lines': { response: PulledLinesBody };
  '/chart-data/{id}': { response: ChartDataBody; query: ChartDataQuery };
  '/api/practice/next': { response: PracticeNextBody };
  '/api/practice/current': { response: PracticeNextBody };
  '/api/practice/place': { response: PracticePlace };
  '/api/practice/{index}': { response: PracticeChartBody };
  '/api/practice/plans/{index}': { response: PracticePlanBody };
  '/api/practice/decisions/{index}': { response: PracticeDecisionBody };
  '/api/practice/real/{index}': { response: PracticeRealBody };
  '/api/practice/real/decisions/{index}': { response: PracticeRealDecisionBody };
  '/api/plans/results': { response: PlanResults };
  '/api/skills': { response: SkillsBody };
  '/api/billing/plan': { response: BillingPlan };
  '/api/stripe/isSub': { response: SubscriptionStatus };
  '/api/health': { response: ReadinessReport };
  '/api/health/live': { response: LivenessReport };
  '/api/health/ready': { response: ReadinessReport };
}

/**
 * Every POST call a client makes, by path as the spec's client writes it (some with a trailing
 * slash, which the API also matches): its body, its answer and the headers it may carry.
 */
export interface ApiPostRoutes {
  '/api/register/': { body: Credentials; response: SessionBody };
  '/api/login/': { body: Credentials; response: SessionBody };
  '/api/logout/': { body: EmptyBody; response: true };
  '/api/auth/': { body: EmptyBody; response: SessionBody };
  '/api/login/refresh/': { body: EmptyBody; response: SessionBody };
  '/users/initReset/': { body: PasswordResetRequest; response: MessageBody };
  '/users/validateReset/': { body: PasswordResetCompletion; response: MessageBody };
  '/users/update/': { body: ProgressUpdate; response: ProgressBody };
  '/api/attempts': {
    body: AttemptRequest;
    response: AttemptResult;
    headers: IdempotentRequestHeaders;
  };
  '/api/plans': { body: PlanRequest; response: PlanResult; headers: IdempotentRequestHeaders };
  '/api/decisions': {
    body: DecisionRequest;
    response: DecisionResult;
    headers: IdempotentRequestHeaders;
  };
  '/api/manage': { body: ManageRequest; response: ManageResult; headers: IdempotentRequestHeaders };
  '/stripe/check/': { body: CheckoutRequest; response: CheckoutUrl };
  '/stripe/cancel': { body: EmptyBody; response: MessageBody };
  '/stripe/resume': { body: EmptyBody; response: MessageBody };
  '/api/events': { body: EventBatch; response: EventsAccepted };
  '/api/practice/place': { body: PracticePlaceUpdate; response: PracticePlace };
}

export type ApiGetPath = keyof ApiGetRoutes;
export type ApiPostPath = keyof ApiPostRoutes;

/** The `{name}` parameters of a path: 'id' for '/chart-data/{id}'. */
export type PathParameterName<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParameterName<Rest> : never;

/** `{ id: string | number }` for '/chart-data/{id}'; no keys for a path without parameters. */
export type PathParameters<Path extends string> = Record<PathParameterName<Path>, string | number>;
