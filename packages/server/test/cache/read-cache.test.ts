import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openChangeFeed, type ChangeFeed } from '../../src/cache/change-feed';
import { ownWritesCatchUp } from '../../src/cache/own-writes';
import { UserCache } from '../../src/cache/user-cache';
import { createDb, type DbHandle } from '../../src/db/client';
import { auditRuns, user, userActivity, userProfiles } from '../../src/db/schema';
import { ABANDONED_AFTER_MS } from '../../src/features/audits/runs';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';

// The in-process read caches (src/cache, cache/read-cache-plugin.ts): what they may keep, and that no
// change of a user's rows, by any path, leaves that user a stale session or dashboard answer.

const onPostgres = Boolean(process.env.DATABASE_URL);
const until = async (condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('UserCache', () => {
  const make = (options: Partial<ConstructorParameters<typeof UserCache<string>>[0]> = {}, clock = { now: 0 }, enabled = () => true) =>
    new UserCache<string>({ maxAgeMs: 60_000, maxEntries: 100, now: () => clock.now, ...options }, enabled);

  it('refuses to store what was read before a change of that user, and only that user', () => {
    const cache = make();
    const ticket = cache.ticket();
    cache.changed('ann');
    expect(cache.store(ticket, 'ann', 'a', 'stale')).toBe(false);
    expect(cache.store(ticket, 'bob', 'b', 'fine')).toBe(true);
    // A change before the ticket does not matter.
    expect(cache.store(cache.ticket(), 'ann', 'a', 'fresh')).toBe(true);
    expect(cache.get('a')).toBe('fresh');
  });

  it("drops a user's entries on their change, everything on a reset, and refuses older tickets after a reset", () => {
    const cache = make();
    const before = cache.ticket();
    cache.store(cache.ticket(), 'ann', 'a1', 'x');
    cache.store(cache.ticket(), 'ann', 'a2', 'y');
    cache.store(cache.ticket(), 'bob', 'b1', 'z');
    cache.changed('ann');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')]).toEqual([undefined, undefined, 'z']);
    cache.reset();
    expect(cache.get('b1')).toBeUndefined();
    expect(cache.store(before, 'carl', 'c', 'old')).toBe(false);
    expect(cache.store(cache.ticket(), 'carl', 'c', 'new')).toBe(true);
  });

  it('serves nothing past its age, nothing while disabled, and keeps within its bounds, oldest out first', () => {
    const clock = { now: 0 };
    let enabled = true;
    const cache = make({ maxAgeMs: 1_000, maxEntries: 3, maxSize: 100 }, clock, () => enabled);
    cache.store(cache.ticket(), 'ann', 'a', 'x', 10);
    clock.now = 1_001;
    expect(cache.get('a')).toBeUndefined();
    for (const key of ['k1', 'k2', 'k3', 'k4']) cache.store(cache.ticket(), 'ann', key, key, 10);
    expect([cache.get('k1'), cache.get('k4'), cache.count]).toEqual([undefined, 'k4', 3]);
    cache.store(cache.ticket(), 'bob', 'big', 'b', 20);
    cache.store(cache.ticket(), 'bob', 'bigger', 'b', 20);
    // At most 3 entries and 100 units; one answer of over a quarter of the units is not kept.
    expect(cache.store(cache.ticket(), 'bob', 'huge', 'h', 26)).toBe(false);
    expect(cache.count).toBe(3);
    enabled = false;
    expect(cache.get('bigger')).toBeUndefined();
    expect(cache.store(cache.ticket(), 'bob', 'off', 'o')).toBe(false);
  });
});

describe("catching up with this process's own writes", () => {
  /** A feed whose barriers resolve when the test says so. */
  function manualFeed() {
    const sent: (() => void)[] = [];
    const feed: ChangeFeed = {
      live: true,
      onChange: () => undefined,
      onReset: () => undefined,
      barrier: () => new Promise<void>((resolve) => sent.push(resolve)),
      close: async () => undefined,
    };
    return { feed, sent };
  }

  it('waits only after a write, and waiting requests share the barriers: one running, one queued', async () => {
    const { feed, sent } = manualFeed();
    const writes = { completed: 0 };
    const catchUp = ownWritesCatchUp(feed, writes);
    expect(catchUp()).toBeUndefined();

    writes.completed = 1;
    const first = catchUp()!;
    expect(catchUp()).toBe(first);
    expect(sent).toHaveLength(1);

    // A write completes while that barrier is out: it may not cover it, so one more is queued.
    writes.completed = 2;
    const second = catchUp()!;
    writes.completed = 3;
    expect(catchUp()).toBe(second);
    expect(sent).toHaveLength(1);

    sent[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(2);
    sent[1]!();
    await second;
    expect(catchUp()).toBeUndefined();
  });
});

describe('the change feed', () => {
  let storage: TestStorage;
  let handle: DbHandle;
  let feed: ChangeFeed;
  const heard: string[] = [];
  let resets = 0;

  beforeAll(async () => {
    storage = await createTestStorage();
    handle = await createDb({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    feed = await openChangeFeed(handle, { retryMs: 100 });
    feed.onChange((userId) => heard.push(userId));
    feed.onReset(() => (resets += 1));
  });
  afterAll(async () => {
    await feed?.close();
    await handle?.close();
    await storage?.remove();
  });

  async function newUser(): Promise<string> {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: 'Feed Person', email: `${id}@example.com` });
    return id;
  }

  it('has the trigger on every table with a user_id column, and on the user table', async () => {
    const owned = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    const triggered = await handle.db.execute<{ table_name: string }>(
      sql`select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'citable_changes' order by c.relname`,
    );
    const names = (result: unknown) => ((result as { rows?: { table_name: string }[] }).rows ?? (result as { table_name: string }[])).map((row) => row.table_name);
    expect(names(owned).length).toBeGreaterThan(20);
    expect(names(triggered).sort()).toEqual([...names(owned), 'user'].sort());
  });

  it("names the owner of every committed insert, update and delete, once the barrier is passed, and nothing of a rolled-back one", async () => {
    const id = await newUser();
    for (const write of [
      () => handle.db.insert(userActivity).values({ userId: id, activityType: 'audit_completed' }),
      () => handle.db.update(user).set({ name: 'Renamed' }).where(eq(user.id, id)),
      () => handle.db.insert(userProfiles).values({ userId: id }),
      () => handle.db.delete(userActivity).where(eq(userActivity.userId, id)),
    ]) {
      heard.length = 0;
      await write();
      await feed.barrier();
      expect(heard).toContain(id);
    }
    heard.length = 0;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(userActivity).values({ userId: id, activityType: 'audit_completed' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await feed.barrier();
    expect(heard).not.toContain(id);
  });

  it.runIf(onPostgres)('counts each write this process completes, through the pool or a transaction, and no read', async () => {
    const writes = handle.writes!;
    const id = await newUser();
    let before = writes.completed;
    await handle.db.update(user).set({ name: 'Counted' }).where(eq(user.id, id));
    expect(writes.completed).toBe(before + 1);
    before = writes.completed;
    await handle.db.select().from(user).where(eq(user.id, id));
    await handle.db.execute(sql`select 1`);
    expect(writes.completed).toBe(before);
    await handle.db.transaction(async (tx) => {
      await tx.insert(userActivity).values({ userId: id, activityType: 'audit_completed' });
    });
    // The insert and the COMMIT (BEGIN changes nothing).
    expect(writes.completed).toBe(before + 2);
  });

  it.runIf(onPostgres)('delivers every change committed before a barrier by the time the barrier resolves (200 in a row)', async () => {
    const id = await newUser();
    // Changes of earlier tests (and other files on the same database) may still be on their way: only this user's count.
    await feed.barrier();
    for (let round = 0; round < 200; round += 1) {
      heard.length = 0;
      await handle.db.insert(userActivity).values({ userId: id, activityType: 'audit_completed' });
      await feed.barrier();
      expect(heard.filter((heardId) => heardId === id), `round ${round}`).toEqual([id]);
    }
  });

  it.runIf(onPostgres)('goes dark when its connection is cut, says so, and listens again by itself', async () => {
    const resetsBefore = resets;
    expect(feed.live).toBe(true);
    await handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'citable-change-feed' and datname = current_database()`);
    await until(() => !feed.live, 'the feed to notice');
    expect(resets).toBeGreaterThan(resetsBefore);
    await until(() => feed.live, 'the feed to listen again');
    const id = await newUser();
    heard.length = 0;
    await handle.db.insert(userActivity).values({ userId: id, activityType: 'audit_completed' });
    await feed.barrier();
    expect(heard).toEqual([id]);
  });
});

describe('the dashboard behind the read caches', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: 'read-cache-metrics' } });
    base = server.baseUrl;
  });
  afterAll(() => server?.close());

  const newUser = async (label: string) => {
    const email = uniqueEmail(label);
    const cookie = await signUpVerified(base, { name: 'Cache Person', email, password: STRONG_PASSWORD });
    const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { cookie, id: row!.id };
  };

  it('answers a repeat from the cache with the same body and headers, never to another session or user', async () => {
    const ann = await newUser('ann');
    const responses = server.app.readCache.responses!;
    const first = await api(base, '/api/auth/get-session', { cookie: ann.cookie });
    const hits = responses.hits;
    const again = await api(base, '/api/auth/get-session', { cookie: ann.cookie });
    expect(responses.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);
    for (const header of ['content-type', 'cache-control', 'pragma', 'content-security-policy', 'x-request-id']) expect(again.headers.get(header), header).toBeTruthy();
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const bob = await newUser('bob');
    expect((await api(base, '/api/auth/get-session', { cookie: bob.cookie })).body.user.id).toBe(bob.id);
    // Ann's second session (another sign-in) gets its own answer, naming its own session.
    const annAgain = await api(base, '/api/auth/sign-in/email', { body: { email: first.body.user.email, password: STRONG_PASSWORD } });
    const secondCookie = annAgain.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const second = await api(base, '/api/auth/get-session', { cookie: secondCookie });
    expect(second.body.session.id).not.toBe(first.body.session.id);

    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer read-cache-metrics' } }).then((response) => response.text());
    expect(metrics).toContain(`citable_read_cache_lookups_total{cache="responses",outcome="hit"} ${responses.hits}`);
    expect(metrics).toMatch(/citable_read_cache_entries\{cache="sessions"\} [1-9]/);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const { cookie } = await newUser('out');
    for (let i = 0; i < 2; i += 1) expect((await api(base, '/api/profile', { cookie })).status).toBe(200);
    expect((await api(base, '/api/auth/sign-out', { method: 'POST', cookie, body: {} })).status).toBe(200);
    expect((await api(base, '/api/profile', { cookie })).status).toBe(401);
    expect((await api(base, '/api/auth/get-session', { cookie })).body).toBeNull();
  });

  it("shows a change made outside any request (as a job makes it) on the very next request", async () => {
    const { cookie, id } = await newUser('job');
    expect((await api(base, '/api/profile', { cookie })).body.plan).toBe('free');
    expect((await api(base, '/api/profile', { cookie })).body.plan).toBe('free');
    await server.db.update(userProfiles).set({ plan: 'pro' }).where(eq(userProfiles.userId, id));
    expect((await api(base, '/api/profile', { cookie })).body.plan).toBe('pro');
  });

  it('keeps an answer that shows a run in flight no longer than until the clock abandons the run', async () => {
    const { cookie, id } = await newUser('flight');
    // The dashboard reads the profile first, which creates it: that write would drop the first answer below.
    expect((await api(base, '/api/profile', { cookie })).status).toBe(200);
    // Untouched for all but a minute of the abandonment window: the first read after that fails it.
    const updatedAt = new Date(Date.now() - ABANDONED_AFTER_MS + 60_000);
    await server.db.insert(auditRuns).values({ userId: id, scope: 'page', websiteUrl: 'https://example.com/', maxPages: 1, status: 'running', counted: false, updatedAt });
    const responses = server.app.readCache.responses!;
    const list = await api(base, '/api/audits', { cookie });
    expect(list.body.current).not.toBeNull();
    const hits = responses.hits;
    expect((await api(base, '/api/audits', { cookie })).body.current).not.toBeNull();
    expect(responses.hits).toBe(hits + 1);
    // The clock moves past the window (the server runs in this process): no waiting, so a loaded
    // machine cannot make the two reads above straddle the window's end.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const later = await api(base, '/api/audits', { cookie });
      expect(later.body.current).toBeNull();
      expect(later.body.audits).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.runIf(onPostgres)('a second server on the same database refuses a session signed out on the first', async () => {
    const other = await startTestServer({ storage: server.storage, keepStorage: true });
    try {
      const { cookie } = await newUser('twin');
      for (let i = 0; i < 2; i += 1) expect((await api(other.baseUrl, '/api/profile', { cookie })).status).toBe(200);
      expect((await api(base, '/api/auth/sign-out', { method: 'POST', cookie, body: {} })).status).toBe(200);
      // The other process hears of it as the database commits it: a millisecond or so (the bound is for a busy machine).
      await until(async () => (await api(other.baseUrl, '/api/profile', { cookie })).status === 401, 'the other server to refuse the session');
    } finally {
      await other.close();
    }
  });
});
