import type { CookieOptions, Response } from 'express';
import { AuthCookies } from '../src/auth/auth-cookies.js';
import { loadConfig } from '../src/config/config.js';

/** The options each cookie was set with, from a stand-in response. */
function cookieOptions(appOrigin: string): Map<string, CookieOptions> {
  const options = new Map<string, CookieOptions>();
  const response = {
    cookie(name: string, _value: string, cookie: CookieOptions) {
      options.set(name, cookie);
      return this;
    },
  } as unknown as Response;
  new AuthCookies({ ...loadConfig({}), appOrigin }).set(response, {
    accessToken: 'a',
    refreshToken: 'r',
  });
  return options;
}

describe('AuthCookies', () => {
  it.each(['http://localhost:8001', 'http://127.0.0.1:5173'])(
    'leaves Secure off on %s, where the app runs on plain http',
    (origin) => {
      for (const options of cookieOptions(origin).values()) {
        expect(options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false });
      }
    },
  );

  it.each(['https://course.example', 'http://course.example', 'https://localhost:8443'])(
    'sets Secure on %s',
    (origin) => {
      const options = cookieOptions(origin);
      expect(options.get('access_token')).toMatchObject({ secure: true, path: '/' });
      expect(options.get('refresh_token')).toMatchObject({ secure: true, path: '/api' });
    },
  );
});
