import { jest } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { SignJWT } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ACCESS_TOKEN_AUDIENCE } from '../src/auth/access-token.service.js';
import { PasswordHasher } from '../src/auth/password-hasher.service.js';
import { REFRESH_GRACE_MS, RefreshTokenService } from '../src/auth/refresh-token.service.js';
import { cookieHeader, expectError, setCookies } from './support/http.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const GOOD_PASSWORD = 'plum tree at dawn';
const WRONG_CREDENTIALS = 'Wrong email or password.';
const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

describe('auth', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let emailCounter = 0;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const http = () => request(testApp.http);
  const freshEmail = () => `learner${++emailCounter}@example.com`;

  async function count(table: 'users' | 'refresh_tokens'): Promise<number> {
    const rows = await dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM "${table}"`);
    return Number(rows[0]?.n);
  }

  async function tokenRows(email: string) {
    return dataSource.query<
      { family_id: string; used_at: Date | null; revoked_at: Date | null; token_hash: string }[]
    >(
      `SELECT t.family_id, t.used_at, t.revoked_at, t.token_hash FROM refresh_tokens t
       JOIN users u ON u.id = t.user_id WHERE u.email = $1 ORDER BY t.created_at`,
      [email],
    );
  }

  async function passwordChangedAt(id: string): Promise<number> {
    const rows = await dataSource.query<{ password_changed_at: Date }[]>(
      'SELECT password_changed_at FROM users WHERE id = $1',
      [id],
    );
    return rows[0]?.password_changed_at.getTime() ?? 0;
  }

  async function userId(email: string): Promise<string> {
    const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const id = rows[0]?.id;
    if (!id) throw new Error(`no user ${email}`);
    return id;
  }

  async function register(email = freshEmail(), password = GOOD_PASSWORD) {
    const response = await http().post('/api/register/').send({ email, password }).expect(201);
    return { email, response, cookies: cookieHeader(response) };
  }

  /** Moves the spending of every token of `email` back past the grace period. */
  async function pastGrace(email: string): Promise<void> {
    await dataSource.query(
      `UPDATE refresh_tokens SET used_at = used_at - $2 * interval '1 millisecond'
       WHERE user_id = $1 AND used_at IS NOT NULL`,
      [await userId(email), REFRESH_GRACE_MS + 1000],
    );
  }

  async function expectUnchanged(action: () => Promise<void>): Promise<void> {
    const before = [await count('users'), await count('refresh_tokens')];
    await action();
    expect([await count('users'), await count('refresh_tokens')]).toEqual(before);
  }

  describe('POST /api/register/', () => {
    it('creates the account, answers {email} and logs the client in', async () => {
      const users = await count('users');
      const response = await http()
        .post('/api/register/')
        .send({ email: '  New.Learner@Example.COM ', password: GOOD_PASSWORD })
        .expect(201);
      expect(response.body).toEqual({ email: 'new.learner@example.com' });
      expect(await count('users')).toBe(users + 1);

      const cookies = setCookies(response);
      const access = cookies.get('access_token');
      const refresh = cookies.get('refresh_token');
      expect(access?.attributes).toEqual(
        expect.arrayContaining(['path=/', 'httponly', 'samesite=lax', 'max-age=600']),
      );
      expect(refresh?.attributes).toEqual(
        expect.arrayContaining(['path=/api', 'httponly', 'samesite=lax', 'max-age=2592000']),
      );
      // A hint the app's script reads (no secret in it), as long-lived as the refresh token.
      const signedIn = cookies.get('signed_in');
      expect(signedIn?.value).toBe('1');
      expect(signedIn?.attributes).toEqual(
        expect.arrayContaining(['path=/', 'samesite=lax', 'max-age=2592000']),
      );
      expect(signedIn?.attributes).not.toContain('httponly');
      // The test app's origin is http://localhost, where browsers would drop Secure cookies.
      expect(access?.attributes).not.toContain('secure');
      // `<session id>.<256 random bits>`: the session is named for per-session rate limits.
      expect(refresh?.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

      const session = await http()
        .post('/api/auth/')
        .set('Cookie', cookieHeader(response))
        .expect(200);
      expect(session.body).toEqual({ email: 'new.learner@example.com' });
    });

    it('stores an argon2id hash with the OWASP parameters and the refresh token only hashed', async () => {
      const { email, response } = await register();
      const [user] = await dataSource.query<{ password_hash: string }[]>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      );
      expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user?.password_hash).not.toContain(GOOD_PASSWORD);
      const rows = await tokenRows(email);
      expect(rows).toHaveLength(1);
      const token = setCookies(response).get('refresh_token')?.value ?? '';
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toContain(token);
    });

    it('also answers without the trailing slash', async () => {
      const response = await http()
        .post('/api/register')
        .send({ email: freshEmail(), password: GOOD_PASSWORD })
        .expect(201);
      expect(setCookies(response).has('access_token')).toBe(true);
    });

    it('accepts passwords of exactly 8 and 128 characters', async () => {
      await register(freshEmail(), 'zq8#vbn3');
      await register(freshEmail(), 'k'.repeat(127) + '!');
    });

    it('refuses an email already registered, whatever its case, and changes nothing', async () => {
      const { email } = await register();
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/register/')
          .send({ email: ` ${email.toUpperCase()}`, password: 'another fine password' });
        expectError(
          response,
          409,
          'An account with this email already exists. Please log in instead.',
        );
        expect(response.headers['set-cookie']).toBeUndefined();
      });
    });

    const badBodies: [string, unknown, string | RegExp][] = [
      ['an empty body', {}, 'email is required.; password is required.'],
      ['a missing email', { password: GOOD_PASSWORD }, 'email is required.'],
      ['a missing password', { email: 'a@example.com' }, 'password is required.'],
      [
        'an extra field',
        { email: 'a@example.com', password: GOOD_PASSWORD, admin: true },
        'property admin should not exist',
      ],
      ['a numeric email', { email: 42, password: GOOD_PASSWORD }, 'email must be a string.'],
      [
        'a numeric password',
        { email: 'a@example.com', password: 12345678 },
        'password must be a string.',
      ],
      [
        'an array email',
        { email: ['a@example.com'], password: GOOD_PASSWORD },
        'email must be a string.',
      ],
      [
        'a bad email',
        { email: 'not-an-email', password: GOOD_PASSWORD },
        'email must be a valid email address.',
      ],
      [
        'an email over 254 characters',
        {
          email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com`,
          password: GOOD_PASSWORD,
        },
        'email must be at most 254 characters long.',
      ],
      [
        'a 7-character password',
        { email: 'a@example.com', password: 'zq8#vbn' },
        'password must be at least 8 characters long.',
      ],
      [
        'a 129-character password',
        { email: 'a@example.com', password: 'k'.repeat(129) },
        'password must be at most 128 characters long.',
      ],
      [
        'a password of eight spaces',
        { email: 'a@example.com', password: '        ' },
        'password must contain something besides spaces.',
      ],
      [
        'a password of tabs, newlines and other white space only',
        { email: 'a@example.com', password: '\t\n \u00a0\u2003\t\n \u3000' },
        'password must contain something besides spaces.',
      ],
      [
        'a common password',
        { email: 'a@example.com', password: 'qwerty123' },
        'password is too common and easy to guess; please choose another one.',
      ],
      [
        'a common password in other case',
        { email: 'a@example.com', password: 'PassWord123' },
        'password is too common and easy to guess; please choose another one.',
      ],
    ];

    it.each(badBodies)('answers 400 to %s and changes nothing', async (_case, body, message) => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/register/')
          .send(body as object);
        expectError(response, 400, message);
        expect(response.headers['set-cookie']).toBeUndefined();
      });
    });

    it('answers 400 to malformed JSON and changes nothing', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/register/')
          .set('Content-Type', 'application/json')
          .send('{"email": "a@example.com", "password": ');
        expectError(response, 400, 'The request body is not valid JSON.');
      });
    });
  });

  describe('POST /api/login/', () => {
    let email: string;

    beforeAll(async () => {
      ({ email } = await register());
    });

    it('answers 200 {email} with session cookies, for any case and spacing of the email', async () => {
      const tokens = await count('refresh_tokens');
      const response = await http()
        .post('/api/login/')
        .send({ email: ` ${email.toUpperCase()} `, password: GOOD_PASSWORD })
        .expect(200);
      expect(response.body).toEqual({ email });
      expect(await count('refresh_tokens')).toBe(tokens + 1);
      await http().post('/api/auth/').set('Cookie', cookieHeader(response)).expect(200);
    });

    it('also answers without the trailing slash', async () => {
      await http().post('/api/login').send({ email, password: GOOD_PASSWORD }).expect(200);
    });

    it('answers a wrong password with the one message and issues nothing', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/login/')
          .send({ email, password: 'not the password' });
        expectError(response, 401, WRONG_CREDENTIALS);
        expect(response.headers['set-cookie']).toBeUndefined();
      });
    });

    it('answers an unknown email with the same message', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/login/')
          .send({ email: 'nobody@example.com', password: GOOD_PASSWORD });
        expectError(response, 401, WRONG_CREDENTIALS);
        expect(response.headers['set-cookie']).toBeUndefined();
      });
    });

    it('runs exactly one argon2 verify for a known and an unknown email alike', async () => {
      // Counted, not timed: timings on a shared machine are noise (bench:login times them).
      const hasher = testApp.app.get(PasswordHasher);
      const verify = jest.spyOn(hasher, 'verify');
      try {
        await http().post('/api/login/').send({ email, password: 'not the password' }).expect(401);
        await http()
          .post('/api/login/')
          .send({ email: 'nobody@example.com', password: 'not the password' })
          .expect(401);
        expect(verify).toHaveBeenCalledTimes(2);
        const [knownHash, unknownHash] = verify.mock.calls.map(([hash]) => hash);
        // The unknown email is checked against a real argon2id hash of the same cost.
        expect(knownHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(unknownHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(unknownHash).not.toBe(knownHash);
      } finally {
        verify.mockRestore();
      }
    });

    it.each([
      ['a missing password', { email: 'a@example.com' }, 'password is required.'],
      ['an empty email', { email: '', password: 'x' }, 'email must not be empty.'],
      ['a numeric password', { email: 'a@example.com', password: 1 }, 'password must be a string.'],
      [
        'an extra field',
        { email: 'a@example.com', password: 'x', remember: true },
        'property remember should not exist',
      ],
    ])('answers 400 to %s', async (_case, body, message) => {
      await expectUnchanged(async () => {
        expectError(await http().post('/api/login/').send(body), 400, message);
      });
    });
  });

  describe('POST /api/auth/', () => {
    let email: string;
    let cookies: string;

    beforeAll(async () => {
      ({ email, cookies } = await register());
    });

    /** Signs like the server: the `pwc` claim holds the user's password-change time (ms). */
    const sign = async (subject: string, secret: string, issuedAt: number, expiresAt: number) =>
      new SignJWT({ pwc: await passwordChangedAt(subject) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));
    const now = () => Math.floor(Date.now() / 1000);

    it('answers 200 {email} for a valid access cookie, with or without the slash', async () => {
      const response = await http().post('/api/auth/').set('Cookie', cookies).expect(200);
      expect(response.body).toEqual({ email });
      await http().post('/api/auth').set('Cookie', cookies).expect(200);
    });

    it('accepts a token it signed itself (the forging helper below is faithful)', async () => {
      const token = await sign(
        await userId(email),
        testApp.config.jwtAccessSecret,
        now(),
        now() + 60,
      );
      await http().post('/api/auth/').set('Cookie', `access_token=${token}`).expect(200);
    });

    it('answers 401 without a cookie', async () => {
      expectError(await http().post('/api/auth/'), 401, NOT_LOGGED_IN);
    });

    it('answers 401 to a tampered token', async () => {
      const token = /access_token=([^;]+)/.exec(cookies)?.[1] ?? '';
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      const forged = Buffer.from(
        JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url');
      for (const bad of [
        `${header}.${forged}.${signature}`,
        `${token.slice(0, -2)}AA`,
        'garbage',
      ]) {
        expectError(
          await http().post('/api/auth/').set('Cookie', `access_token=${bad}`),
          401,
          NOT_LOGGED_IN,
        );
      }
    });

    it('answers 401 to an expired token', async () => {
      const token = await sign(
        await userId(email),
        testApp.config.jwtAccessSecret,
        now() - 1200,
        now() - 600,
      );
      expectError(
        await http().post('/api/auth/').set('Cookie', `access_token=${token}`),
        401,
        NOT_LOGGED_IN,
      );
    });

    it('answers 401 to a token signed with another key or with alg none', async () => {
      const foreign = await sign(await userId(email), 'x'.repeat(40), now(), now() + 60);
      const unsigned = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(
          JSON.stringify({
            sub: await userId(email),
            aud: ACCESS_TOKEN_AUDIENCE,
            iat: now(),
            exp: now() + 60,
          }),
        ).toString('base64url'),
        '',
      ].join('.');
      for (const token of [foreign, unsigned]) {
        expectError(
          await http().post('/api/auth/').set('Cookie', `access_token=${token}`),
          401,
          NOT_LOGGED_IN,
        );
      }
    });

    it('answers 401 to a token issued before the password last changed', async () => {
      const id = await userId(email);
      const changedAt = new Date(await passwordChangedAt(id));
      // One millisecond later is enough: the token carries the exact change time it knew.
      await dataSource.query(`UPDATE users SET password_changed_at = $2 WHERE id = $1`, [
        id,
        new Date(changedAt.getTime() + 1),
      ]);
      try {
        expectError(await http().post('/api/auth/').set('Cookie', cookies), 401, NOT_LOGGED_IN);
      } finally {
        await dataSource.query(`UPDATE users SET password_changed_at = $2 WHERE id = $1`, [
          id,
          changedAt,
        ]);
      }
    });
  });

  describe('POST /api/login/refresh/', () => {
    it('rotates the refresh token and issues a new access token', async () => {
      const { email, response: first } = await register();
      const response = await http()
        .post('/api/login/refresh/')
        .set('Cookie', cookieHeader(first))
        .expect(200);
      expect(response.body).toEqual({ email });
      const oldToken = setCookies(first).get('refresh_token')?.value;
      const newToken = setCookies(response).get('refresh_token')?.value;
      expect(newToken).toBeDefined();
      expect(newToken).not.toBe(oldToken);
      expect(setCookies(response).get('access_token')?.value).toBeDefined();

      const rows = await tokenRows(email);
      expect(rows).toHaveLength(2);
      expect(rows[0]?.used_at).toBeInstanceOf(Date);
      expect(rows[1]?.used_at).toBeNull();
      expect(rows[1]?.family_id).toBe(rows[0]?.family_id);
      expect(rows.every((row) => row.revoked_at === null)).toBe(true);

      await http().post('/api/auth/').set('Cookie', cookieHeader(response)).expect(200);
      // The new token rotates again, also at the path without the slash.
      await http()
        .post('/api/login/refresh')
        .set('Cookie', cookieHeader(response, ['refresh_token']))
        .expect(200);
    });

    it('revokes the whole family when a rotated token is replayed after the grace period', async () => {
      const { email, response: first } = await register();
      // A second login is another family, which the theft must not touch.
      const other = await http().post('/api/login/').send({ email, password: GOOD_PASSWORD });
      const stolen = cookieHeader(first, ['refresh_token']);
      const rotated = await http().post('/api/login/refresh/').set('Cookie', stolen).expect(200);
      await pastGrace(email);

      const replay = await http().post('/api/login/refresh/').set('Cookie', stolen);
      expectError(replay, 401, SESSION_ENDED);
      // The cookies of the refused session are cleared.
      expect(setCookies(replay).get('refresh_token')?.value).toBe('');

      const rows = await tokenRows(email);
      const family = rows[0]?.family_id;
      const familyRows = rows.filter((row) => row.family_id === family);
      expect(familyRows).toHaveLength(2);
      expect(familyRows.every((row) => row.revoked_at instanceof Date)).toBe(true);
      expect(rows.filter((row) => row.family_id !== family).map((row) => row.revoked_at)).toEqual([
        null,
      ]);

      // The thief's fresh token is dead too; the other login still refreshes.
      await expectUnchanged(async () => {
        expectError(
          await http()
            .post('/api/login/refresh/')
            .set('Cookie', cookieHeader(rotated, ['refresh_token'])),
          401,
          SESSION_ENDED,
        );
      });
      await http()
        .post('/api/login/refresh/')
        .set('Cookie', cookieHeader(other, ['refresh_token']))
        .expect(200);
    });

    describe(`a just-rotated token (grace of ${REFRESH_GRACE_MS / 1000} s)`, () => {
      const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) learner';
      const THIEF = 'curl/8.5.0';
      const refresh = (cookie: string, userAgent = BROWSER) =>
        http().post('/api/login/refresh/').set('Cookie', cookie).set('User-Agent', userAgent);
      const refreshCookie = (response: request.Response) =>
        cookieHeader(response, ['refresh_token']);

      async function expectSessionOver(email: string, ...cookies: string[]): Promise<void> {
        expect((await tokenRows(email)).every((row) => row.revoked_at instanceof Date)).toBe(true);
        for (const cookie of cookies) expectError(await refresh(cookie), 401, SESSION_ENDED);
      }

      it('keeps the session of two tabs refreshing with the same token at once', async () => {
        const { email, response } = await register();
        const shared = refreshCookie(response);
        const [tabA, tabB] = await Promise.all([refresh(shared), refresh(shared)]);
        expect([tabA.status, tabB.status]).toEqual([200, 200]);
        // Each tab got a working session; the browser keeps the cookie that arrived last.
        await http().post('/api/auth/').set('Cookie', cookieHeader(tabA)).expect(200);
        await http().post('/api/auth/').set('Cookie', cookieHeader(tabB)).expect(200);
        const kept = await refresh(refreshCookie(tabB)).expect(200);
        // The family moved on with the kept token: the other tab's sibling is dropped, quietly.
        const rows = await tokenRows(email);
        expect(rows.filter((row) => row.revoked_at === null && row.used_at === null)).toHaveLength(
          1,
        );
        expectError(await refresh(refreshCookie(tabA)), 401, SESSION_ENDED);
        await refresh(refreshCookie(kept)).expect(200);
      });

      it('old token first, then the new one: a lost answer is retried and the session goes on', async () => {
        const { response } = await register();
        const old = refreshCookie(response);
        await refresh(old).expect(200); // its answer never reached the browser
        const retried = await refresh(old).expect(200);
        const next = await refresh(refreshCookie(retried)).expect(200);
        await http().post('/api/auth/').set('Cookie', cookieHeader(next)).expect(200);
      });

      it('new token first, then the old one: the family moved on, so the old one is a copy', async () => {
        const { email, response } = await register();
        const old = refreshCookie(response);
        const second = await refresh(old).expect(200);
        const third = await refresh(refreshCookie(second)).expect(200);
        expectError(await refresh(old), 401, SESSION_ENDED);
        await expectSessionOver(email, refreshCookie(third));
      });

      it('is reuse after the grace period, even from the same client', async () => {
        const { email, response } = await register();
        const old = refreshCookie(response);
        const rotated = await refresh(old).expect(200);
        await pastGrace(email);
        expectError(await refresh(old), 401, SESSION_ENDED);
        await expectSessionOver(email, refreshCookie(rotated));
      });

      it('is reuse from another client: the learner refreshed, then a thief sends the copy', async () => {
        const { email, response } = await register();
        const stolen = refreshCookie(response);
        const learners = await refresh(stolen).expect(200);
        expectError(await refresh(stolen, THIEF), 401, SESSION_ENDED);
        await expectSessionOver(email, refreshCookie(learners));
      });

      it('is reuse from another client: a thief refreshed first, then the learner’s tab', async () => {
        const { email, response } = await register();
        const stolen = refreshCookie(response);
        const thiefs = await refresh(stolen, THIEF).expect(200);
        expectError(await refresh(stolen), 401, SESSION_ENDED);
        // The thief's session ends with the learner's.
        await expectSessionOver(email, refreshCookie(thiefs));
      });
    });

    it('keeps the cookies when the refresh fails for any reason but an ended session', async () => {
      const { response } = await register();
      const cookies = cookieHeader(response);
      const rotate = jest.spyOn(RefreshTokenService.prototype, 'rotate');
      try {
        rotate.mockRejectedValueOnce(new ServiceUnavailableException('The database is away.'));
        const unavailable = await http().post('/api/login/refresh/').set('Cookie', cookies);
        expect(unavailable.status).toBe(503);
        expect(unavailable.headers['set-cookie']).toBeUndefined();

        rotate.mockRejectedValueOnce(new Error('something unexpected'));
        const failed = await http().post('/api/login/refresh/').set('Cookie', cookies);
        expect(failed.status).toBe(500);
        expect(failed.headers['set-cookie']).toBeUndefined();
      } finally {
        rotate.mockRestore();
      }
      // The session the failed refreshes left alone still refreshes.
      await http().post('/api/login/refresh/').set('Cookie', cookies).expect(200);
    });

    it('answers 401 without a refresh cookie or with an unknown one, changing nothing', async () => {
      await expectUnchanged(async () => {
        expectError(await http().post('/api/login/refresh/'), 401, SESSION_ENDED);
        expectError(
          await http().post('/api/login/refresh/').set('Cookie', 'refresh_token=made-up'),
          401,
          SESSION_ENDED,
        );
      });
    });

    it('answers 401 to an expired refresh token', async () => {
      const { email, response } = await register();
      await dataSource.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
         WHERE user_id = $1`,
        [await userId(email)],
      );
      expectError(
        await http()
          .post('/api/login/refresh/')
          .set('Cookie', cookieHeader(response, ['refresh_token'])),
        401,
        SESSION_ENDED,
      );
    });
  });

  describe('POST /api/logout/', () => {
    it('answers true, clears both cookies and revokes the refresh token', async () => {
      const { email, cookies } = await register();
      const response = await http().post('/api/logout/').set('Cookie', cookies).expect(200);
      expect(response.body).toBe(true);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const cleared = setCookies(response);
      expect(cleared.get('access_token')?.value).toBe('');
      expect(cleared.get('access_token')?.attributes).toContain('path=/');
      expect(cleared.get('refresh_token')?.value).toBe('');
      expect(cleared.get('refresh_token')?.attributes).toContain('path=/api');
      expect(cleared.get('signed_in')?.value).toBe('');
      expect(cleared.get('signed_in')?.attributes).toContain('path=/');
      expect(cleared.get('refresh_token')?.attributes).toEqual(
        expect.arrayContaining([expect.stringMatching(/^expires=thu, 01 jan 1970/)]),
      );
      expect((await tokenRows(email)).map((row) => row.revoked_at)).toEqual([expect.any(Date)]);

      expectError(
        await http().post('/api/login/refresh/').set('Cookie', cookies),
        401,
        SESSION_ENDED,
      );
    });

    it('ends the access token at once, not when it expires ten minutes later', async () => {
      const { cookies } = await register();
      await http().post('/api/auth/').set('Cookie', cookies).expect(200);
      await http().post('/api/logout/').set('Cookie', cookies).expect(200);
      // A copy of the cookies kept from before the logout no longer opens anything.
      expectError(await http().post('/api/auth/').set('Cookie', cookies), 401, NOT_LOGGED_IN);
      expectError(
        await http().get('/users/get-progress').set('Cookie', cookies),
        401,
        NOT_LOGGED_IN,
      );
    });

    it('answers true without a session too, and without the slash', async () => {
      const response = await http().post('/api/logout').expect(200);
      expect(response.body).toBe(true);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request with cookies from a foreign Origin, changing nothing', async () => {
      const { email, cookies } = await register();
      for (const path of ['/api/logout/', '/api/login/refresh/', '/api/auth/']) {
        const response = await http()
          .post(path)
          .set('Cookie', cookies)
          .set('Origin', 'https://evil.example');
        expectError(response, 403, 'Cross-site request refused.');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect((await tokenRows(email)).map((row) => [row.used_at, row.revoked_at])).toEqual([
        [null, null],
      ]);
    });

    it('refuses one without an Origin that the browser marks cross-site or refers from elsewhere', async () => {
      const { email, cookies } = await register();
      const withoutOrigin = [
        { 'Sec-Fetch-Site': 'cross-site' },
        { Referer: 'https://evil.example/page' },
        { Referer: 'not a url' },
      ];
      for (const headers of withoutOrigin) {
        const response = await http().post('/api/logout/').set('Cookie', cookies).set(headers);
        expectError(response, 403, 'Cross-site request refused.');
      }
      expect((await tokenRows(email)).map((row) => [row.used_at, row.revoked_at])).toEqual([
        [null, null],
      ]);
      // The app's own pages, and clients that say nothing (curl, servers), are let through.
      await http()
        .post('/api/auth/')
        .set('Cookie', cookies)
        .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testApp.config.appOrigin}/lessons` })
        .expect(200);
      await http().post('/api/auth/').set('Cookie', cookies).expect(200);
    });

    it('lets the same origin through, and requests without cookies', async () => {
      const { cookies } = await register();
      await http()
        .post('/api/auth/')
        .set('Cookie', cookies)
        .set('Origin', testApp.config.appOrigin)
        .expect(200);
      await http()
        .post('/api/register/')
        .set('Origin', 'https://elsewhere.example')
        .send({ email: freshEmail(), password: GOOD_PASSWORD })
        .expect(201);
    });
  });

  it('applied the refresh_tokens migration', async () => {
    const migrations = await dataSource.query<{ name: string }[]>('SELECT name FROM migrations');
    expect(migrations.map((row) => row.name)).toContain('CreateRefreshTokens1763800000000');
  });
});
