import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EmbeddedDatabaseInUse,
  ownerFileOf,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../src/database/embedded-postgres.js';

/** A process id that no process has (Linux ids stay below 2^22). */
const GONE_PID = 4_194_303;

describe('the embedded database folder, one process at a time', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pglite-owner-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('names its process and address while open, and nothing once stopped', async () => {
    const dataDir = join(folder, 'pglite');
    const embedded = await startEmbeddedPostgres(dataDir);
    const owner = JSON.parse(await readFile(ownerFileOf(dataDir), 'utf8')) as unknown;
    expect(owner).toEqual({ pid: process.pid, url: embedded.url });
    await embedded.stop();
    expect(existsSync(ownerFileOf(dataDir))).toBe(false);
  });

  it('refuses a folder another live process has open, and points to its address', async () => {
    const dataDir = join(folder, 'pglite');
    // Process 1 always runs: it stands for a server that has the folder open.
    const url = 'postgres://postgres@127.0.0.1:5999/postgres';
    await writeFile(ownerFileOf(dataDir), JSON.stringify({ pid: 1, url }));
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(EmbeddedDatabaseInUse);
    expect(await runningEmbeddedPostgres(dataDir)).toEqual({ pid: 1, url });
  });

  it('takes over a folder whose owner is gone (a crash)', async () => {
    const dataDir = join(folder, 'pglite');
    await writeFile(
      ownerFileOf(dataDir),
      JSON.stringify({ pid: GONE_PID, url: 'postgres://postgres@127.0.0.1:5999/postgres' }),
    );
    expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
    const embedded = await startEmbeddedPostgres(dataDir);
    await embedded.stop();
  });
});
