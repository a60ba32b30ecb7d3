import type { Server } from 'node:http';

/**
 * Counts the requests an HTTP server is answering, so that a stop can wait for them (and only
 * them). Once stopping, every answer says `Connection: close`, so a balancer's kept-alive
 * connection ends with the request it carries instead of bringing another.
 */
export class InFlightRequests {
  private count = 0;
  private stopping = false;
  private waiters: (() => void)[] = [];

  constructor(server: Server) {
    // First among the listeners: it sees every request, those answered before the framework too.
    server.prependListener('request', (_request, response) => {
      this.count += 1;
      if (this.stopping && !response.headersSent) response.setHeader('Connection', 'close');
      response.once('close', () => {
        this.count -= 1;
        if (this.count === 0) this.wake();
      });
    });
  }

  get active(): number {
    return this.count;
  }

  /** Resolves true when no request is left, or false at `deadline` (epoch ms) with some still running. */
  drain(deadline: number): Promise<boolean> {
    this.stopping = true;
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiters = this.waiters.filter((waiter) => waiter !== done);
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
