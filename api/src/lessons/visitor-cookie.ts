import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

export const VISITOR_COOKIE = 'visitor_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The demo visitor's id from its cookie, if it holds a well-formed one. */
export function visitorIdOf(request: Request): string | undefined {
  const value: unknown = (request.cookies as Record<string, unknown> | undefined)?.[VISITOR_COOKIE];
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/**
 * Gives a visitor a random id so the demo can count their tries without an account; it names
 * no one and grants nothing but the visitor's own demo answers.
 */
export function ensureVisitorId(request: Request, response: Response, secure: boolean): string {
  const existing = visitorIdOf(request);
  if (existing) return existing;
  const visitorId = randomUUID();
  response.cookie(VISITOR_COOKIE, visitorId, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ONE_YEAR_MS,
  });
  return visitorId;
}
