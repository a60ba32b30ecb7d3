// `npm test`: builds, then runs every suite (each workspace's tests, the browser tests, the
// scale-out test) even when an earlier one fails, and closes with one line of totals over all of
// them. Exits non-zero when the build or any suite failed. A failed build stops here: nothing
// after it would test the code as written.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { jestCounts } from './jest-totals.mjs';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The workspaces that have tests, in the order package.json lists them. */
const workspaceSuites = manifest.workspaces
  .filter((name) => {
    const scripts = JSON.parse(readFileSync(new URL(`${name}/package.json`, root), 'utf8')).scripts;
    return typeof scripts?.test === 'string';
  })
  .map((name) => ({ name, args: ['run', 'test', '-w', name] }));

const suites = [
  ...workspaceSuites,
  { name: 'browser', args: ['run', 'test:e2e'] },
  { name: 'scale-out', args: ['run', 'test:scale-out'] },
];

/** Runs `npm args`, echoing its output; resolves with its exit code and what it printed. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(npm, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    const echo = (stream, target) =>
      stream.on('data', (chunk) => {
        target.write(chunk);
        output += chunk.toString();
      });
    echo(child.stdout, process.stdout);
    echo(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

console.log('==> npm run build');
const build = await run(['run', 'build']);
if (build.code !== 0) {
  console.log(`==> the build failed (exit ${build.code}): no suite was run`);
  process.exit(build.code);
}

const results = [];
for (const suite of suites) {
  const suiteStarted = Date.now();
  console.log(`==> ${suite.name}: npm ${suite.args.join(' ')}`);
  const { code, output } = await run(suite.args);
  results.push({ ...suite, code, counts: jestCounts(output), time: minutes(suiteStarted) });
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log(`==> every suite (${minutes(started)} with the build):`);
for (const { name, code, counts, time } of results) {
  for (const word of Object.keys(total)) total[word] += counts[word];
  const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
  console.log(
    `    ${status.padEnd(16)} ${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed, ` +
      `${counts.skipped} skipped (${time})`,
  );
}
const failedSuites = results.filter((result) => result.code !== 0);
// Not a "Tests:" line: .ci/run adds up jest's own lines, across its runs.
console.log(
  `==> all suites: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped` +
    (failedSuites.length > 0
      ? `; ${failedSuites.length} suite${failedSuites.length === 1 ? '' : 's'} failed: ` +
        failedSuites.map((result) => result.name).join(', ')
      : ''),
);
process.exit(failedSuites.length > 0 ? 1 : 0);
