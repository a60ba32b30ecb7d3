import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureOutput, stopProcess, waitForPort } from './processes.js';

/** Debian's haproxy, or undefined when it is not installed. */
export function findHaproxy(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The balancer's own 503 (no instance alive), in the API's error shape with Retry-After. */
export const BALANCER_503 = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  '',
  '{"statusCode":503,"error":"Service Unavailable","message":"The course is unavailable for a moment. Please try again in a few seconds."}',
  '',
].join('\r\n');

/**
 * The haproxy configuration the scale-out test and bench:load use, and docs/operations.md shows. The
 * balancer is the edge: it replaces any X-Forwarded-For a client sends with the address it sees
 * (the API trusts it with TRUST_PROXY=loopback).
 *
 * Traffic goes to the instances that are ready (their database checks pass, with hysteresis,
 * and they are not stopping). When none is (an outage every instance shares), it goes to the
 * live ones instead, which serve what needs no database (the landing page, public charts, the
 * app's files) and answer the rest with their own prompt 503: emptying the pool for a shared
 * outage would turn those into balancer errors too. Health checks get two seconds and three
 * misses before a server is taken out, two passes to come back. They go to each instance's
 * HEALTH_PORT, answered by a thread of its own however busy its main event loop is: only a dead
 * or stopping instance, one with a dependency down, or one whose main loop has not beaten for
 * five seconds is taken out.
 *
 * A connection refused by an instance (killed, restarting) is retried once on another; a
 * request an instance has received is never replayed.
 */
export function haproxyConfig(options: {
  port: number;
  backends: HaproxyBackend[];
  errorFile: string;
}): string {
  const servers = options.backends
    .map(
      (backend) =>
        `  server ${backend.name} 127.0.0.1:${backend.port} check port ${backend.healthPort}`,
    )
    .join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout check 2s
  retries 1
  option redispatch 1
  retry-on conn-failure
  errorfile 503 ${options.errorFile}

frontend course
  bind 127.0.0.1:${options.port}
  http-request set-header X-Forwarded-For %[src]
  use_backend api if { nbsrv(api) ge 1 }
  default_backend api_live

backend api
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 3 rise 2
${servers}

backend api_live
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter 1s fall 3 rise 2
${servers}
`;
}

/** An instance: its name, the port it serves on and the port of its health checks. */
export interface HaproxyBackend {
  name: string;
  port: number;
  healthPort: number;
}

export interface Haproxy {
  port: number;
  pid: number;
  config: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts haproxy in the foreground (-db) on `port`, in front of `backends`. */
export async function startHaproxy(
  binary: string,
  port: number,
  backends: HaproxyBackend[],
): Promise<Haproxy> {
  const folder = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const errorFile = join(folder, '503.http');
  writeFileSync(errorFile, BALANCER_503);
  const config = haproxyConfig({ port, backends, errorFile });
  const configFile = join(folder, 'haproxy.cfg');
  writeFileSync(configFile, config);
  execFileSync(binary, ['-c', '-q', '-f', configFile]);
  const child: ChildProcess = spawn(binary, ['-db', '-f', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  try {
    const exited = new Promise<never>((_resolve, reject) =>
      child.once('exit', (code) => reject(new Error(`haproxy exited (${String(code)})`))),
    );
    await Promise.race([waitForPort(port, 10_000), exited]);
  } catch (error) {
    await stopProcess(child, 'SIGKILL');
    throw new Error(`haproxy did not start:\n${output()}`, { cause: error });
  }
  if (child.pid === undefined) throw new Error('haproxy has no process id');
  return {
    port,
    pid: child.pid,
    config,
    output,
    async stop() {
      await stopProcess(child, 'SIGUSR1');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
