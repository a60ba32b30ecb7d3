import { STATUS_CODES } from 'node:http';
import type { Response } from 'supertest';

export interface SetCookie {
  value: string;
  attributes: string[];
}

/** The Set-Cookie headers of a response, by cookie name. */
export function setCookies(response: Response): Map<string, SetCookie> {
  const header: unknown = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header.map(String) : [];
  const cookies = new Map<string, SetCookie>();
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    cookies.set(pair.slice(0, equals), {
      value: decodeURIComponent(pair.slice(equals + 1)),
      attributes: attributes.map((attribute) => attribute.toLowerCase()),
    });
  }
  return cookies;
}

/** A browser-like Cookie header from an answer's session cookies. */
export function cookieHeader(
  response: Response,
  names = ['access_token', 'refresh_token'],
): string {
  const cookies = setCookies(response);
  return names
    .map((name) => {
      const cookie = cookies.get(name);
      if (!cookie) throw new Error(`no ${name} cookie in the answer`);
      return `${name}=${encodeURIComponent(cookie.value)}`;
    })
    .join('; ');
}

/** The one error shape of the API, with the expected status and message. */
export function expectError(
  response: Response,
  statusCode: number,
  message: string | RegExp,
): void {
  expect(response.status).toBe(statusCode);
  expect(response.body).toEqual({
    statusCode,
    error: STATUS_CODES[statusCode],
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}
