import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.service.js';
import { REFRESH_TOKEN_TTL_MS } from './refresh-token.service.js';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/** The access cookie goes everywhere: the spec's calls live under /users and /stripe too. */
const ACCESS_COOKIE_PATH = '/';
/** The refresh token is only needed by /api/login/refresh/ and /api/logout/. */
const REFRESH_COOKIE_PATH = '/api';
/**
 * A cookie the app's script may read, holding no secret: "this browser has a session", for as
 * long as the refresh token lasts. Without it the app knows a visitor has no session and asks
 * nothing (asking would be answered 401, an error in the browser's console on a public page).
 */
export const SIGNED_IN_COOKIE = 'signed_in';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Session cookie policy: httpOnly (no script reads them), SameSite=Lax, Secure off localhost. */
@Injectable()
export class AuthCookies {
  private readonly base: CookieOptions;
  /** Whether cookies of this app must be Secure (every origin but a developer's localhost). */
  readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const origin = new URL(config.appOrigin);
    // Browsers drop Secure cookies on plain http, which is only used on a developer's machine.
    const local = origin.protocol === 'http:' && LOCAL_HOSTS.has(origin.hostname);
    this.secure = !local;
    this.base = { httpOnly: true, sameSite: 'lax', secure: this.secure };
  }

  set(response: Response, tokens: { accessToken: string; refreshToken: string }): void {
    response.cookie(ACCESS_COOKIE, tokens.accessToken, {
      ...this.base,
      path: ACCESS_COOKIE_PATH,
      maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    response.cookie(REFRESH_COOKIE, tokens.refreshToken, {
      ...this.base,
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_MS,
    });
    response.cookie(SIGNED_IN_COOKIE, '1', {
      ...this.base,
      httpOnly: false,
      path: ACCESS_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_MS,
    });
  }

  clear(response: Response): void {
    // A cookie is only cleared with the same path (and flags) it was set with.
    response.clearCookie(ACCESS_COOKIE, { ...this.base, path: ACCESS_COOKIE_PATH });
    response.clearCookie(REFRESH_COOKIE, { ...this.base, path: REFRESH_COOKIE_PATH });
    response.clearCookie(SIGNED_IN_COOKIE, {
      ...this.base,
      httpOnly: false,
      path: ACCESS_COOKIE_PATH,
    });
  }

  accessToken(request: Request): string | undefined {
    return cookieValue(request, ACCESS_COOKIE);
  }

  refreshToken(request: Request): string | undefined {
    return cookieValue(request, REFRESH_COOKIE);
  }
}

function cookieValue(request: Request, name: string): string | undefined {
  // cookie-parser fills `cookies`; it is typed loosely, so check what is really there.
  const cookies: unknown = request.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value = (cookies as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
