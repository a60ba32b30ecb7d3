import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/config/config.js';
import { dataSourceOptions } from '../src/database/database-options.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { type RunningServer, startServer } from '../src/server.js';

/**
 * PGlite is one PostgreSQL session. Several connections on it interleave their statements
 * ("bind message supplies 1 parameters, but prepared statement "" requires 3") and land inside
 * each other's transactions, so the embedded database gets one connection with the admission
 * queue in front. Always embedded here, whatever DATABASE_URL says.
 */
describe('the embedded database under concurrency', () => {
  let embedded: EmbeddedPostgres;

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres();
  });
  afterAll(async () => {
    await embedded.stop();
  });

  it('keeps every concurrent statement and transaction whole; rollbacks leave no row', async () => {
    const dataSource = new DataSource(dataSourceOptions(embedded.url, 'requests', 'embedded'));
    await dataSource.initialize();
    try {
      await dataSource.query(
        'CREATE TABLE ledger (tx integer NOT NULL, n integer NOT NULL, note text NOT NULL, PRIMARY KEY (tx, n))',
      );
      // Statements outside transactions, many at once: each must run whole.
      const SINGLES = 200;
      const singles = await Promise.allSettled(
        Array.from({ length: SINGLES }, (_, n) =>
          dataSource.query('INSERT INTO ledger (tx, n, note) VALUES ($1, $2, $3)', [
            -1,
            n,
            `single ${n}`,
          ]),
        ),
      );
      expect(
        singles.flatMap((outcome) =>
          outcome.status === 'rejected' ? [String(outcome.reason)] : [],
        ),
      ).toEqual([]);
      const [singleRows] = await dataSource.query<{ n: string }[]>(
        'SELECT count(*) AS n FROM ledger WHERE tx = -1',
      );
      expect(Number(singleRows?.n)).toBe(SINGLES);
      await dataSource.query('DELETE FROM ledger');

      const TRANSACTIONS = 60;
      const ROWS = 8;
      const outcomes = await Promise.allSettled(
        Array.from({ length: TRANSACTIONS }, (_, tx) =>
          dataSource.transaction(async (manager) => {
            for (let n = 0; n < ROWS; n += 1) {
              // Three parameters: the statement that another connection's Bind used to spoil.
              await manager.query('INSERT INTO ledger (tx, n, note) VALUES ($1, $2, $3)', [
                tx,
                n,
                `tx ${tx} row ${n}`,
              ]);
              // Give the others every chance to cut in between two statements.
              await new Promise((resolve) => setImmediate(resolve));
            }
            const [seen] = await manager.query<{ mine: string; all: string }[]>(
              'SELECT count(*) FILTER (WHERE tx = $1) AS mine, count(*) AS "all" FROM ledger',
              [tx],
            );
            // Inside the transaction: its own rows, and only rows of transactions that committed.
            expect(Number(seen?.mine)).toBe(ROWS);
            expect(Number(seen?.all) % ROWS).toBe(0);
            if (tx % 5 === 4) throw new Error(`transaction ${tx} rolls back on purpose`);
            return tx;
          }),
        ),
      );
      const committed = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      const rolledBack = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [String(outcome.reason)] : [],
      );
      expect(rolledBack).toHaveLength(TRANSACTIONS / 5);
      for (const reason of rolledBack) expect(reason).toMatch(/rolls back on purpose/);

      const rows = await dataSource.query<{ tx: number; n: number; note: string }[]>(
        'SELECT tx, n, note FROM ledger ORDER BY tx, n',
      );
      const expected = committed
        .sort((a, b) => a - b)
        .flatMap((tx) =>
          Array.from({ length: ROWS }, (_, n) => ({ tx, n, note: `tx ${tx} row ${n}` })),
        );
      expect(rows).toEqual(expected);
    } finally {
      await dataSource.destroy();
    }
  });

  it('answers 50 learners at once (register, progress, answers) without a 5xx', async () => {
    const appDistDir = await mkdtemp(join(tmpdir(), 'app-dist-'));
    await writeFile(join(appDistDir, 'index.html'), '<!doctype html><title>test app</title>');
    const server: RunningServer = await startServer(
      {
        ...loadConfig({ NODE_ENV: 'test' }),
        databaseUrl: embedded.url,
        appDistDir,
        // 50 people behind different addresses: each would have their own budget.
        rateLimits: {
          ...DEFAULT_RATE_LIMITS,
          register: 100_000,
          login: 100_000,
          anonymousRequests: 1_000_000,
          rejectDelayMs: 0,
        },
      },
      { listen: false, logger: false, databaseKind: 'embedded' },
    );
    const http = server.app.getHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const catalogue = (await (await fetch(`${base}/api/lessons`)).json()) as {
        modules: {
          lessons: {
            id: number;
            c_num: number | null;
            status: string;
            subscriptionRequired: boolean;
          }[];
        }[];
      };
      const lesson = catalogue.modules
        .flatMap((module) => module.lessons)
        .find(
          (entry) => entry.c_num !== null && entry.status === 'open' && !entry.subscriptionRequired,
        );
      if (!lesson) throw new Error('no open free chart lesson');

      const statuses: { call: string; status: number }[] = [];
      const call = async (name: string, path: string, init: RequestInit = {}) => {
        const response = await fetch(`${base}${path}`, init);
        statuses.push({ call: name, status: response.status });
        return response;
      };
      const learner = async (n: number) => {
        const registered = await call('register', '/api/register/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `crowd-${n}@example.com`, password: 'plum tree at dawn' }),
        });
        const cookie = registered.headers
          .getSetCookie()
          .map((header) => header.split(';')[0])
          .join('; ');
        for (let round = 0; round < 3; round += 1) {
          await call('progress', '/users/get-progress', { headers: { Cookie: cookie } });
          await call('attempt', '/api/attempts', {
            method: 'POST',
            headers: { Cookie: cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify({ lesson: lesson.id, lines: [0.01, 0.02 + round / 100] }),
          });
          await call('lessons', '/api/lessons', { headers: { Cookie: cookie } });
        }
      };
      await Promise.all(Array.from({ length: 50 }, (_, n) => learner(n)));

      expect(statuses).toHaveLength(50 * 10);
      expect(statuses.filter((entry) => entry.status >= 500)).toEqual([]);
      expect(statuses.filter((entry) => entry.call === 'register' && entry.status !== 201)).toEqual(
        [],
      );
      // Every learner's three answers are stored, whole.
      const [counts] = await server.app
        .get(DataSource)
        .query<{ users: string; attempts: string }[]>(
          `SELECT (SELECT count(*) FROM users WHERE email LIKE 'crowd-%') AS users,
                  (SELECT count(*) FROM attempts a JOIN users u ON u.id = a.user_id
                    WHERE u.email LIKE 'crowd-%') AS attempts`,
        );
      expect({ users: Number(counts?.users), attempts: Number(counts?.attempts) }).toEqual({
        users: 50,
        attempts: 150,
      });
    } finally {
      await server.close();
    }
  });
});
