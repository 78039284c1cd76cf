import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/client';
import { authRateLimits } from '../../src/db/schema';
import {
  countAttempt,
  DEFAULT_AUTH_RATE_LIMITS,
  deleteExpiredRateLimits,
  hitRateLimit,
  hitRateLimits,
  isKnownAddress,
  KNOWN_ADDRESS_MS,
  knownAddressKey,
  refundAttempt,
  rememberAddress,
  slowdownDelayMs,
  type AuthRateLimits,
} from '../../src/auth/auth-rate-limit';
import { api, createTestStorage, GENEROUS_RATE_LIMITS, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';

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

describe('sign-in counters', () => {
  it('takes back a refunded attempt, but not from a window that has since restarted', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    const first = await countAttempt(handle.db, 'r1', 60_000, t0);
    const second = await countAttempt(handle.db, 'r1', 60_000, new Date(t0.getTime() + 1_000));
    expect(second.count).toBe(2);
    await refundAttempt(handle.db, 'r1', second);
    expect((await countAttempt(handle.db, 'r1', 60_000, new Date(t0.getTime() + 2_000))).count).toBe(2);
    // The window restarts at +60 s; a refund of an attempt from the old window changes nothing.
    expect((await countAttempt(handle.db, 'r1', 60_000, new Date(t0.getTime() + 60_000))).count).toBe(1);
    await refundAttempt(handle.db, 'r1', first);
    expect((await countAttempt(handle.db, 'r1', 60_000, new Date(t0.getTime() + 61_000))).count).toBe(2);
  });

  it('remembers addresses an account signed in from for 30 days, through the hourly cleanup', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    await rememberAddress(handle.db, 'known@example.com', '203.0.113.1', daysAgo(10));
    await rememberAddress(handle.db, 'known@example.com', '203.0.113.2', daysAgo(31));
    expect(await isKnownAddress(handle.db, 'known@example.com', '203.0.113.1', now)).toBe(true);
    expect(await isKnownAddress(handle.db, 'known@example.com', '203.0.113.2', now)).toBe(false);
    expect(await isKnownAddress(handle.db, 'other@example.com', '203.0.113.1', now)).toBe(false);
    await deleteExpiredRateLimits(handle.db, now);
    const keys = (await handle.db.select({ key: authRateLimits.key }).from(authRateLimits)).map((row) => row.key);
    expect(keys).toContain(knownAddressKey('known@example.com', '203.0.113.1'));
    expect(keys).not.toContain(knownAddressKey('known@example.com', '203.0.113.2'));
    expect(KNOWN_ADDRESS_MS).toBe(30 * 24 * 60 * 60_000);
  });

  it('computes a slow-down that starts at the threshold, grows with each failure and is capped', () => {
    const rule = DEFAULT_AUTH_RATE_LIMITS.signInSlowdown;
    expect(rule).toMatchObject({ threshold: 10, windowMs: 15 * 60_000, stepMs: 1_000, maxDelayMs: 5_000 });
    expect([0, 9, 10, 11, 12, 14, 15, 100].map((failures) => slowdownDelayMs(failures, rule))).toEqual([0, 0, 1_000, 2_000, 3_000, 5_000, 5_000, 5_000]);
  });
});

// The production sign-in rules (sign-ups stay generous: the tests sign several users up from one address),
// with a slow-down of a few milliseconds: the computed wait is read from the log, not timed.
const SLOWDOWN = { ...DEFAULT_AUTH_RATE_LIMITS.signInSlowdown, stepMs: 3, maxDelayMs: 9 };
const LIMITS: AuthRateLimits = {
  ...DEFAULT_AUTH_RATE_LIMITS,
  signUpPerEmail: GENEROUS_RATE_LIMITS.signUpPerEmail,
  signUpPerIp: GENEROUS_RATE_LIMITS.signUpPerIp,
  signInSlowdown: SLOWDOWN,
};
const WRONG_PASSWORD = 'Wrong-Password-123-Nope';
const THROTTLED_SUBJECT = 'Repeated failed sign-ins to your Citable account';

