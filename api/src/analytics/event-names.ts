import type { ClientEventName as ContractClientEventName } from '@course/contract';

/**
 * Every analytics event the product records. The app sends the ones only a browser can see; the
 * server records what it already knows from the requests it answers, so a page cannot forge a
 * registration or a pass, and nothing is counted twice.
 */
export const CLIENT_EVENT_NAMES = [
  /** A route was shown (its path only, never a query string). */
  'page_view',
  /** A lesson page opened with its content. */
  'lesson_opened',
  /** The replay of what price did after an exercise was started. */
  'exercise_replay',
  /** Time with an exercise on screen (the page visible), sent when the learner leaves it. */
  'exercise_time',
  /** A Practice Portal chart left with Next or Skip. */
  'practice_chart_done',
] as const satisfies readonly ContractClientEventName[];

export const SERVER_EVENT_NAMES = [
  /** A visitor's answer on a landing demo chart, and a passing one. */
  'demo_try',
  'demo_pass',
  'registration',
  'checkout_started',
  'checkout_completed',
  /** The plan canceled at the end of its period. */
  'subscription_canceled',
  /** A learner's graded answer at a lesson or practice exercise, a passing one, a reveal. */
  'exercise_try',
  'exercise_pass',
  'exercise_reveal',
  /** A lesson marked done (Next on its last page). */
  'lesson_completed',
] as const;

export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];
export type ServerEventName = (typeof SERVER_EVENT_NAMES)[number];
export type EventName = ClientEventName | ServerEventName;

/** What an event is about, beside who and when; every field bounded by the endpoint's DTO. */
export interface EventFields {
  route?: string;
  lessonId?: number;
  chartNumber?: number;
  practiceIndex?: number;
  durationMs?: number;
  passed?: boolean;
}

/** One event as it is stored: a row of `analytics_events`. */
export interface RecordedEvent extends EventFields {
  name: EventName;
  at: Date;
  visitorId?: string;
  userId?: string;
}

/** Which fields a client event must carry to mean anything in a report. */
export function missingFieldOf(name: ClientEventName, fields: EventFields): string | undefined {
  const names = (...keys: (keyof EventFields)[]) => keys.join(', ');
  const hasExercise =
    fields.lessonId !== undefined ||
    fields.chartNumber !== undefined ||
    fields.practiceIndex !== undefined;
  switch (name) {
    case 'page_view':
      return fields.route === undefined ? 'route' : undefined;
    case 'lesson_opened':
      return fields.lessonId === undefined ? 'lessonId' : undefined;
    case 'exercise_replay':
      return hasExercise
        ? undefined
        : `one of ${names('lessonId', 'chartNumber', 'practiceIndex')}`;
    case 'exercise_time':
      if (fields.durationMs === undefined) return 'durationMs';
      return hasExercise
        ? undefined
        : `one of ${names('lessonId', 'chartNumber', 'practiceIndex')}`;
    case 'practice_chart_done':
      return fields.practiceIndex === undefined ? 'practiceIndex' : undefined;
  }
}
