import type { CookieOptions, Response } from 'express';
import { AuthCookies, SIGNED_IN_COOKIE } from '../src/auth/auth-cookies.js';
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
      const options = cookieOptions(origin);
      expect([...options.keys()].sort()).toEqual(['access_token', 'refresh_token', 'signed_in']);
      for (const [name, cookie] of options) {
        // The session's secrets are out of scripts' reach; the signed_in flag holds none and is
        // read by the app to know whether to ask about a session at all.
        const httpOnly = name !== SIGNED_IN_COOKIE;
        expect({ name, ...cookie }).toMatchObject({
          name,
          httpOnly,
          sameSite: 'lax',
          secure: false,
        });
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