describe('sign-in limits over HTTP', () => {
  const logLines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      callback();
    },
  });
  let server: TestServer;
  let requests = 0;

  beforeAll(async () => {
    // TRUST_PROXY: the client's address comes from X-Forwarded-For, so one test client plays many addresses.
    server = await startTestServer({ rateLimits: LIMITS, env: { TRUST_PROXY: 'true' }, logger: { level: 'info', stream } });
  });
  afterAll(() => server?.close());

  async function signInFrom(ip: string, email: string, password: string) {
    requests += 1;
    const requestId = `sign-in-limits-${requests}`;
    const response = await api(server.baseUrl, '/api/auth/sign-in/email', { body: { email, password }, headers: { 'x-forwarded-for': ip, 'x-request-id': requestId } });
    return { ...response, requestId };
  }

  /** The wait the server applied before checking the password, from its log (0: none). */
  async function delayOf(requestId: string): Promise<number> {
    // The access log line is written when the answer is; any slow-down line comes before it.
    await expect.poll(() => logLines.some((line) => line.reqId === requestId && line.msg === 'request completed')).toBe(true);
    return logLines.find((line) => line.reqId === requestId && line.signInDelayMs !== undefined)?.signInDelayMs ?? 0;
  }

  async function throttlingMails(email: string) {
    return (await server.outbox(email)).filter((message) => message.subject === THROTTLED_SUBJECT);
  }

  async function newUser(label: string): Promise<string> {
    const email = uniqueEmail(label);
    await signUpVerified(server.baseUrl, { name: 'Ada Owner', email, password: STRONG_PASSWORD });
    return email;
  }

  it('ten wrong passwords from one address do not keep the owner out: the right password from another address signs in', async () => {
    const email = await newUser('lockout');
    for (let i = 0; i < 10; i++) expect((await signInFrom('198.51.100.1', email, WRONG_PASSWORD)).status).toBe(401);
    const owner = await signInFrom('198.51.100.2', email, STRONG_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().join(';')).toContain('citable.session_token=');
  });

  it('refuses an address with 429 once it has failed the limit for one account, whatever the password, and only for that account', async () => {
    const email = await newUser('per-address');
    const attacker = '2001:db8::bad';
    for (let i = 0; i < 10; i++) expect((await signInFrom(attacker, email, WRONG_PASSWORD)).status).toBe(401);
    const refused = await signInFrom(attacker, email, WRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await signInFrom(attacker, email.toUpperCase(), STRONG_PASSWORD)).status).toBe(429);
    // The same address may still try other accounts (the per-address rule caps those), and the owner elsewhere is not refused.
    expect((await signInFrom(attacker, uniqueEmail('someone-else'), WRONG_PASSWORD)).status).toBe(401);
    expect((await signInFrom('2001:db8::900d', email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('does not count successful sign-ins, and a success clears the failures of that address for the account', async () => {
    const email = await newUser('successes');
    const ip = '198.51.100.20';
    for (let i = 0; i < 12; i++) expect((await signInFrom(ip, email, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signInFrom(ip, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await signInFrom(ip, email, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signInFrom(ip, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await signInFrom(ip, email, WRONG_PASSWORD)).status).toBe(429);
  });

  it('tells the owner once when the failures from all addresses reach the threshold, and answers the same for an address with no account', async () => {
    const email = await newUser('notified');
    const nobody = uniqueEmail('nobody');
    const answers: { existing: unknown[]; unknown: unknown[] } = { existing: [], unknown: [] };
    for (let i = 0; i < 10; i++) {
      const ip = `203.0.113.${10 + (i % 4)}`;
      const existing = await signInFrom(ip, email, WRONG_PASSWORD);
      const unknown = await signInFrom(ip, nobody, WRONG_PASSWORD);
      answers.existing.push([existing.status, existing.body]);
      answers.unknown.push([unknown.status, unknown.body]);
    }
    expect(answers.existing).toEqual(answers.unknown);
    expect(answers.existing.every((answer) => (answer as [number])[0] === 401)).toBe(true);

    await expect.poll(async () => (await throttlingMails(email)).length).toBe(1);
    const [mail] = await throttlingMails(email);
    expect(mail!.text).toContain('10 failed attempts to sign in to your Citable account in the last 15 minutes');
    expect(mail!.links).toContain(`${server.baseUrl}/?auth=forgot`);

    // Further failures in the same window send nothing more.
    for (let i = 0; i < 3; i++) expect((await signInFrom(`203.0.113.${20 + i}`, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await signInFrom('203.0.113.30', email, STRONG_PASSWORD)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await throttlingMails(email)).toHaveLength(1);
    expect(await server.outbox(nobody)).toEqual([]);
  });

  it('slows new addresses down once an account has many failures, more with each failure up to a cap, never an address it signed in from', async () => {
    const email = await newUser('slowed'); // signed in from 127.0.0.1
    const home = '192.0.2.1';
    expect(await delayOf((await signInFrom(home, email, STRONG_PASSWORD)).requestId)).toBe(0);
    for (let i = 0; i < 10; i++) {
      const attempt = await signInFrom('192.0.2.66', email, WRONG_PASSWORD);
      expect(attempt.status).toBe(401);
      expect(await delayOf(attempt.requestId)).toBe(0);
    }

    // Known addresses sign in at once.
    for (const ip of [home, '127.0.0.1']) {
      const known = await signInFrom(ip, email, STRONG_PASSWORD);
      expect(known.status).toBe(200);
      expect(await delayOf(known.requestId)).toBe(0);
    }

    // New addresses wait 3 ms at 10 failures, 6 at 11, then the 9 ms cap; the right password still signs in.
    const waits: number[] = [];
    for (const [i, password] of [WRONG_PASSWORD, WRONG_PASSWORD, WRONG_PASSWORD, STRONG_PASSWORD].entries()) {
      const attempt = await signInFrom(`192.0.2.${100 + i}`, email, password);
      expect(attempt.status).toBe(password === STRONG_PASSWORD ? 200 : 401);
      waits.push(await delayOf(attempt.requestId));
    }
    expect(waits).toEqual([3, 6, 9, 9]);

    // Where it just signed in, it is no longer slowed.
    const again = await signInFrom('192.0.2.103', email, STRONG_PASSWORD);
    expect(again.status).toBe(200);
    expect(await delayOf(again.requestId)).toBe(0);
  });
});
