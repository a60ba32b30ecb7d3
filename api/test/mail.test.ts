import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { MailService } from '../src/mail/mail.service.js';
import { newestOutboxFile, outboxFileName, recipientSlug } from '../src/mail/outbox.js';
import { parseMimeMessage } from './support/mime-message.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

const LINK = 'http://localhost:8001/password-reset?e=ann%40example.com&tk=secret-token-value';

function mailService(overrides: { smtpUrl?: string; outboxDir: string }): MailService {
  return new MailService({ ...loadConfig({ NODE_ENV: 'test' }), smtpUrl: undefined, ...overrides });
}

describe('mail', () => {
  let logged: string[];

  beforeEach(() => {
    logged = [];
    // Captures the log lines (and keeps them off the test output).
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('outbox mode (no SMTP_URL)', () => {
    it('writes each message as an .eml file, creating the folder, and logs the file and note', async () => {
      const outboxDir = join(await mkdtemp(join(tmpdir(), 'mail-')), 'not', 'yet', 'there');
      const mail = mailService({ outboxDir });
      expect(mail.mode).toBe('outbox');

      const sent = await mail.send({
        to: 'ann@example.com',
        subject: 'Reset your password',
        text: `Open ${LINK}`,
        html: `<a href="${LINK.replace('&', '&amp;')}">link</a>`,
        outboxLogNote: `reset link: ${LINK}`,
      });

      expect(sent.outboxFile).toBeDefined();
      const file = sent.outboxFile ?? '';
      expect(await readdir(outboxDir)).toEqual([basename(file)]);
      expect(basename(file)).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_\d{6}-[0-9a-f]{4}_ann-example-com\.eml$/,
      );
      const message = parseMimeMessage(await readFile(file));
      expect(message.headers.get('to')).toBe('ann@example.com');
      expect(message.headers.get('subject')).toBe('Reset your password');
      expect(message.headers.get('message-id')).toBe(sent.messageId);
      expect(message.text).toBe(`Open ${LINK}`);
      expect(message.html).toContain(LINK.replace('&', '&amp;'));

      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(file);
      expect(logged[0]).toContain(`reset link: ${LINK}`);
    });

    it('names files so that sorting them finds the newest mail for an address', async () => {
      const outboxDir = await mkdtemp(join(tmpdir(), 'mail-'));
      const mail = mailService({ outboxDir });
      const send = (to: string, subject: string) => mail.send({ to, subject, text: subject });

      const first = await send('ann@example.com', 'first');
      await send('bob@example.com', 'for bob');
      const second = await send('Ann@Example.com', 'second');
      await send('jo-ann@example.com', 'for jo-ann');

      expect(await newestOutboxFile(outboxDir, 'ann@example.com')).toBe(second.outboxFile);
      expect((await readdir(outboxDir)).sort().map((name) => join(outboxDir, name))).toEqual(
        expect.arrayContaining([first.outboxFile, second.outboxFile]),
      );
      expect(await newestOutboxFile(outboxDir, 'nobody@example.com')).toBeUndefined();
      expect(await newestOutboxFile(join(outboxDir, 'missing'), 'ann@example.com')).toBeUndefined();
    });

    it('orders names by time, then by sequence within one millisecond', () => {
      const moment = new Date('2030-01-02T03:04:05.006Z');
      const names = [
        outboxFileName(moment, 'ann@example.com'),
        outboxFileName(moment, 'ann@example.com'),
        outboxFileName(new Date(moment.getTime() + 1), 'ann@example.com'),
      ];
      expect([...names].sort()).toEqual(names);
      expect(names[0]).toMatch(/^2030-01-02T03-04-05-006Z_/);
    });

    it('makes recipient slugs safe for any file system', () => {
      expect(recipientSlug('Ann.Lee+course@Example.COM')).toBe('ann-lee-course-example-com');
      expect(recipientSlug('../../etc/passwd')).toBe('etc-passwd');
      expect(recipientSlug('@@@')).toBe('unknown-recipient');
      expect(recipientSlug(`${'x'.repeat(300)}@example.com`)).toHaveLength(80);
    });

    it('keeps non-ASCII text and long lines intact through the encoding', async () => {
      const outboxDir = await mkdtemp(join(tmpdir(), 'mail-'));
      const text = `Grüße, Zoë! ${'a long line '.repeat(20)}\n${LINK}?${'x'.repeat(120)}`;
      const sent = await mailService({ outboxDir }).send({
        to: 'zoe@example.com',
        subject: 'Encoding',
        text,
        html: `<p>${text}</p>`,
      });
      const message = parseMimeMessage(await readFile(sent.outboxFile ?? ''));
      expect(message.text).toBe(text);
      expect(message.html).toBe(`<p>${text}</p>`);
    });
  });

  describe('SMTP mode', () => {
    let sink: SmtpSink;

    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => {
      await sink.close();
    });

    it('delivers through the server and logs neither the body nor the note', async () => {
      const outboxDir = await mkdtemp(join(tmpdir(), 'mail-'));
      const mail = mailService({ smtpUrl: sink.url, outboxDir });
      expect(mail.mode).toBe('smtp');
      try {
        const sent = await mail.send({
          to: 'bob@example.com',
          subject: 'Reset your password',
          text: `Open ${LINK}`,
          html: `<a href="${LINK}">link</a>`,
          outboxLogNote: `reset link: ${LINK}`,
        });
        expect(sent.outboxFile).toBeUndefined();
        const [received] = sink.mailsTo('bob@example.com');
        expect(received).toBeDefined();
        const message = parseMimeMessage(received!.raw);
        expect(message.headers.get('subject')).toBe('Reset your password');
        expect(message.headers.get('from')).toBe('"S&D Trading Course" <no-reply@localhost>');
        expect(message.text).toBe(`Open ${LINK}`);
        expect(message.html).toBe(`<a href="${LINK}">link</a>`);

        expect(logged.join('\n')).not.toContain('secret-token-value');
        expect(logged.join('\n')).toContain(sent.messageId);
        expect(await readdir(outboxDir)).toEqual([]);
      } finally {
        mail.onApplicationShutdown();
      }
    });

    it('rejects when the server cannot be reached', async () => {
      const outboxDir = await mkdtemp(join(tmpdir(), 'mail-'));
      // Port 1 on loopback: nothing listens there, so the connection is refused at once.
      const mail = mailService({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir });
      await expect(mail.send({ to: 'c@example.com', subject: 's', text: 't' })).rejects.toThrow();
    });
  });
});
