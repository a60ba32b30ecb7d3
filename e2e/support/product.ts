import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
export const TEST_OUTPUT_DIR = join(PROJECT_ROOT, 'test-output');

export interface RunningProduct {
  url: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts the built product exactly as `npm start` runs it (node api/dist/main.js) on a free port,
 * with a fresh embedded database and mail outbox in a temporary folder.
 */
export interface StartProductOptions {
  env?: NodeJS.ProcessEnv;
  /** Keep the database and outbox here (and keep them after stop), e.g. to restart on the same data. */
  dataDir?: string;
}

export async function startProduct(options: StartProductOptions = {}): Promise<RunningProduct> {
  const extraEnv = options.env ?? {};
  const entry = join(PROJECT_ROOT, 'api/dist/main.js');
  if (!existsSync(entry) || !existsSync(join(PROJECT_ROOT, 'app/dist/index.html'))) {
    throw new Error('The product is not built: run `npm run build` first (npm test does).');
  }
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'course-e2e-')));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    NODE_ENV: 'test',
    ...extraEnv,
  };
  if (!('DATABASE_URL' in extraEnv)) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the product did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(`the product exited with code ${String(code)} before it started:\n${output}`),
      );
    });
  });

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
