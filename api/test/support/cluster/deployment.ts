import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../private-redis.js';
import { type ApiInstance, startApiInstance } from './api-instance.js';
import { Client, loopbackAddress } from './client.js';
import { type Haproxy, startHaproxy } from './haproxy.js';

/** Two API instances behind haproxy, on one database and one Redis. */
export interface Deployment {
  instances: ApiInstance[];
  balancer: Haproxy;
  /** A client of the balancer from its own loopback address (n from 0). */
  client(n: number): Client;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  haproxy: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Extra environment of the instances. */
  env?: NodeJS.ProcessEnv;
  instances?: number;
}

/** Starts the instances together (the migrations' lock makes them take turns), then haproxy. */
export async function deploy(options: DeploymentOptions): Promise<Deployment> {
  const count = options.instances ?? 2;
  // Each instance's port and its health checks' port, then the balancer's.
  const ports = await Promise.all(Array.from({ length: 2 * count + 1 }, () => freePort()));
  const balancerPort = ports[2 * count] ?? 0;
  const outbox = mkdtempSync(join(tmpdir(), 'deployment-outbox-'));
  const env = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix,
    // haproxy connects from the loopback address and sets X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    APP_ORIGIN: `http://localhost:${balancerPort}`,
    MAIL_OUTBOX_DIR: outbox,
    ...options.env,
  };
  const backends = ports.slice(0, count).map((port, index) => ({
    name: `api${index + 1}`,
    port,
    healthPort: ports[count + index] ?? 0,
  }));
  const started = await Promise.allSettled(
    backends.map((backend) =>
      startApiInstance(backend.name, backend.port, {
        ...env,
        HEALTH_PORT: String(backend.healthPort),
      }),
    ),
  );
  const instances = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  let balancer: Haproxy;
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startHaproxy(options.haproxy, balancerPort, backends);
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(outbox, { recursive: true, force: true });
    throw error;
  }
  return {
    instances,
    balancer,
    client: (n) => new Client(balancerPort, loopbackAddress(n)),
    async stop() {
      await balancer.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}
