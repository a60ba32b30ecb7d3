import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { DatabaseAvailability } from '../database/database-availability.js';
import {
  DatabaseUnavailableException,
  isDatabaseUnavailable,
  RetryLaterException,
} from '../database/database-errors.js';

/** The one shape every error answer has. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** body-parser's error for a JSON body that does not parse (Nest maps it to a 400). */
function isMalformedJson(exception: HttpException): boolean {
  const cause = exception.cause;
  return (
    cause instanceof SyntaxError && (cause as { type?: unknown }).type === 'entity.parse.failed'
  );
}

/** body-parser's error for a body over the limit (Nest maps it to a 413). */
function isTooLarge(exception: HttpException): boolean {
  const cause = exception.cause as { type?: unknown } | undefined;
  return cause?.type === 'entity.too.large';
}

function messageOf(exception: HttpException): string {
  // The parser's own text ('Unexpected end of JSON input') does not say what was wrong.
  if (isMalformedJson(exception)) return 'The request body is not valid JSON.';
  if (isTooLarge(exception)) return 'The request body is too large.';
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * Seconds to send as Retry-After: a 503 that asks for a retry later, or any other answer (a
 * 429) that says when.
 */
function retryAfterOf(exception: unknown): number | undefined {
  if (exception instanceof RetryLaterException) return exception.retryAfterSeconds;
  if (!(exception instanceof HttpException)) return undefined;
  const seconds = (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/**
 * Gives every error `{statusCode, error, message}`; unexpected errors are logged, never leaked.
 * A database that went away (or did not answer in time) is a 503 with Retry-After, not a 500;
 * only a failed connection tells DatabaseAvailability it may be away.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly database: DatabaseAvailability) {}

  catch(caught: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    let exception = caught;
    if (!(caught instanceof HttpException) && isDatabaseUnavailable(caught)) {
      this.database.reportFailure(caught);
      exception = new DatabaseUnavailableException(caught);
    }
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined && !response.headersSent) {
      response.setHeader('Retry-After', String(retryAfter));
    }
    let body: ErrorBody;
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      body = {
        statusCode,
        error: STATUS_CODES[statusCode] ?? 'Error',
        message: messageOf(exception),
      };
      const extra = exception.getResponse();
      // Some answers carry a machine-readable flag besides the message (e.g. subscriptionRequired).
      if (typeof extra === 'object') {
        for (const [key, value] of Object.entries(extra)) {
          if (!(key in body)) (body as unknown as Record<string, unknown>)[key] = value;
        }
      }
    } else {
      // An Error is logged whole (type, message and stack under `err`), a thrown value as text.
      this.logger.error(exception instanceof Error ? exception : String(exception));
      body = {
        statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      };
    }
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
