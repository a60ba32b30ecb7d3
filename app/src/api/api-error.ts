import type { LessonToFinish } from '@course/contract';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

/**
 * An error body as it may arrive: the API's ErrorBody, or whatever a proxy in between sent, so
 * every field is checked before use.
 */
interface ReceivedErrorBody {
  statusCode?: number;
  error?: string;
  message?: string | string[];
  subscriptionRequired?: boolean;
  finishFirst?: unknown;
}

function lessonToFinish(value: unknown): LessonToFinish | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, path, title } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof path === 'string' && typeof title === 'string'
    ? { id, path, title }
    : undefined;
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your internet connection and try again.';
const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** A failed API call, with the server's own message so pages can show it as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came (offline, time-out). */
    readonly status: number,
    /** Extra keys of the error body, e.g. subscriptionRequired. */
    readonly subscriptionRequired = false,
    /** Set when the lesson is not open yet: the one to finish first. */
    readonly finishFirst?: LessonToFinish,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function isErrorBody(data: unknown): data is ReceivedErrorBody {
  return typeof data === 'object' && data !== null;
}

function messageOf(body: ReceivedErrorBody, status: number): string {
  const { message } = body;
  if (Array.isArray(message) && message.length > 0) return message.join(' ');
  if (typeof message === 'string' && message.trim()) return message;
  return status >= 500 ? UNEXPECTED_ERROR_MESSAGE : `The request failed (${status}).`;
}

/** Turns whatever a ky call threw into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const { status } = error.response;
    const body: ReceivedErrorBody = isErrorBody(error.data) ? error.data : {};
    return new ApiError(
      messageOf(body, status),
      status,
      body.subscriptionRequired === true,
      lessonToFinish(body.finishFirst),
    );
  }
  if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
    return new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  return new ApiError(UNEXPECTED_ERROR_MESSAGE, 0);
}

/** The text to show for any error caught in a page. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}
