import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REGISTER = fileURLToPath(new URL('./register.mjs', import.meta.url));

/**
 * Runs `script` (a TypeScript module under api/test that sends its result with
 * `process.send`) in a plain Node process that reads the project's sources, and resolves with
 * that result. For work that is too slow inside jest's VM sandbox.
 */
export function runNative<T>(script: URL, args: readonly string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(script), [...args], {
      execArgv: ['--conditions=source', '--import', REGISTER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: { value: T } | undefined;
    child.once('message', (message) => {
      result = { value: message as T };
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result.value);
      else reject(new Error(`${fileURLToPath(script)} exited with ${String(code)} and no result`));
    });
  });
}
