/**
 * A signed-in learner calling users/get-progress at a fixed rate, and the measurements the
 * "one client does its worst" benchmarks take around it.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Sends GET users/get-progress at a fixed rate (open loop) and returns each latency in ms. */
export async function measureLearner(
  port: number,
  cookie: string,
  seconds: number,
  rate: number,
): Promise<number[]> {
  // Idle sockets are dropped before the server's keep-alive time-out could close one under a
  // request (a reset that would be the benchmark's, not the API's).
  const agent = new Agent({ keepAlive: true, maxSockets: 16, timeout: 4000 });
  const latencies: number[] = [];
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const started = performance.now();
  for (let sent = 0; sent < seconds * rate; sent += 1) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      new Promise<void>((done) => {
        const sentAt = performance.now();
        const call = request(
          {
            host: '127.0.0.1',
            port,
            path: '/users/get-progress',
            agent,
            headers: { cookie, 'x-forwarded-for': '198.51.100.10' },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) latencies.push(performance.now() - sentAt);
              else failures.push(String(response.statusCode));
              done();
            });
          },
        );
        call.on('error', (error) => {
          failures.push(error.message);
          done();
        });
        call.end();
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  if (failures.length > 0)
    throw new Error(`the learner's calls failed: ${failures.slice(0, 5).join(', ')}`);
  return latencies;
}

/** CPU time the process has used, in ms (user + system, from /proc; Linux ticks are 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
