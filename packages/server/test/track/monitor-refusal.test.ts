import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MONITOR_INTERVAL_MS, monitoredSitesSchema } from '@citable/contract';
import { auditRuns, monitorRuns } from '../../src/db/schema';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// A monitored site whose address the address policy refuses (a private address, and no
// FETCH_ALLOW_HOSTS on this server) is refused the same way on every attempt: the scheduled audit
// fails at once with the refusal's message, pg-boss does not retry it, one warning is logged and
// no error, and the overview's site card reads the failure from GET /api/monitoring/sites.

const REFUSED = 'http://10.0.0.1/';
const OTHER = 'http://10.0.0.2/';

const lines: Record<string, any>[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    callback();
  },
});

let server: TestServer;
let base: string;

interface Settled {
  runId: string;
  jobId: string;
  retryCount: number;
  error: unknown;
}

/** Every settled delivery of the monitor-audit job, and waiters told when one settles (no polling). */
const settled: Settled[] = [];
const waiters: (() => void)[] = [];

function nextSettled(runId: string): Promise<Settled> {
  return new Promise((resolve) => {
    const check = () => {
      const found = settled.find((entry) => entry.runId === runId);
      if (found) resolve(found);
      else waiters.push(check);
    };
    check();
  });
}

async function newUser(websiteUrl: string): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Monitor Tester', email: uniqueEmail('monitor-refusal'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  // Onboarding needs a competitor; the same origin as the website counts once, as the website.
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Intranet', url: websiteUrl }], industry: 'Food & Beverage', competitors: [{ name: 'Rival', url: websiteUrl }], goals: ['increase_citations'] },
  });
  expect(onboarding.status).toBe(200);
  return { cookie, id };
}

beforeAll(async () => {
  // No FETCH_ALLOW_HOSTS: private and loopback addresses are refused, as in production.
  server = await startTestServer({ logger: { level: 'info', stream } });
  base = server.baseUrl;
  // pg-boss calls the definition's handler as it stands: this wrapper records how each delivery settled.
  const job = server.app.monitor.auditJob;
  const handler = job.handler;
  job.handler = async (payload, meta) => {
    let error: unknown = null;
    try {
      return await handler(payload, meta);
    } catch (thrown) {
      error = thrown;
      throw thrown;
    } finally {
      settled.push({ runId: payload.runId, jobId: meta.jobId, retryCount: meta.retryCount, error });
      for (const wake of waiters.splice(0)) wake();
    }
  };
});
afterAll(() => server?.close());

describe('monitoring a refused address', () => {
  it('fails the run at once, without a retry, warns once, and shows the reason on the site card', { timeout: 180_000 }, async () => {
    const user = await newUser(REFUSED);
    const now = new Date();
    expect(await server.app.monitor.tick(now)).toEqual({ started: 1, busy: 0, deferred: 0 });
    const [record] = await server.db.select().from(monitorRuns).where(eq(monitorRuns.userId, user.id));
    expect(record.url).toBe(REFUSED);

    // The first delivery settles without throwing, so pg-boss completes the job instead of retrying it.
    const delivery = await nextSettled(record.runId);
    expect(delivery.error).toBeNull();
    expect(delivery.retryCount).toBe(0);
    expect(settled.filter((entry) => entry.runId === record.runId)).toHaveLength(1);
    const result = await server.db.execute<{ state: string; retry_count: number }>(sql`select state, retry_count from pgboss.job where id = ${delivery.jobId}`);
    const [job] = (result as { rows?: { state: string; retry_count: number }[] }).rows ?? (result as unknown as { state: string; retry_count: number }[]);
    expect(job.retry_count).toBe(0);
    expect(['active', 'completed']).toContain(job.state);

    const [attempts] = await server.db.select().from(monitorRuns).where(eq(monitorRuns.runId, record.runId));
    expect(attempts.attempts).toBe(1);
    const [run] = await server.db.select().from(auditRuns).where(eq(auditRuns.id, record.runId));
    expect(run.status).toBe('failed');
    expect(run.error).toBe('10.0.0.1 is a private address and cannot be audited');

    // One warning with the run and the host, no stack; no error line at all (not even pg-boss's "job failed").
    const warnings = lines.filter((line) => line.level === 40 && line.auditId === record.runId);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ host: '10.0.0.1', code: 'BLOCKED_ADDRESS' });
    expect(warnings[0]).not.toHaveProperty('err');
    expect(warnings[0]).not.toHaveProperty('stack');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);

    // The card's route: the failure under that site, with the schedule.
    const sites = await api(base, '/api/monitoring/sites', { cookie: user.cookie });
    expect(sites.status).toBe(200);
    expect(monitoredSitesSchema.parse(sites.body)).toEqual({
      sites: [
        {
          url: REFUSED,
          role: 'website',
          lastRunAt: now.toISOString(),
          nextRunAt: new Date(now.getTime() + MONITOR_INTERVAL_MS.free).toISOString(),
          failure: '10.0.0.1 is a private address and cannot be audited',
        },
      ],
    });

    // Another user sees only their own site, with nothing monitored yet; no session, no answer.
    const other = await newUser(OTHER);
    const theirs = await api(base, '/api/monitoring/sites', { cookie: other.cookie });
    expect(theirs.status).toBe(200);
    expect(monitoredSitesSchema.parse(theirs.body)).toEqual({ sites: [{ url: OTHER, role: 'website', lastRunAt: null, nextRunAt: null, failure: null }] });
    expect(JSON.stringify(theirs.body)).not.toContain('10.0.0.1');
    expect((await api(base, '/api/monitoring/sites')).status).toBe(401);
  });
});
