import { Logger } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { createLog } from '../src/logging/log.js';
import { PinoNestLogger } from '../src/logging/pino-nest-logger.js';

/** A Nest logger over a log on a stream, and the entries written so far. */
function nestLoggerOnStream(): {
  logger: PinoNestLogger;
  entries: () => Record<string, unknown>[];
} {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  return {
    logger: new PinoNestLogger(createLog(stream)),
    entries: () =>
      lines
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('PinoNestLogger', () => {
  afterEach(() => {
    Logger.overrideLogger(false);
  });

  it("turns Nest's Logger calls into pino entries with their context and level", async () => {
    const { logger, entries } = nestLoggerOnStream();
    Logger.overrideLogger(logger);
    new Logger('Mail').log('wrote "Reset your password" - reset link: http://localhost/x?tk=1');
    new Logger('Redis').warn('Redis does not answer');
    new Logger('Billing').debug('below the log level');
    await new Promise(setImmediate);
    expect(entries()).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Mail',
        msg: 'wrote "Reset your password" - reset link: http://localhost/x?tk=1',
      }),
      expect.objectContaining({ level: 40, context: 'Redis', msg: 'Redis does not answer' }),
    ]);
  });

  it('logs an Error under err with its type, message and stack', async () => {
    const { logger, entries } = nestLoggerOnStream();
    Logger.overrideLogger(logger);
    new Logger('Errors').error(new TypeError('cannot read the chart'));
    await new Promise(setImmediate);
    const [entry] = entries();
    expect(entry).toEqual(
      expect.objectContaining({ level: 50, context: 'Errors', msg: 'cannot read the chart' }),
    );
    expect(entry?.err).toEqual(
      expect.objectContaining({
        type: 'TypeError',
        message: 'cannot read the chart',
        stack: expect.stringContaining('TypeError: cannot read the chart\n    at '),
      }),
    );
  });

  it('keeps a stack trace passed beside a message, and extra values as params', async () => {
    const { logger, entries } = nestLoggerOnStream();
    logger.error('the webhook failed', 'Error: boom\n    at handler (file.js:1:1)', 'Stripe');
    logger.log('counted', { requests: 3 }, 'Limits');
    await new Promise(setImmediate);
    expect(entries()).toEqual([
      expect.objectContaining({
        context: 'Stripe',
        msg: 'the webhook failed',
        stack: 'Error: boom\n    at handler (file.js:1:1)',
      }),
      expect.objectContaining({ context: 'Limits', msg: 'counted', params: [{ requests: 3 }] }),
    ]);
  });
});
