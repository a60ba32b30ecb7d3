// Builds only the workspaces whose inputs changed since their last build, in dependency order:
// what `npm start` runs, so a second start with nothing changed skips straight to serving.
// A workspace's inputs are its files as git sees them (tracked and untracked, not ignored) and the
// inputs of the workspaces it builds on; a build is skipped when their hash matches the one kept
// from its last successful build and its output is still there. `npm run build` (--all) builds
// everything and keeps the hashes too.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each workspace, what it builds on, and the folder its build writes. */
const WORKSPACES = [
  { name: 'chart-core', after: [], output: 'chart-core/dist' },
  { name: 'chart-kit', after: ['chart-core'], output: 'chart-kit/dist' },
  { name: 'course', after: ['chart-core'], output: 'course/dist' },
  { name: 'contract', after: ['course'], output: 'contract/dist' },
  { name: 'api', after: ['chart-core', 'course', 'contract'], output: 'api/dist' },
  { name: 'app', after: ['chart-kit', 'course', 'contract'], output: 'app/dist' },
  { name: 'storybook', after: ['chart-kit', 'course'], output: 'storybook/storybook-static' },
];

const buildAll = process.argv.includes('--all');
const RECORD = join(root, 'node_modules', '.cache', 'build-inputs.json');
/** Files every build reads besides its own folder. */
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

function filesOf(folder) {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', folder],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listed.split('\0').filter((file) => file !== '' && existsSync(join(root, file)));
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readRecord() {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return {};
  }
}

let ownHashes;
try {
  const shared = SHARED_INPUTS.filter((file) => existsSync(join(root, file)));
  ownHashes = Object.fromEntries(
    WORKSPACES.map(({ name }) => [name, hashOf([...filesOf(name), ...shared])]),
  );
} catch (error) {
  // Without git (an unpacked archive) nothing can be compared: build everything.
  console.warn(`build: cannot list the inputs (${error.message}); building everything`);
  ownHashes = null;
}

const record = readRecord();
const inputsOf = (name) => {
  const workspace = WORKSPACES.find((entry) => entry.name === name);
  const parts = [ownHashes[name], ...workspace.after.map(inputsOf)];
  return createHash('sha256').update(parts.join(':')).digest('hex');
};

const started = Date.now();
for (const { name, output } of WORKSPACES) {
  const inputs = ownHashes ? inputsOf(name) : null;
  const unchanged = inputs !== null && record[name] === inputs && existsSync(join(root, output));
  if (!buildAll && unchanged) {
    console.log(`build: ${name} unchanged, skipped`);
    continue;
  }
  const built = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  if (inputs !== null) {
    record[name] = inputs;
    mkdirSync(dirname(RECORD), { recursive: true });
    writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
  }
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
