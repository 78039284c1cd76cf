import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { alertListSchema, competitiveDataSchema, historyResponseSchema, insightListSchema, MONITOR_INTERVAL_MS, type PlanId } from '@citable/contract';
import { alerts, auditRuns, monitorRuns, monitorSchedules } from '../../src/db/schema';
import { MONITOR_RETRY, Monitor } from '../../src/features/track/monitor/monitor';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from './changing-site';

let server: TestServer;
let base: string;
let site: ChangingSite;
let rival: ChangingSite;

interface TestUser {
  cookie: string;
  id: string;
}

const DAY = 86_400_000;

async function newUser(plan: PlanId, websites: string[], competitors: string[]): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Track Tester', email: uniqueEmail('track'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: {
      websites: websites.map((url, index) => ({ name: `Site ${index + 1}`, url })),
      industry: 'Food & Beverage',
      competitors: competitors.map((url, index) => ({ name: `Rival ${index + 1}`, url })),
      goals: ['increase_citations'],
    },
  });
  expect(onboarding.status).toBe(200);
  return { cookie, id };
}

/** Waits until none of the user's audit runs is queued or running. */
async function waitIdle(userId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const busy = await server.db
      .select({ id: auditRuns.id })
      .from(auditRuns)
      .where(and(eq(auditRuns.userId, userId), inArray(auditRuns.status, ['queued', 'running'])));
    if (busy.length === 0) return;
    if (Date.now() > deadline) throw new Error('audits still running');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ticks at `now` until none of this user's sites is due (they run one at a time), waiting for each run. */
async function runDay(user: TestUser, now: Date): Promise<void> {
  for (;;) {
    await server.app.monitor.tick(now);
    await waitIdle(user.id);
    const schedules = await server.db.select().from(monitorSchedules).where(eq(monitorSchedules.userId, user.id));
    if (schedules.every((row) => row.nextRunAt > now)) return;
  }
}

beforeAll(async () => {
  [site, rival] = await Promise.all([startChangingSite(3), startChangingSite(2)]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([site?.close(), rival?.close()]);
});

describe('authentication and plan gates', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/history', '/api/history/trends', '/api/alerts', '/api/insights', '/api/competitive-intel']) {
      expect((await api(base, path)).status, path).toBe(401);
    }
    expect((await api(base, '/api/alerts/read-all', { method: 'POST' })).status).toBe(401);
  });

  it('keeps competitive intelligence and trend comparison for pro and agency', async () => {
    const core = await newUser('core', [site.url], [rival.url]);
    const pro = await newUser('pro', [site.url], [rival.url]);
    expect((await api(base, '/api/competitive-intel', { cookie: core.cookie })).status).toBe(403);
    expect((await api(base, '/api/competitive-intel', { cookie: core.cookie })).body.requiredPlan).toBe('pro');
    const both = `/api/history/trends?websites=${encodeURIComponent(`${site.url},${rival.url}`)}`;
    expect((await api(base, both, { cookie: core.cookie })).status).toBe(403);
    expect((await api(base, `/api/history/trends?websites=${encodeURIComponent(site.url)}`, { cookie: core.cookie })).status).toBe(200);
    const competitive = await api(base, '/api/competitive-intel', { cookie: pro.cookie });
    expect(competitive.status).toBe(200);
    expect(competitiveDataSchema.parse(competitive.body).status).toBe('no-audits');
    expect((await api(base, both, { cookie: pro.cookie })).status).toBe(200);
  });

  it('validates the history query', async () => {
    const user = await newUser('core', [site.url], [rival.url]);
    expect((await api(base, '/api/history?period=1y', { cookie: user.cookie })).status).toBe(400);
    expect((await api(base, '/api/history?sort=name', { cookie: user.cookie })).status).toBe(400);
  });
});

