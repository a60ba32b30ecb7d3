import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { ACCESS_TOKEN_AUDIENCE } from '../src/auth/access-token.service.js';
import { PasswordResetService } from '../src/password-reset/password-reset.service.js';
import { parseMimeMessage } from './support/mime-message.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { cookieHeader, expectError } from './support/http.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const OLD_PASSWORD = 'plum tree at dawn';
const NEW_PASSWORD = 'copper kettle singing';
const RESET_REQUESTED =
  'If an account exists for that email, instructions to reset your password have been sent.';
const PASSWORD_UPDATED = 'Your password has been updated';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
const WRONG_CREDENTIALS = 'Wrong email or password.';
const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
const ONE_HOUR_MS = 60 * 60 * 1000;

describe('password reset', () => {
  let sink: SmtpSink;
  let outboxDir: string;
  let testApp: TestApp;
  let dataSource: DataSource;
  let resets: PasswordResetService;
  let emailCounter = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    testApp = await startTestApp({ smtpUrl: sink.url, outboxDir });
    dataSource = testApp.app.get(DataSource);
    resets = testApp.app.get(PasswordResetService);
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  const http = () => request(testApp.http);
  const freshEmail = () => `reader${++emailCounter}@example.com`;

  async function register(email = freshEmail()) {
    const response = await http()
      .post('/api/register/')
      .send({ email, password: OLD_PASSWORD })
      .expect(201);
    return { email, cookies: cookieHeader(response) };
  }

  /** Asks for a link and waits until the background work (lookup, token, mail) is done. */
  async function requestReset(email: string): Promise<Response> {
    const response = await http().post('/users/initReset/').send({ user_email: email });
    await resets.whenIdle();
    return response;
  }

  function lastMailTo(address: string) {
    const mail = sink.mailsTo(address).at(-1);
    if (!mail) throw new Error(`no mail for ${address}`);
    return parseMimeMessage(mail.raw);
  }

  /** The reset link of the newest mail to an address. */
  function lastLink(address: string): URL {
    const text = lastMailTo(address).text ?? '';
    const link = /https?:\/\/\S+\/password-reset\?\S+/.exec(text)?.[0];
    if (!link) throw new Error(`no reset link in: ${text}`);
    return new URL(link);
  }

  async function resetLinkFor(email: string) {
    await requestReset(email).then((response) => expect(response.status).toBe(200));
    const link = lastLink(email);
    return { email: link.searchParams.get('e') ?? '', token: link.searchParams.get('tk') ?? '' };
  }

  const validateReset = (body: object) => http().post('/users/validateReset/').send(body);

  /** Everything a reset may change: passwords, reset links and sessions. */
  async function snapshot(): Promise<string> {
    const users = await dataSource.query(
      'SELECT id, email, password_hash, password_changed_at FROM users ORDER BY id',
    );
    const links = await dataSource.query(
      'SELECT id, expires_at, used_at, invalidated_at FROM password_reset_tokens ORDER BY id',
    );
    const sessions = await dataSource.query(
      'SELECT id, used_at, revoked_at FROM refresh_tokens ORDER BY id',
    );
    return JSON.stringify({ users, links, sessions });
  }

  async function expectUnchanged(action: () => Promise<void>): Promise<void> {
    const before = await snapshot();
    const mails = sink.received.length;
    await action();
    await resets.whenIdle();
    expect(await snapshot()).toBe(before);
    expect(sink.received.length).toBe(mails);
  }

  async function linkRows(email: string) {
    return dataSource.query<
      {
        token_hash: string;
        created_at: Date;
        expires_at: Date;
        used_at: Date | null;
        invalidated_at: Date | null;
      }[]
    >(
      `SELECT t.token_hash, t.created_at, t.expires_at, t.used_at, t.invalidated_at
       FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
       WHERE u.email = $1 ORDER BY t.created_at`,
      [email],
    );
  }

  async function userId(email: string): Promise<string> {
    const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const id = rows[0]?.id;
    if (!id) throw new Error(`no user ${email}`);
    return id;
  }

  describe('POST users/initReset/', () => {
    it('gives a known and an unknown email the same answer, and mails only the known one', async () => {
      const { email } = await register();
      const unknown = 'nobody-here@example.com';
      const mails = sink.received.length;

      const known = await requestReset(email);
      const stranger = await requestReset(unknown);

      for (const response of [known, stranger]) {
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ message: RESET_REQUESTED });
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(known.text).toBe(stranger.text);
      expect(sink.received.length).toBe(mails + 1);
      expect(sink.mailsTo(email)).toHaveLength(1);
      expect(sink.mailsTo(unknown)).toHaveLength(0);
    });

    it('mails a one-hour link to /password-reset with the email and a random token', async () => {
      const { email } = await register();
      const before = Date.now();
      await requestReset(email);
      const after = Date.now();

      const mail = lastMailTo(email);
      expect(mail.headers.get('to')).toBe(email);
      expect(mail.headers.get('subject')).toBe('Reset your password');
      expect(mail.headers.get('from')).toMatch(/<no-reply@localhost>$/);
      const link = lastLink(email);
      expect(link.origin).toBe(testApp.config.appOrigin);
      expect(link.pathname).toBe('/password-reset');
      expect([...link.searchParams.keys()]).toEqual(['e', 'tk']);
      expect(link.searchParams.get('e')).toBe(email);
      expect(link.search).toContain(`e=${encodeURIComponent(email)}&`);
      const token = link.searchParams.get('tk') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain('within 60 minutes');
      expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);

      const rows = await linkRows(email);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
      expect(row.used_at).toBeNull();
      expect(row.invalidated_at).toBeNull();
      expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + ONE_HOUR_MS);
      expect(row.expires_at.getTime()).toBeLessThanOrEqual(after + ONE_HOUR_MS);
    });

    it('answers before the mail is sent', async () => {
      const { email } = await register();
      sink.hold();
      try {
        // Were the answer waiting for the mail, this request would hang until the release.
        const response = await http().post('/users/initReset/').send({ user_email: email });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ message: RESET_REQUESTED });
        expect(sink.mailsTo(email)).toHaveLength(0);
      } finally {
        sink.release();
      }
      await resets.whenIdle();
      expect(sink.mailsTo(email)).toHaveLength(1);
    });

    it('finds the account whatever the case and spacing of the email', async () => {
      const { email } = await register();
      await requestReset(`  ${email.toUpperCase()} `);
      expect(sink.mailsTo(email)).toHaveLength(1);
      expect(lastLink(email).searchParams.get('e')).toBe(email);
    });

    it('also answers without the trailing slash', async () => {
      const response = await http().post('/users/initReset').send({ user_email: freshEmail() });
      expect(response.status).toBe(200);
      await resets.whenIdle();
    });

    const badBodies: [string, unknown, string][] = [
      ['an empty body', {}, 'user_email is required.'],
      ['a null email', { user_email: null }, 'user_email is required.'],
      ['a numeric email', { user_email: 42 }, 'user_email must be a string.'],
      ['an array email', { user_email: ['a@example.com'] }, 'user_email must be a string.'],
      ['a bad email', { user_email: 'not-an-email' }, 'user_email must be a valid email address.'],
      [
        'an email over 254 characters',
        {
          user_email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com`,
        },
        'user_email must be at most 254 characters long.',
      ],
      [
        'the login field name',
        { email: 'a@example.com' },
        'property email should not exist; user_email is required.',
      ],
      [
        'an extra field',
        { user_email: 'a@example.com', redirect: 'https://evil.example' },
        'property redirect should not exist',
      ],
    ];

    it.each(badBodies)('answers 400 to %s, mailing nothing', async (_case, body, message) => {
      const { email } = await register();
      await expectUnchanged(async () => {
        const response = await http()
          .post('/users/initReset/')
          .send(body as object);
        expectError(response, 400, message);
      });
      expect(sink.mailsTo(email)).toHaveLength(0);
    });

    it('answers 400 to malformed JSON', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/users/initReset/')
          .set('Content-Type', 'application/json')
          .send('{"user_email": ');
        expectError(response, 400, 'The request body is not valid JSON.');
      });
    });
  });

  describe('POST users/validateReset/', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const passwordChangedAt = async (email: string): Promise<number> => {
      const rows = await dataSource.query<{ password_changed_at: Date }[]>(
        'SELECT password_changed_at FROM users WHERE email = $1',
        [email],
      );
      return rows[0]?.password_changed_at.getTime() ?? 0;
    };
    /** An access token as the server signs them, issued some seconds in the past. */
    const accessTokenIssuedAgo = async (email: string, seconds: number) =>
      new SignJWT({ pwc: await passwordChangedAt(email) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(await userId(email))
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now() - seconds)
        .setExpirationTime(now() + 300)
        .sign(new TextEncoder().encode(testApp.config.jwtAccessSecret));

    it('sets the new password, ends every session and mails a notice', async () => {
      const { email, cookies } = await register();
      const otherDevice = await http()
        .post('/api/login/')
        .send({ email, password: OLD_PASSWORD })
        .expect(200);
      // An account from a while ago, with an access token issued seconds before the reset.
      await dataSource.query(
        `UPDATE users SET password_changed_at = now() - interval '1 minute' WHERE email = $1`,
        [email],
      );
      const oldAccessToken = await accessTokenIssuedAgo(email, 5);
      await http().post('/api/auth/').set('Cookie', `access_token=${oldAccessToken}`).expect(200);

      const link = await resetLinkFor(email);
      const response = await validateReset({
        new_password: NEW_PASSWORD,
        email: link.email,
        token: link.token,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: PASSWORD_UPDATED });

      expectError(
        await http().post('/api/login/').send({ email, password: OLD_PASSWORD }),
        401,
        WRONG_CREDENTIALS,
      );
      await http().post('/api/login/').send({ email, password: NEW_PASSWORD }).expect(200);

      // Every session is over: no refresh token refreshes, no earlier access token works.
      for (const session of [cookies, cookieHeader(otherDevice)]) {
        expectError(
          await http().post('/api/login/refresh/').set('Cookie', session),
          401,
          SESSION_ENDED,
        );
      }
      expectError(
        await http().post('/api/auth/').set('Cookie', `access_token=${oldAccessToken}`),
        401,
        NOT_LOGGED_IN,
      );

      const [user] = await dataSource.query<{ password_hash: string }[]>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      );
      expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const [row] = await linkRows(email);
      expect(row?.used_at).toBeInstanceOf(Date);

      await resets.whenIdle();
      const notice = lastMailTo(email);
      expect(notice.headers.get('subject')).toBe('Your password was changed');
      expect(notice.text).toContain(`${testApp.config.appOrigin}/password-recovery`);
      expect(notice.text).not.toContain(link.token);
      expect(notice.text).not.toContain(NEW_PASSWORD);
    });

    it('refuses a used link and changes nothing', async () => {
      const { email } = await register();
      const link = await resetLinkFor(email);
      await validateReset({ new_password: NEW_PASSWORD, ...link }).expect(200);
      await resets.whenIdle();
      await expectUnchanged(async () => {
        expectError(
          await validateReset({ new_password: 'a different new one', ...link }),
          400,
          INVALID_LINK,
        );
      });
      await http().post('/api/login/').send({ email, password: NEW_PASSWORD }).expect(200);
    });

    it('refuses an expired link and changes nothing', async () => {
      const { email } = await register();
      const link = await resetLinkFor(email);
      await dataSource.query(
        `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
         WHERE user_id = $1`,
        [await userId(email)],
      );
      await expectUnchanged(async () => {
        expectError(
          await validateReset({ new_password: NEW_PASSWORD, ...link }),
          400,
          INVALID_LINK,
        );
      });
      await http().post('/api/login/').send({ email, password: OLD_PASSWORD }).expect(200);
    });

    it('refuses a link replaced by a newer request; the newer one works', async () => {
      const { email } = await register();
      const older = await resetLinkFor(email);
      const newer = await resetLinkFor(email);
      expect(newer.token).not.toBe(older.token);
      const rows = await linkRows(email);
      expect(rows.map((row) => row.invalidated_at === null)).toEqual([false, true]);

      await expectUnchanged(async () => {
        expectError(
          await validateReset({ new_password: NEW_PASSWORD, ...older }),
          400,
          INVALID_LINK,
        );
      });
      await validateReset({ new_password: NEW_PASSWORD, ...newer }).expect(200);
    });

    it('refuses a token with another or an unknown email, and a made-up token', async () => {
      const { email } = await register();
      const { email: otherEmail } = await register();
      const link = await resetLinkFor(email);
      await expectUnchanged(async () => {
        for (const body of [
          { new_password: NEW_PASSWORD, email: otherEmail, token: link.token },
          { new_password: NEW_PASSWORD, email: 'nobody-here@example.com', token: link.token },
          { new_password: NEW_PASSWORD, email, token: 'A'.repeat(43) },
          { new_password: NEW_PASSWORD, email, token: `${link.token}x` },
        ]) {
          expectError(await validateReset(body), 400, INVALID_LINK);
        }
      });
      // The email is compared as registration stores it: case and spacing do not matter.
      await validateReset({
        new_password: NEW_PASSWORD,
        email: ` ${email.toUpperCase()} `,
        token: link.token,
      }).expect(200);
    });

    it('also answers without the trailing slash', async () => {
      const { email } = await register();
      const link = await resetLinkFor(email);
      await http()
        .post('/users/validateReset')
        .send({ new_password: NEW_PASSWORD, ...link })
        .expect(200);
    });

    describe('bad bodies, sent with a live link', () => {
      let link: { email: string; token: string };

      beforeAll(async () => {
        const { email } = await register();
        link = await resetLinkFor(email);
      });

      const cases: [string, (live: { email: string; token: string }) => unknown, string][] = [
        [
          'an empty body',
          () => ({}),
          'new_password is required.; email is required.; token is required.',
        ],
        [
          'a missing token',
          ({ email }) => ({ new_password: NEW_PASSWORD, email }),
          'token is required.',
        ],
        [
          'a missing email',
          ({ token }) => ({ new_password: NEW_PASSWORD, token }),
          'email is required.',
        ],
        ['a missing password', (live) => ({ ...live }), 'new_password is required.'],
        [
          'an extra field',
          (live) => ({ new_password: NEW_PASSWORD, ...live, password: NEW_PASSWORD }),
          'property password should not exist',
        ],
        [
          'a numeric token',
          ({ email }) => ({ new_password: NEW_PASSWORD, email, token: 12345 }),
          'token must be a string.',
        ],
        [
          'an empty token',
          ({ email }) => ({ new_password: NEW_PASSWORD, email, token: '' }),
          'token must not be empty.',
        ],
        [
          'a 129-character token',
          ({ email }) => ({ new_password: NEW_PASSWORD, email, token: 'A'.repeat(129) }),
          'token must be at most 128 characters long.',
        ],
        [
          'an object email',
          ({ token }) => ({ new_password: NEW_PASSWORD, email: { $ne: '' }, token }),
          'email must be a string.',
        ],
        [
          'a bad email',
          ({ token }) => ({ new_password: NEW_PASSWORD, email: 'nope', token }),
          'email must be a valid email address.',
        ],
        [
          'a numeric password',
          (live) => ({ new_password: 12345678, ...live }),
          'new_password must be a string.',
        ],
        [
          'a 7-character password',
          (live) => ({ new_password: 'zq8#vbn', ...live }),
          'new_password must be at least 8 characters long.',
        ],
        [
          'a 129-character password',
          (live) => ({ new_password: 'k'.repeat(129), ...live }),
          'new_password must be at most 128 characters long.',
        ],
        [
          'a common password',
          (live) => ({ new_password: 'qwerty123', ...live }),
          'new_password is too common and easy to guess; please choose another one.',
        ],
      ];

      it.each(cases)('answers 400 to %s and leaves the link live', async (_case, body, message) => {
        await expectUnchanged(async () => {
          expectError(await validateReset(body(link) as object), 400, message);
        });
      });

      it('answers 400 to malformed JSON', async () => {
        await expectUnchanged(async () => {
          const response = await http()
            .post('/users/validateReset/')
            .set('Content-Type', 'application/json')
            .send('{"new_password": "x", ');
          expectError(response, 400, 'The request body is not valid JSON.');
        });
      });

      it('left the link working', async () => {
        await validateReset({ new_password: NEW_PASSWORD, ...link }).expect(200);
      });
    });
  });

  it('writes nothing to the outbox when SMTP_URL is set', async () => {
    expect(await readdir(outboxDir)).toEqual([]);
  });

  it('applied the password_reset_tokens migration', async () => {
    const migrations = await dataSource.query<{ name: string }[]>('SELECT name FROM migrations');
    expect(migrations.map((row) => row.name)).toContain('CreatePasswordResetTokens1764000000000');
  });
});
