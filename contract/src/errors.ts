/** The lesson a 403 {finishFirst} names: the one to take before the lesson asked for. */
export interface LessonToFinish {
  id: number;
  path: string;
  title: string;
}

/** The one shape of every error answer. */
export interface ErrorBody {
  statusCode: number;
  /** The status code's name. */
  error: string;
  message: string;
  /** On a 403: the call needs the Pro Plan. */
  subscriptionRequired?: boolean;
  /** On a 403: the lesson is not open yet; this one comes first. */
  finishFirst?: LessonToFinish;
}