describe('monitoring', () => {
  it('re-audits daily for pro and weekly for core, with no user action', { timeout: 120_000 }, async () => {
    const start = new Date();
    const pro = await newUser('pro', [site.url], [rival.url]);
    const core = await newUser('core', [site.url], [rival.url]);
    await runDay(pro, start);
    await runDay(core, start);
    const rows = await server.db.select().from(monitorSchedules).where(inArray(monitorSchedules.userId, [pro.id, core.id]));
    const next = (userId: string) => rows.filter((row) => row.userId === userId).map((row) => row.nextRunAt.getTime() - start.getTime());
    expect(next(pro.id)).toEqual([MONITOR_INTERVAL_MS.pro, MONITOR_INTERVAL_MS.pro]);
    expect(next(core.id)).toEqual([MONITOR_INTERVAL_MS.core, MONITOR_INTERVAL_MS.core]);
    expect(MONITOR_INTERVAL_MS.pro).toBe(DAY);
    expect(MONITOR_INTERVAL_MS.core).toBe(7 * DAY);

    const history = historyResponseSchema.parse((await api(base, '/api/history', { cookie: pro.cookie })).body);
    expect(history.entries).toHaveLength(2);
    expect(history.entries.every((entry) => entry.trigger === 'scheduled' && entry.status === 'completed')).toBe(true);
    expect(new Set(history.entries.map((entry) => entry.role))).toEqual(new Set(['website', 'competitor']));

    // A day later the pro sites are due again, the core ones are not.
    expect((await server.app.monitor.tick(new Date(start.getTime() + DAY - 60_000))).started).toBe(0);
    await runDay(pro, new Date(start.getTime() + DAY));
    await runDay(core, new Date(start.getTime() + DAY));
    const after = historyResponseSchema.parse((await api(base, '/api/history', { cookie: core.cookie })).body);
    expect(after.entries).toHaveLength(2);
    expect(historyResponseSchema.parse((await api(base, '/api/history', { cookie: pro.cookie })).body).entries).toHaveLength(4);
  });

  it('never runs a scheduled audit while the user has one in flight', async () => {
    const user = await newUser('pro', [site.url], [rival.url]);
    const manual = await api(base, '/api/audits', { cookie: user.cookie, body: { url: site.url, scope: 'site', maxPages: 1 } });
    expect(manual.status).toBe(202);
    const tick = await server.app.monitor.tick(new Date());
    // The manual run may already have finished; if not, the site stays due instead of starting.
    if (tick.started === 0) expect(tick.busy).toBeGreaterThanOrEqual(1);
    await waitIdle(user.id);
    const runs = await server.db.select().from(auditRuns).where(eq(auditRuns.userId, user.id));
    expect(runs.every((run) => run.status === 'completed')).toBe(true);
  });

  it('does not audit a site again seconds after it was audited by hand; its next run is one interval after that audit', async () => {
    const user = await newUser('pro', [site.url], [rival.url]);
    // The first manual audit, with a trailing slash the profile's address lacks: the same site.
    const manual = await api(base, '/api/audits', { cookie: user.cookie, body: { url: `${site.url}/`, scope: 'site', maxPages: 1 } });
    expect(manual.status).toBe(202);
    await waitIdle(user.id);
    const [audited] = await server.db.select({ createdAt: auditRuns.createdAt }).from(auditRuns).where(eq(auditRuns.id, manual.body.id));
    const now = new Date();
    // The website waits; the competitor, never audited, starts (the tick also serves other tests' users).
    expect((await server.app.monitor.tick(now)).deferred).toBeGreaterThanOrEqual(1);
    await waitIdle(user.id);
    const [schedule] = await server.db.select().from(monitorSchedules).where(and(eq(monitorSchedules.userId, user.id), eq(monitorSchedules.url, site.url)));
    expect(schedule.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    expect(Math.abs(schedule.nextRunAt.getTime() - (audited.createdAt.getTime() + MONITOR_INTERVAL_MS.pro))).toBeLessThan(60_000);
    const scheduled = await server.db.select({ url: monitorRuns.url }).from(monitorRuns).where(eq(monitorRuns.userId, user.id));
    expect(scheduled.map((row) => row.url)).toEqual([rival.url]);
    // Once the interval has passed, the schedule audits it again.
    await runDay(user, new Date(schedule.nextRunAt.getTime() + 1000));
    const after = await server.db.select({ url: monitorRuns.url }).from(monitorRuns).where(eq(monitorRuns.userId, user.id));
    expect(after.map((row) => row.url)).toContain(site.url);
  });

  it('follows the profile: a removed competitor leaves the schedule, a new website joins it', async () => {
    const user = await newUser('pro', [site.url], [rival.url]);
    await server.app.monitor.syncSchedules(new Date());
    const update = await api(base, '/api/profile', { cookie: user.cookie, method: 'PATCH', body: { websites: [{ name: 'Rival as mine', url: rival.url }], competitors: [] } });
    expect(update.status).toBe(200);
    await server.app.monitor.syncSchedules(new Date());
    const rows = await server.db.select().from(monitorSchedules).where(eq(monitorSchedules.userId, user.id));
    expect(rows.map((row) => [row.url, row.role])).toEqual([[rival.url, 'website']]);
  });

  it('retries a failing scheduled audit with backoff, then shows it failed in the history', async () => {
    expect(server.app.monitor.auditJob.queue).toMatchObject({ retryLimit: 2, retryBackoff: true });
    const dead = await startChangingSite();
    const deadUrl = dead.url;
    await dead.close();
    // Onboarding needs a competitor; the same origin as the website counts once, as the website.
    const user = await newUser('pro', [deadUrl], [deadUrl]);
    // A monitor whose jobs are not sent, so this test plays pg-boss: it calls the handler once per attempt.
    const sent: { runId: string; userId: string }[] = [];
    const monitor = new Monitor({
      audit: { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log },
      jobs: { send: async (_job, payload) => (sent.push(payload as { runId: string; userId: string }), 'job') },
    });
    await monitor.tick(new Date());
    const mine = sent.filter((job) => job.userId === user.id);
    expect(mine).toHaveLength(1);
    const { runId } = mine[0];
    for (let attempt = 1; attempt <= MONITOR_RETRY.retryLimit; attempt += 1) {
      await expect(monitor.runAudit(user.id, runId)).rejects.toThrow();
    }
    await monitor.runAudit(user.id, runId);
    const [run] = await server.db.select().from(auditRuns).where(eq(auditRuns.id, runId));
    expect(run.status).toBe('failed');
    const [record] = await server.db.select().from(monitorRuns).where(eq(monitorRuns.runId, runId));
    expect(record.attempts).toBe(3);
    const history = historyResponseSchema.parse((await api(base, '/api/history?type=scheduled', { cookie: user.cookie })).body);
    expect(history.entries).toMatchObject([{ id: runId, status: 'failed', trigger: 'scheduled', overall_score: null }]);
    // The other users' sites this monitor started must not be left in flight for the rest of the file.
    for (const job of sent.filter((job) => job.userId !== user.id)) await monitor.runAudit(job.userId, job.runId).catch(() => undefined);
    for (const job of sent.filter((job) => job.userId !== user.id)) await waitIdle(job.userId);
  });
});

describe('insights API', () => {
  it('regenerates at most once a minute unless the inputs change', async () => {
    const user = await newUser('free', [site.url], [rival.url]);
    const first = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body);
    expect(first.insights.map((insight) => insight.id)).toEqual(['first-audit']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body);
    expect(again.generatedAt).toBe(first.generatedAt);
    const logged = await api(base, '/api/activity', { cookie: user.cookie, body: { activity_type: 'insight_action_taken', activity_data: { insightId: 'first-audit' } } });
    expect(logged.status).toBe(201);
    const changed = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body);
    expect(changed.generatedAt).not.toBe(first.generatedAt);
  });
});

