import { destination, type DestinationStream, type Logger, pino } from 'pino';
import type { PrettyOptions, PrettyStream } from 'pino-pretty';

/**
 * The process's one log: every line it writes, from the app, the framework and each request, is
 * one JSON object with pino's fields (level, time, pid, hostname, msg). Lines of the app carry a
 * `context` (the part of the app that wrote them); request lines carry `req`, `res` and
 * `responseTime` (see web/request-logging.ts).
 */
export function createLog(stream: DestinationStream): Logger {
  return pino(stream);
}

/** How long a log line waits at most in the stdout buffer before it is written. */
const STDOUT_FLUSH_INTERVAL_MS = 1000;

/**
 * The log on stdout. Written asynchronously in 4 kB chunks: a synchronous write per request
 * would cap the server's throughput; the buffer is written at least once a second and when the
 * process exits, so a quiet server's warnings do not wait for more traffic.
 *
 * In a terminal the lines are pretty-printed by pino-pretty when it is installed (a development
 * dependency); redirected to a file or a collector, and in production, they stay JSON.
 */
export async function createStdoutLog(): Promise<Logger> {
  if (process.stdout.isTTY) {
    const pretty = await loadPrettyPrinter();
    if (pretty) return createLog(pretty(TERMINAL_FORMAT));
  }
  return createLog(
    destination({ sync: false, minLength: 4096, periodicFlush: STDOUT_FLUSH_INTERVAL_MS }),
  );
}

/** One line per entry: its part of the app, or a request's method, URL, status and time. */
const TERMINAL_FORMAT: PrettyOptions = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  messageFormat:
    '{if context}[{context}] {end}{msg}' +
    '{if req} {req.method} {req.url} {res.statusCode} in {responseTime} ms{end}',
  ignore: 'pid,hostname,context,req,res,responseTime',
};

type PrettyPrinter = (options: PrettyOptions) => PrettyStream;

async function loadPrettyPrinter(): Promise<PrettyPrinter | undefined> {
  try {
    return (await import('pino-pretty')).default;
  } catch {
    // Not installed (a production install leaves development dependencies out): JSON it is.
    return undefined;
  }
}
