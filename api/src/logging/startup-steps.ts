import { performance } from 'node:perf_hooks';

/**
 * How long each step of a start took, for one log line when the instance is ready: start-up
 * time is a deployment's budget (a rolling restart waits for it), so each step is measured
 * where it runs rather than guessed from log timestamps.
 */
export class StartupSteps {
  private readonly steps: Record<string, number> = {};
  private last: number;

  /** `since`: when the first step began, in ms of performance.now() (default: process start). */
  constructor(since = 0) {
    this.last = since;
  }

  /** Ends the step called `name` now (it began when the previous one ended). */
  mark(name: string): void {
    const now = performance.now();
    this.steps[name] = Math.round(now - this.last);
    this.last = now;
  }

  /** Milliseconds from process start to now. */
  get sinceProcessStart(): number {
    return Math.round(performance.now());
  }

  /** CPU ms the process has used so far (user and system): a start's cost to its machine. */
  get cpuMs(): number {
    const { user, system } = process.cpuUsage();
    return Math.round((user + system) / 1000);
  }

  /** Each step's ms, in the order they ran. */
  get measured(): Readonly<Record<string, number>> {
    return { ...this.steps };
  }
}
