import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureOutput, stopProcess } from './processes.js';

/** The repository root, found from this file whether it runs from its source or a build. */
function findProjectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'api', 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('cannot find the project root');
    folder = parent;
  }
  return folder;
}

export const PROJECT_ROOT = findProjectRoot();

/** One API process, started as `npm start` runs it (node api/dist/main.js). */
export interface ApiInstance {
  name: string;
  port: number;
  pid: number;
  output(): string;
  /** SIGKILL by process id: a crash, no chance to finish anything. */
  kill(): Promise<void>;
  /** SIGTERM by process id: a clean stop. */
  stop(): Promise<void>;
}

export async function startApiInstance(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<ApiInstance> {
  const entry = join(PROJECT_ROOT, 'api/dist/main.js');
  if (!existsSync(entry)) {
    throw new Error('The API is not built: run `npm run build` first (npm test does).');
  }
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in 90 s:\n${output()}`)),
      90_000,
    );
    const onData = () => {
      if (/running at http:\/\/\S+/.test(output())) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${String(code)}) before it started:\n${output()}`));
    });
  });
  if (child.pid === undefined) throw new Error(`${name} has no process id`);
  return {
    name,
    port,
    pid: child.pid,
    output,
    kill: () => stopProcess(child, 'SIGKILL'),
    stop: () => stopProcess(child, 'SIGTERM'),
  };
}
