import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AuthCookies } from '../auth/auth-cookies.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LANDING_DEMO_CHARTS } from '../course-catalogue/exercise-rules.js';

export const DEMO_COOKIE = 'demo_tries';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** A visitor's tries at one landing demo chart. */
export interface DemoTries {
  /** Failed tries. */
  tries: number;
  passed: boolean;
}

type Standings = Map<number, DemoTries>;

/**
 * A visitor's tries at the landing demo, kept in a signed cookie instead of a database row per
 * try: a visitor's answers cost no write, however many a script sends, and any instance can
 * read them. The signature stops a visitor from writing a pass; sending an older cookie only
 * gives back tries, which clearing cookies does as well, so it needs no more.
 */
@Injectable()
export class DemoStanding {
  private readonly key: Buffer;
  private readonly cookieOptions: CookieOptions;

  constructor(@Inject(APP_CONFIG) config: AppConfig, cookies: AuthCookies) {
    // Its own key, derived from the access-token secret: one secret less to configure.
    this.key = createHmac('sha256', config.jwtAccessSecret).update('landing-demo-tries').digest();
    this.cookieOptions = {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookies.secure,
      path: '/',
      maxAge: THIRTY_DAYS_MS,
    };
  }

  /** The visitor's tries per demo chart, from a cookie this server signed (else none). */
  read(request: Request): Standings {
    const cookies = request.cookies as Record<string, unknown> | undefined;
    const value = cookies?.[DEMO_COOKIE];
    const standings: Standings = new Map();
    if (typeof value !== 'string') return standings;
    const [payload, signature] = value.split('.');
    if (!payload || !signature || !this.verify(payload, signature)) return standings;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return standings;
    }
    if (typeof parsed !== 'object' || parsed === null) return standings;
    for (const [chart, entry] of Object.entries(parsed)) {
      const chartNumber = Number(chart);
      if (!LANDING_DEMO_CHARTS.includes(chartNumber) || !Array.isArray(entry)) continue;
      const [tries, passed] = entry as unknown[];
      if (Number.isSafeInteger(tries) && (passed === 0 || passed === 1)) {
        standings.set(chartNumber, { tries: tries as number, passed: passed === 1 });
      }
    }
    return standings;
  }

  /** The tries at one chart (none yet when the cookie does not have it). */
  of(request: Request, chartNumber: number): DemoTries {
    return this.read(request).get(chartNumber) ?? { tries: 0, passed: false };
  }

  /** Records one graded try at a demo chart and sends the new cookie; returns the new tries. */
  record(request: Request, response: Response, chartNumber: number, pass: boolean): DemoTries {
    const standings = this.read(request);
    const before = standings.get(chartNumber) ?? { tries: 0, passed: false };
    const after = { tries: before.tries + (pass ? 0 : 1), passed: before.passed || pass };
    standings.set(chartNumber, after);
    const payload = Buffer.from(
      JSON.stringify(
        Object.fromEntries(
          [...standings].map(([chart, entry]) => [chart, [entry.tries, entry.passed ? 1 : 0]]),
        ),
      ),
    ).toString('base64url');
    response.cookie(DEMO_COOKIE, `${payload}.${this.sign(payload)}`, this.cookieOptions);
    return after;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
