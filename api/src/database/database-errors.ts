import { ServiceUnavailableException } from '@nestjs/common';

/** Seconds a client is asked to wait when the database is away (PostgreSQL restarts in a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The course is unavailable for a moment (its database cannot be reached). Please try again in a few seconds.';

/** Seconds a client is asked to wait when this instance is busy: queues drain in a second or two. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = 'The course is busy right now. Please try again in a few seconds.';

/** A 503 that tells the client when to come back; the exception filter sends Retry-After. */
export abstract class RetryLaterException extends ServiceUnavailableException {
  abstract readonly retryAfterSeconds: number;
}

/** The database is away (or too slow to answer this request). */
export class DatabaseUnavailableException extends RetryLaterException {
  readonly retryAfterSeconds: number = DATABASE_RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE_MESSAGE, { cause });
  }
}

/** Shed on purpose: more requests wait for the database than this instance queues. */
export class ServerBusyException extends RetryLaterException {
  readonly retryAfterSeconds: number = BUSY_RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(BUSY_MESSAGE, { cause });
  }
}

/** Socket errors meaning the server cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of a server that is away: connection exceptions (class 08) and shutdowns and
 * start-up (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3])$/;

/** node-postgres's own messages for a connection that went or never came. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'the database system is',
];

/**
 * SQLSTATEs and messages of a server that is there but slow or full: a cancelled statement
 * (statement_timeout, 57014), too many connections (53300), our own query time-out, and a
 * connection that took too long to be made or handed out. Answered 503, but never taken as the
 * database being away: slowness is not absence.
 */
const SLOW_SQLSTATE = /^(57014|53300)$/;
const SLOW_CODES = new Set(['ETIMEDOUT']);
const SLOW_MESSAGES = ['timeout exceeded when trying to connect', 'Query read timeout'];
/**
 * TypeORM's errors for a connection that ended under a transaction (the driver's own error went
 * to the connection's listener): a 503 like the rest, and a check decides whether it is away.
 */
const LOST_CONNECTION_NAMES = new Set(['QueryRunnerAlreadyReleasedError']);

type Verdict = 'connection' | 'slow' | undefined;

/** Walks an error and its causes (TypeORM keeps the driver's error in `driverError`). */
function classify(error: unknown): Verdict {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const { name, code, message, driverError, cause } = current as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof name === 'string' && LOST_CONNECTION_NAMES.has(name)) return 'slow';
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || CONNECTION_SQLSTATE.test(code)) return 'connection';
      if (SLOW_CODES.has(code) || SLOW_SQLSTATE.test(code)) return 'slow';
    }
    if (typeof message === 'string') {
      if (CONNECTION_MESSAGES.some((text) => message.includes(text))) return 'connection';
      if (SLOW_MESSAGES.some((text) => message.includes(text))) return 'slow';
    }
    current = driverError ?? cause;
  }
  return undefined;
}

/**
 * Whether an error is a failed connection: refused, reset, dropped, or a server shutting down.
 * Only this (or a failed health query) marks the database down.
 */
export function isConnectionFailure(error: unknown): boolean {
  return classify(error) === 'connection';
}

/** Whether an error is the database being slow or full (a time-out), not away. */
export function isDatabaseSlow(error: unknown): boolean {
  return classify(error) === 'slow';
}

/**
 * Whether an error means the database could not do the work now (away, or too slow) rather
 * than that the request was wrong: such errors are answered 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return classify(error) !== undefined;
}
