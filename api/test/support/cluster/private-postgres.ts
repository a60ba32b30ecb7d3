import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { captureOutput, stopProcess } from './processes.js';

/** Debian's PostgreSQL server programs (initdb, postgres), or undefined when not installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** The ids of the processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, parent.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/**
 * A PostgreSQL cluster of the test's own, made with initdb in a temporary folder and served on a
 * free port: never the machine's server. It can be stopped, paused and started again; every
 * signal goes to its process id (pausing goes to its process group: the server and its backends).
 */
export class PrivatePostgres {
  private process: ChildProcess | undefined;
  private output: () => string = () => '';

  private constructor(
    private readonly bin: string,
    private readonly folder: string,
    readonly port: number,
  ) {}

  static async create(bin: string, port: number): Promise<PrivatePostgres> {
    const folder = mkdtempSync(join(tmpdir(), 'private-postgres-'));
    const owner = runAs();
    if (owner) chownSync(folder, owner.uid, owner.gid);
    const cluster = new PrivatePostgres(bin, folder, port);
    execFileSync(
      join(bin, 'initdb'),
      ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'],
      { stdio: 'ignore', ...(owner ?? {}) },
    );
    await cluster.start();
    return cluster;
  }

  private get dataDir(): string {
    return join(this.folder, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Starts the server (again, on the same data and port) and waits until it takes queries. */
  async start(): Promise<void> {
    if (this.process) throw new Error('the private PostgreSQL is already running');
    const child = spawn(
      join(this.bin, 'postgres'),
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-k',
        this.folder,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=100',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...(runAs() ?? {}) },
    );
    this.process = child;
    this.output = captureOutput(child);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 1000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the private PostgreSQL did not start:\n${this.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** A fast shutdown (SIGINT): open transactions are rolled back, committed ones are kept. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child) await stopProcess(child, 'SIGINT', 30_000);
  }

  /** Freezes the server and its backends: connections stay open, nothing answers. */
  pause(): void {
    this.signalAll('SIGSTOP');
  }

  resume(): void {
    this.signalAll('SIGCONT');
  }

  /**
   * Signals the server and every process it started, by process id. (Each backend makes itself
   * a process group leader, so signalling the server's group would miss them.)
   */
  private signalAll(signal: NodeJS.Signals): void {
    const pid = this.process?.pid;
    if (pid === undefined) return;
    for (const member of [pid, ...childrenOf(pid)]) {
      try {
        process.kill(member, signal);
      } catch {
        // it ended meanwhile
      }
    }
  }

  async destroy(): Promise<void> {
    this.resume();
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
