// jest's global set-up: the catalogue's charts made once for the sources under test, before any
// test file starts an app (an app reads them at start, as a built instance reads the build's).
// Run in a plain Node process with the TypeScript hooks, at native speed and on every core, so
// a start after a change to the simulator is not the first test file's to pay within its
// time-out. Charts already made by the same code are kept: then this takes a second or two.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function prepareCatalogueCharts() {
  const api = fileURLToPath(new URL('../../', import.meta.url));
  const made = spawnSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      './test/support/native/register.mjs',
      'src/exercise-charts/catalogue-cache-main.ts',
    ],
    { cwd: api, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0) {
    throw new Error(`making the catalogue's charts failed (exit ${String(made.status)})`);
  }
}
