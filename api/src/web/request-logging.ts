import type { Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * Fields that can carry credentials. The request log keeps method, URL, status and timing; it
 * never logs bodies, so passwords and reset tokens cannot reach it either. The analytics visitor
 * id is redacted too: beside an address and a user agent it would tie the analytics to a person.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'req.headers["x-visitor-id"]',
  'res.headers["set-cookie"]',
];

/** One JSON line per request in the app's log (see logging/log.ts), with secrets redacted. */
export function applyRequestLogging(server: Express, log: Logger): void {
  server.use(
    pinoHttp({
      logger: log,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      // Reset links carry their token in the query string of the app's page, never of an API
      // call, but strip every query string anyway: it is not needed to read the log.
      serializers: {
        req(request: { method: string; url: string; headers: Record<string, unknown> }) {
          return {
            method: request.method,
            url: request.url.split('?')[0],
            headers: request.headers,
          };
        },
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : 'info',
    }),
  );
}
