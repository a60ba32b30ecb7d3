import { jest } from '@jest/globals';
import { AccessTokenService } from '../src/auth/access-token.service.js';
import { loadConfig } from '../src/config/config.js';

const user = { id: '7f4c1a52-3c8e-4f57-9a7e-2f0b8f1e5d11', passwordChangedAt: new Date(1_700_000) };

describe('AccessTokenService', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('verifies a token again from its cache with the same claims', async () => {
    const tokens = new AccessTokenService(loadConfig({}));
    const token = await tokens.sign(user);
    const before = Date.now();
    const first = await tokens.verify(token);
    expect(first).toEqual({
      userId: user.id,
      passwordChangedAt: 1_700_000,
      expiresAtMs: expect.any(Number) as unknown,
    });
    // Ten minutes, to the second the token carries.
    expect((first?.expiresAtMs ?? 0) - before).toBeGreaterThan(10 * 60 * 1000 - 2000);
    expect((first?.expiresAtMs ?? 0) - before).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('knows without signature work only the tokens it verified, and only until they expire', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = new AccessTokenService(loadConfig({}));
    const token = await tokens.sign(user);
    expect(tokens.isKnownValid(token)).toBe(false);
    await tokens.verify(token);
    expect(tokens.isKnownValid(token)).toBe(true);
    expect(tokens.isKnownValid(`${token}x`)).toBe(false);
    jest.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect(tokens.isKnownValid(token)).toBe(false);
  });

  it('refuses a token once it expired, even after it was verified', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = new AccessTokenService(loadConfig({}));
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toBeDefined();
    jest.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token whose payload was altered after a valid one was verified', async () => {
    const tokens = new AccessTokenService(loadConfig({}));
    const token = await tokens.sign(user);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(payload ?? '', 'base64url')
      .toString()
      .replace(user.id, '00000000-0000-4000-8000-000000000000');
    const forged = [header, Buffer.from(altered).toString('base64url'), signature].join('.');
    expect(await tokens.verify(forged)).toBeUndefined();
  });

  it('refuses a token signed with another key', async () => {
    const other = new AccessTokenService({
      ...loadConfig({}),
      jwtAccessSecret: 'another secret of the same kind, long enough',
    });
    const tokens = new AccessTokenService(loadConfig({}));
    expect(await tokens.verify(await other.sign(user))).toBeUndefined();
  });
});
