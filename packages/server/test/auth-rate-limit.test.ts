import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { authRateLimits } from '../src/db/schema';
import { deleteExpiredRateLimits, hitRateLimit, hitRateLimits } from '../src/services/auth-rate-limit';
import { createTestStorage, type TestStorage } from './helpers';

let storage: TestStorage;
let handle: DbHandle;

beforeAll(async () => {
  storage = await createTestStorage();
  handle = await createDb(storage);
});
afterAll(async () => {
  await handle?.close();
  await storage?.remove();
});

const rule = { limit: 2, windowMs: 60_000 };

describe('database rate-limit counters', () => {
  it('refuses past the limit within a window and starts afresh after it', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await hitRateLimit(handle.db, 'k1', rule, at(0))).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect((await hitRateLimit(handle.db, 'k1', rule, at(1_000))).allowed).toBe(true);
    expect(await hitRateLimit(handle.db, 'k1', rule, at(20_000))).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect((await hitRateLimit(handle.db, 'k1', rule, at(60_000))).allowed).toBe(true);
  });

  it('counts concurrent attempts exactly', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(handle.db, 'k2', { limit: 4, windowMs: 60_000 }, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(4);
  });

  it('reports the strictest refusal among several rules', async () => {
    const now = new Date();
    await hitRateLimit(handle.db, 'ip', { limit: 1, windowMs: 60_000 }, now);
    const decision = await hitRateLimits(handle.db, [{ key: 'ip', rule: { limit: 1, windowMs: 60_000 } }, { key: 'mail', rule: { limit: 5, windowMs: 60_000 } }], now);
    expect(decision.allowed).toBe(false);
  });

  it('deletes counters whose window ended over a day ago', async () => {
    await hitRateLimit(handle.db, 'old', rule, new Date(Date.now() - 2 * 24 * 60 * 60_000));
    expect(await deleteExpiredRateLimits(handle.db)).toBeGreaterThanOrEqual(1);
    const keys = (await handle.db.select({ key: authRateLimits.key }).from(authRateLimits)).map((row) => row.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('k2');
  });
});