describe('insights and competitors', () => {
  it('never takes a competitor audit for the user’s own score', async () => {
    const user = await newUser('core', [site.url], [rival.url]);
    const ids = async () => insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body).insights.map((insight) => insight.id);
    expect(await ids()).toEqual(['first-audit']);
    expect((await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url: `${rival.url}/` } })).status).toBe(200);
    expect(await ids()).toEqual(['first-audit']);
    expect((await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url: `${site.url}/` } })).status).toBe(200);
    expect(await ids()).not.toContain('first-audit');
  });
});

describe('alerts API', () => {
  it('raises alerts from audits made through the audit function', async () => {
    const user = await newUser('core', [site.url], [rival.url]);
    for (const level of [5, 5, 1]) {
      site.level = level;
      expect((await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url: `${site.url}/` } })).status).toBe(200);
    }
    site.level = 3;
    const list = alertListSchema.parse((await api(base, '/api/alerts', { cookie: user.cookie })).body);
    expect(list.alerts.find((alert) => alert.type === 'score_change' && alert.severity === 'critical')).toBeDefined();
    expect(list.unread).toBe(list.alerts.length);
  });

  it('reads, reads all, dismisses, and answers 404 for another user’s alert', async () => {
    const owner = await newUser('core', [site.url], [rival.url]);
    const stranger = await newUser('core', [site.url], [rival.url]);
    const [first, second] = await server.db
      .insert(alerts)
      .values([
        { userId: owner.id, dedupeKey: 'test:1', type: 'milestone', title: 'One', message: 'First', severity: 'low', confidence: 100 },
        { userId: owner.id, dedupeKey: 'test:2', type: 'milestone', title: 'Two', message: 'Second', severity: 'low', confidence: 100 },
      ])
      .returning();
    expect((await api(base, `/api/alerts/${first.id}/read`, { cookie: stranger.cookie, method: 'POST' })).status).toBe(404);
    expect((await api(base, `/api/alerts/${first.id}`, { cookie: stranger.cookie, method: 'DELETE' })).status).toBe(404);
    expect((await api(base, '/api/alerts/not-a-uuid/read', { cookie: owner.cookie, method: 'POST' })).status).toBe(404);
    expect(alertListSchema.parse((await api(base, '/api/alerts', { cookie: stranger.cookie })).body).alerts).toEqual([]);

    expect((await api(base, `/api/alerts/${first.id}/read`, { cookie: owner.cookie, method: 'POST' })).status).toBe(200);
    let list = alertListSchema.parse((await api(base, '/api/alerts', { cookie: owner.cookie })).body);
    expect(list.unread).toBe(1);
    expect((await api(base, '/api/alerts/read-all', { cookie: owner.cookie, method: 'POST' })).status).toBe(200);
    list = alertListSchema.parse((await api(base, '/api/alerts', { cookie: owner.cookie })).body);
    expect(list.unread).toBe(0);
    expect((await api(base, `/api/alerts/${second.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(200);
    list = alertListSchema.parse((await api(base, '/api/alerts', { cookie: owner.cookie })).body);
    expect(list.alerts.map((alert) => alert.id)).toEqual([first.id]);
  });
});
