import request, { type Response } from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';

export interface Learner {
  id: string;
  email: string;
  /** A browser-like Cookie header with the session cookies. */
  cookies: string;
}

let learnerCounter = 0;

/** Registers a fresh learner through the API and keeps their session cookies. */
export async function registerLearner(http: App, dataSource: DataSource): Promise<Learner> {
  const email = `billing-learner${++learnerCounter}-${process.pid}@example.com`;
  const response = await request(http)
    .post('/api/register/')
    .send({ email, password: 'plum tree at dawn' })
    .expect(201);
  const header: unknown = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header.map(String) : [])
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
  const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1', [
    email,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return { id, email, cookies };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  502: 'Bad Gateway',
};

/** The one error shape of the API, with the expected status and message. */
export function expectError(
  response: Response,
  statusCode: number,
  message: string | RegExp,
): void {
  expect(response.status).toBe(statusCode);
  expect(response.body).toEqual({
    statusCode,
    error: STATUS_NAMES[statusCode],
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}
