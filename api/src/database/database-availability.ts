import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Hysteresis } from '../common/hysteresis.js';
import { isConnectionFailure, isDatabaseSlow } from './database-errors.js';
import type { DatabaseProbe } from './database-probe.js';

/** Injection token of the {@link DatabaseProbe} the app checks its database with. */
export const DATABASE_PROBE = Symbol('DATABASE_PROBE');

/**
 * How the database is watched. A check is `SELECT 1` on a connection of its own (or, for the
 * embedded database, a TCP connection to it), given `timeoutMs`; the timing is chosen so that
 * a busy machine never looks like an outage (three checks of two seconds each must fail, about
 * seven seconds of silence) while a stopped server (connections refused at once) is found in
 * well under a second.
 */
export const DATABASE_CHECKS = {
  /** A check waits this long for its answer, connecting included. */
  timeoutMs: 2000,
  /** Between checks while everything is fine. */
  intervalMs: 1000,
  /** Between checks while the state is deciding or the database is down. */
  quickIntervalMs: 250,
  failuresToGoDown: 3,
  successesToComeUp: 2,
} as const;

/**
 * Whether the database can be reached, known without waiting behind the request pool.
 *
 * Two states, both moved by the checks with hysteresis (three failed checks in a row to go
 * down, two good ones to come back):
 * - `ready`: what readiness reports, so a balancer sends this instance traffic. Only checks move
 *   it.
 * - `up`: whether requests may use the database. It also goes down at once when a request's
 *   connection was refused or dropped (a failed connection is certain evidence), so the next
 *   requests are answered 503 at once instead of each finding out; the checks bring it back.
 *
 * A slow query, a full pool or a queue wait never moves either: it only asks for a check now.
 */
@Injectable()
export class DatabaseAvailability implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly readiness = new Hysteresis(
    DATABASE_CHECKS.failuresToGoDown,
    DATABASE_CHECKS.successesToComeUp,
  );
  private readonly gate = new Hysteresis(
    DATABASE_CHECKS.failuresToGoDown,
    DATABASE_CHECKS.successesToComeUp,
  );
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<boolean> | undefined;
  private closed = false;
  /** Checks run and failed since start, for the metrics. */
  private checks = { run: 0, failed: 0 };

  constructor(@Inject(DATABASE_PROBE) private readonly probe: DatabaseProbe) {}

  /** Whether requests may use the database now. */
  get up(): boolean {
    return this.gate.up;
  }

  /** Whether readiness reports the database up. */
  get ready(): boolean {
    return this.readiness.up;
  }

  get checkCounts(): { run: number; failed: number } {
    return { ...this.checks };
  }

  onApplicationBootstrap(): void {
    this.schedule(DATABASE_CHECKS.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.probe.close();
  }

  /**
   * A request's database work failed. A refused or dropped connection closes the gate at once;
   * a time-out only asks for a check now (the database may just be busy).
   */
  reportFailure(error: unknown): void {
    if (this.closed) return;
    if (isConnectionFailure(error)) {
      if (this.gate.forceDown()) {
        this.logger.warn(
          `a connection to the database failed (${messageOf(error)}); answering 503 until checks find it back`,
        );
      }
      this.checkSoon();
    } else if (isDatabaseSlow(error)) {
      this.checkSoon();
    }
  }

  /** Runs one check now (concurrent callers share it) and records it; true when it answered. */
  check(): Promise<boolean> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** Read through a call: a check's await may have seen the app shut down meanwhile. */
  private isClosed(): boolean {
    return this.closed;
  }

  private checkSoon(): void {
    if (this.checking) return;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.check().then(() => {
        const deciding = !this.gate.up || this.gate.settling || this.readiness.settling;
        this.schedule(deciding ? DATABASE_CHECKS.quickIntervalMs : DATABASE_CHECKS.intervalMs);
      });
    }, delayMs);
    // The checks never keep the process alive.
    this.timer.unref();
  }

  private async runCheck(): Promise<boolean> {
    if (this.closed) return false;
    let failure: unknown;
    try {
      await this.probe.check();
    } catch (error) {
      failure = error;
    }
    // Shut down while the check ran: record nothing.
    if (this.isClosed()) return failure === undefined;
    const ok = failure === undefined;
    this.checks.run += 1;
    if (!ok) this.checks.failed += 1;
    const gateChange = this.gate.record(ok);
    const readinessChange = this.readiness.record(ok);
    if (readinessChange === 'down') {
      this.logger.warn(
        `the database is unreachable (${DATABASE_CHECKS.failuresToGoDown} checks in a row failed, ` +
          `the last: ${messageOf(failure)}); not ready, answering 503 until it is back`,
      );
    } else if (readinessChange === 'up' || gateChange === 'up') {
      this.logger.log('the database is reachable again');
    }
    return ok;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
