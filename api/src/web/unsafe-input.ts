import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../common/all-exceptions.filter.js';

/** Far deeper than any body the API accepts (its deepest is an object holding a list). */
export const MAX_BODY_DEPTH = 16;

/** A lone UTF-16 surrogate: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Why a parsed body must be refused before any validator or the database sees it, or undefined
 * when it may go on. Validators recurse (a deeply nested list overflows their stack), PostgreSQL
 * refuses text holding NUL, and text with a lone surrogate breaks URI and UTF-8 encoding. The
 * walk is iterative and stops at the first problem, so a hostile body cannot make it expensive.
 */
export function unsafeInputReason(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, depth } = next;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return reason;
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`;
    }
    if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const reason = unsafeTextReason(key);
      if (reason) return reason;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

function unsafeTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Text in the request must not contain NUL characters.';
  if (LONE_SURROGATE.test(text)) {
    return 'Text in the request must be valid Unicode (it holds a lone surrogate).';
  }
  return undefined;
}

/** Express middleware, after the body parsers: a clear 400 for what {@link unsafeInputReason} finds. */
export function refuseUnsafeInput(request: Request, response: Response, next: NextFunction): void {
  const body: unknown = request.body;
  const reason = body === undefined ? undefined : unsafeInputReason(body);
  if (!reason) {
    next();
    return;
  }
  const answer: ErrorBody = { statusCode: 400, error: 'Bad Request', message: reason };
  response.status(400).json(answer);
}
