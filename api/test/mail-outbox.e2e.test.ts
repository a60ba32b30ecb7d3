import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { createLog } from '../src/logging/log.js';
import { newestOutboxFile } from '../src/mail/outbox.js';
import { PasswordResetService } from '../src/password-reset/password-reset.service.js';
import { parseMimeMessage } from './support/mime-message.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Development set-up: no SMTP_URL, so mail lands in the outbox folder. */
describe('password reset without a mail server', () => {
  let outboxDir: string;
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    outboxDir = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'outbox');
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n')));
    testApp = await startTestApp({ smtpUrl: undefined, outboxDir }, { log: createLog(logStream) });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('writes the reset mail with its link as an .eml file, and the link works', async () => {
    const email = 'outbox.reader@example.com';
    const http = () => request(testApp.http);
    await http().post('/api/register/').send({ email, password: 'plum tree at dawn' }).expect(201);
    await http().post('/users/initReset/').send({ user_email: email }).expect(200);
    await testApp.app.get(PasswordResetService).whenIdle();

    const file = await newestOutboxFile(outboxDir, email);
    expect(file).toBeDefined();
    expect(basename(file ?? '')).toMatch(/_outbox-reader-example-com\.eml$/);
    const mail = parseMimeMessage(await readFile(file ?? ''));
    expect(mail.headers.get('to')).toBe(email);
    expect(mail.headers.get('subject')).toBe('Reset your password');
    const link = new URL(
      /https?:\/\/\S+\/password-reset\?\S+/.exec(mail.text ?? '')?.[0] ?? 'http://missing',
    );
    expect(link.origin).toBe(testApp.config.appOrigin);
    expect(link.searchParams.get('e')).toBe(email);
    // A developer without a mail server reads the link from the log: one JSON entry of the Mail part.
    const mailEntries = logLines
      .filter((line) => line.includes('"context":"Mail"'))
      .map((line) => JSON.parse(line) as { msg: string });
    expect(mailEntries.map((entry) => entry.msg)).toContainEqual(
      expect.stringContaining(`reset link: ${link.href}`),
    );

    await http()
      .post('/users/validateReset/')
      .send({
        new_password: 'copper kettle singing',
        email: link.searchParams.get('e'),
        token: link.searchParams.get('tk'),
      })
      .expect(200);
    await testApp.app.get(PasswordResetService).whenIdle();
    const notice = await newestOutboxFile(outboxDir, email);
    expect(notice).not.toBe(file);
    expect(parseMimeMessage(await readFile(notice ?? '')).headers.get('subject')).toBe(
      'Your password was changed',
    );
  });
});
