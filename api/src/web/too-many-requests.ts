import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '../common/all-exceptions.filter.js';

/** Refusals held at once; past this a refusal is sent at once and the connection closed. */
const MAX_HELD_REFUSALS = 10_000;

/**
 * Sends 429 answers. A refusal is held for `delayMs` first: a person who hit a limit does not
 * notice a second, but a script that hammers a limit with N connections is slowed to N requests
 * per delay, each costing a timer instead of the framework's work.
 */
export class TooManyRequests {
  private held = 0;

  constructor(private readonly delayMs: number) {}

  /** How many refusals are waiting for their delay now. */
  get waiting(): number {
    return this.held;
  }

  send(response: ServerResponse, retryAfterSeconds: number, message: string): void {
    if (this.delayMs <= 0) {
      write(response, retryAfterSeconds, message, false);
      return;
    }
    if (this.held >= MAX_HELD_REFUSALS) {
      write(response, retryAfterSeconds, message, true);
      return;
    }
    this.held += 1;
    // A client that gives up frees its place at once.
    const abandon = () => {
      clearTimeout(timer);
      this.held -= 1;
    };
    // Spread over half to one and a half times the delay: refusals sent in lockstep would come
    // back in lockstep, a burst each round.
    const timer = setTimeout(
      () => {
        response.off('close', abandon);
        this.held -= 1;
        write(response, retryAfterSeconds, message, false);
      },
      this.delayMs * (0.5 + Math.random()),
    );
    response.once('close', abandon);
  }
}

function write(
  response: ServerResponse,
  retryAfterSeconds: number,
  message: string,
  closeConnection: boolean,
): void {
  if (response.headersSent || response.destroyed) return;
  const body: ErrorBody = { statusCode: 429, error: 'Too Many Requests', message };
  const json = JSON.stringify(body);
  response.statusCode = 429;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (closeConnection) response.setHeader('Connection', 'close');
  response.end(json);
}

/** "Please wait 3 minutes" for a Retry-After in seconds. */
export function waitMessage(retryAfterSeconds: number, what = 'attempts'): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
