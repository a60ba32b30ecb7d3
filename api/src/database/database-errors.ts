import { ServiceUnavailableException } from '@nestjs/common';

/** Seconds a client is asked to wait when the database is away (PostgreSQL restarts in a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The course is unavailable for a moment (its database cannot be reached). Please try again in a few seconds.';

/** A 503 that tells the client when to come back; the exception filter sends Retry-After. */
export class DatabaseUnavailableException extends ServiceUnavailableException {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE_MESSAGE, { cause });
  }
}

/** Socket errors meaning the server cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of a server that is away or not accepting work: connection exceptions (class 08),
 * shutdowns and start-up (57P01-57P03), too many connections, and a cancelled statement
 * (a time-out, 57014).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;

/** node-postgres's own messages for a connection that went or never came. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'the database system is',
];

/**
 * Whether an error means the database is away (stopped, restarting, unreachable or too slow)
 * rather than that the request was wrong: such errors are answered 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, driverError, cause } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (
      typeof message === 'string' &&
      DRIVER_MESSAGES.some((driverMessage) => message.includes(driverMessage))
    ) {
      return true;
    }
    current = driverError ?? cause;
  }
  return false;
}
