import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EarlyStep } from '../web/before-framework.js';
import type { HealthReports } from './health-reports.js';

const HEALTH_PATHS = new Set([
  '/api/health/live',
  '/api/health',
  '/api/health/ready',
  '/api/health/metrics',
]);

/**
 * The health calls answered in the HTTP server's request event, before every limit, parser and
 * log line: a balancer's check is a few microseconds of work even while the instance is busy,
 * so a loaded instance is never taken for a dead one. Query strings are ignored; anything but
 * GET or HEAD goes on to the framework (which answers 404).
 */
export function healthFastPath(
  reports: HealthReports,
  /** Sets the headers every answer of the server carries (security headers). */
  setCommonHeaders: (request: IncomingMessage, response: ServerResponse) => void = () => undefined,
): EarlyStep {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!HEALTH_PATHS.has(path)) return false;
    setCommonHeaders(request, response);
    switch (path) {
      case '/api/health/live':
        send(request, response, 200, JSON.stringify(reports.liveness()));
        return true;
      case '/api/health':
      case '/api/health/ready': {
        const answer = reports.readiness();
        if (answer.retryAfterSeconds !== undefined) {
          response.setHeader('Retry-After', String(answer.retryAfterSeconds));
        }
        send(request, response, answer.statusCode, JSON.stringify(answer.body));
        return true;
      }
      case '/api/health/metrics':
        send(request, response, 200, reports.metrics(), 'text/plain; version=0.0.4; charset=utf-8');
        return true;
      default:
        return false;
    }
  };
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  statusCode: number,
  body: string,
  contentType = 'application/json; charset=utf-8',
): void {
  response.statusCode = statusCode;
  response.setHeader('Content-Type', contentType);
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.end(request.method === 'HEAD' ? undefined : body);
}
