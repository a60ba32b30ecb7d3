import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  ServiceUnavailableException,
} from '@nestjs/common';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ZoneType } from '@course/rules';
import type { RealDecisionItem, RealPoolItem } from '@course/rules/real-practice';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { RealPoolMade, RealPoolTask } from './pool-worker.js';

/** Every real exercise, by session: a session can make a demand and a supply exercise. */
export interface RealPool {
  /** The sessions that make at least one exercise, in the sample's order. */
  sessions: readonly string[];
  item(sessionId: string, type: ZoneType): RealPoolItem | undefined;
  types(sessionId: string): readonly ZoneType[];
  /** Take-or-skip exercises: one a session at most. */
  decisions: {
    sessions: readonly string[];
    item(sessionId: string): RealDecisionItem | undefined;
  };
}

function poolOf({ zones: items, decisions }: RealPoolMade): RealPool {
  const decisionsBySession = new Map(decisions.map((item) => [item.sessionId, item]));
  const bySession = new Map<string, RealPoolItem[]>();
  for (const item of items) {
    const list = bySession.get(item.sessionId) ?? [];
    list.push(item);
    bySession.set(item.sessionId, list);
  }
  return {
    sessions: [...bySession.keys()],
    item: (sessionId, type) => bySession.get(sessionId)?.find((item) => item.type === type),
    types: (sessionId) => (bySession.get(sessionId) ?? []).map((item) => item.type),
    decisions: {
      sessions: decisions.map((item) => item.sessionId),
      item: (sessionId) => decisionsBySession.get(sessionId),
    },
  };
}

function workerFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`./pool-worker.${extension}`, import.meta.url));
}

/**
 * The real charts' pool, made once per instance in a worker thread: at start when charts are
 * made ahead (production), else at the first real chart asked for. Requests wait for it (a few
 * seconds once); a failure is logged and answered 503, and the next request tries again.
 */
@Injectable()
export class RealZonePool implements OnApplicationBootstrap {
  private readonly logger = new Logger('RealZonePool');
  private making: Promise<RealPool> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.practiceChartsAhead) void this.pool().catch(() => undefined);
  }

  pool(): Promise<RealPool> {
    this.making ??= this.make().catch((error: unknown) => {
      this.making = undefined;
      this.logger.error(`real charts could not be made: ${String(error)}`);
      throw new ServiceUnavailableException('Real charts are not available now; try again later.');
    });
    return this.making;
  }

  private async make(): Promise<RealPool> {
    const started = Date.now();
    const threads = new Piscina<RealPoolTask, RealPoolMade>({
      filename: workerFile(),
      minThreads: 1,
      maxThreads: 1,
      niceIncrement: process.platform === 'linux' ? 10 : 0,
      ...(this.config.practiceWorkerExecArgv
        ? { execArgv: [...this.config.practiceWorkerExecArgv] }
        : {}),
    });
    try {
      const made = await threads.run({ sessions: this.config.realPracticeSessions });
      const pool = poolOf(made);
      this.logger.log(
        `real charts: ${made.zones.length} zone exercises from ${pool.sessions.length} ` +
          `sessions and ${made.decisions.length} take-or-skip exercises in ` +
          `${Date.now() - started} ms`,
      );
      return pool;
    } finally {
      await threads.destroy();
    }
  }
}
