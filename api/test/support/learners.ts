import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { cookieHeader } from './http.js';

export interface Learner {
  id: string;
  email: string;
  /** A browser-like Cookie header with the session cookies. */
  cookies: string;
}

let learnerCounter = 0;

/** Registers a fresh learner through the API and keeps their session cookies. */
export async function registerLearner(http: App, dataSource: DataSource): Promise<Learner> {
  const email = `learner${++learnerCounter}-${process.pid}@example.com`;
  const response = await request(http)
    .post('/api/register/')
    .send({ email, password: 'plum tree at dawn' })
    .expect(201);
  const cookies = cookieHeader(response);
  const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1', [
    email,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return { id, email, cookies };
}
