import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's logger interface over the app's pino log, so `new Logger('Mail').log(...)` anywhere in
 * the app, and the framework's own messages, become JSON lines like the request log's.
 *
 * Nest passes the logger's context as the last argument, and to `error` a stack trace before it
 * (or `undefined`). An Error given as the message is logged under `err` with pino's serializer.
 *
 * (nestjs-pino is the usual adapter, but it mounts its own request middleware behind every
 * middleware that `app.use` adds, which would stop logging requests refused by a rate limit or
 * the body limit, and keeps one logger for the whole process, where tests start several apps
 * that each write to their own stream.)
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pinoLog: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  private write(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (!this.pinoLog.isLevelEnabled(level)) return;
    const params = [...optionalParams];
    const fields: Record<string, unknown> = {};
    if (params.length > 0 && typeof params.at(-1) === 'string') fields.context = params.pop();
    if (level === 'error' || level === 'fatal') {
      const stack = params.shift();
      if (typeof stack === 'string') fields.stack = stack;
      else if (stack !== undefined) params.unshift(stack);
    }
    if (params.length > 0) fields.params = params;
    if (message instanceof Error) {
      this.pinoLog[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'string') {
      this.pinoLog[level](fields, message);
    } else {
      this.pinoLog[level]({ ...fields, value: message });
    }
  }
}
