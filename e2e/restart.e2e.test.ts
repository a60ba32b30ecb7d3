import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './support/product.js';

/** What `npm start` promises: the embedded database keeps users across a Ctrl-C and a restart. */
describe('restarting the product on its embedded database', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'course-restart-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a registered user, who can log in after the restart', async () => {
    const credentials = { email: 'restart@example.com', password: 'a long enough passphrase' };
    const first = await startProduct({ dataDir });
    try {
      const registered = await fetch(`${first.url}/api/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      expect(registered.status).toBe(201);
    } finally {
      // SIGINT, as Ctrl-C sends: the data must be flushed and the exit clean.
      expect(await first.stop()).toBe(0);
    }

    const second = await startProduct({ dataDir });
    try {
      expect(second.output()).toMatch(/schema is up to date/);
      const login = await fetch(`${second.url}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toEqual({ email: credentials.email });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
