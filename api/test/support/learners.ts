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

/** Takes the Pro Plan through the test-mode checkout, as the pricing page does. */
export async function subscribeLearner(http: App, appOrigin: string, learner: Learner) {
  const plan = (await request(http).get('/api/billing/plan').expect(200)).body as {
    priceId: string;
  };
  const checkout = await request(http)
    .post('/stripe/check/')
    .set('Cookie', learner.cookies)
    .send({ priceId: plan.priceId })
    .expect(200);
  const pagePath = new URL((checkout.body as { url: string }).url).pathname;
  await request(http)
    .post(`${pagePath}/confirm`)
    .set('Cookie', learner.cookies)
    .set('Origin', appOrigin)
    .type('form')
    .send('')
    .expect(303);
}
