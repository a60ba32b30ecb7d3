import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { captureOutput } from './cluster/processes.js';

const REGISTER = fileURLToPath(new URL('./native/register.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** The API as `npm start` runs it, from its TypeScript sources, in a process of its own. */
export interface SourceInstance {
  url: string;
  pid: number;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Sends a signal by process id. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL, for a test's clean-up. */
  kill(): Promise<void>;
}

export async function startSourceInstance(env: NodeJS.ProcessEnv): Promise<SourceInstance> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=source', '--import', REGISTER, MAIN],
    {
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = captureOutput(child);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the API did not start in 90 s:\n${output()}`)),
      90_000,
    );
    const onData = () => {
      const match = /running at (http:\/\/\S+?) /.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${String(code)}) before it started:\n${output()}`));
    });
  });
  if (child.pid === undefined) throw new Error('the API has no process id');
  const pid = child.pid;
  return {
    url,
    pid,
    output,
    exited,
    signal: (signal) => child.kill(signal),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
