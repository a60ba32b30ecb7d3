/** The events only a browser can see; the server records the rest from the calls it answers. */
export type ClientEventName =
  'page_view' | 'lesson_opened' | 'exercise_replay' | 'exercise_time' | 'practice_chart_done';

/** What an event is about, beside its name and time; each field bounded by the API. */
export interface AnalyticsEventFields {
  /** The route shown (page_view): its path only, never a query string. */
  route?: string;
  lessonId?: number;
  /** A catalogue chart (the landing demo's). */
  chartNumber?: number;
  /** A Practice Portal chart, by its place. */
  practiceIndex?: number;
  /** Time with the exercise on screen (exercise_time), in milliseconds. */
  durationMs?: number;
  /** Whether the chart was passed (practice_chart_done). */
  passed?: boolean;
}

export interface AnalyticsEvent extends AnalyticsEventFields {
  name: ClientEventName;
  /** When it happened, by the browser's clock (milliseconds since 1970). */
  at: number;
}

/** POST api/events: what the app sends with navigator.sendBeacon when a page is hidden. */
export interface EventBatch {
  /** A random id the browser keeps in its own storage; it names no person. */
  visitorId: string;
  /** When the batch was sent, by the browser's clock (the server corrects for its skew). */
  sentAt: number;
  events: AnalyticsEvent[];
}

export interface EventsAccepted {
  /** Events kept for the reports (0 under Do Not Track or Global Privacy Control). */
  accepted: number;
}
