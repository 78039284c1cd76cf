import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { alertListSchema, competitiveDataSchema, historyResponseSchema, insightListSchema, type PlanId } from '@citable/contract';
import { auditRuns, monitorRuns, monitorSchedules } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
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
async function waitIdle(userId: string, db = server.db): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const busy = await db
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

/** On a server of its own: the worker runs one job at a time, and other files' users would queue ahead. */
describe('monitoring over a simulated month', () => {
  it('a simulated month of ticks fills history, trends and alerts with no user action', { timeout: 300_000 }, async () => {
    const user = await newUser('pro', [site.url], [rival.url]);
    // Quality rises, holds, then falls: milestones on the way up, drops and a declining trend after.
    const levels = [0, 2, 3, 5, 5, 5, 3, 2, 1, 0];
    const start = new Date(Date.now() + 40 * DAY);
    for (const [day, level] of levels.entries()) {
      site.level = level;
      rival.level = day < 5 ? 1 : 5;
      await runDay(user, new Date(start.getTime() + day * DAY));
    }
    site.level = 3;
    const history = historyResponseSchema.parse((await api(base, '/api/history?period=all&sort=date&order=asc', { cookie: user.cookie })).body);
    const own = history.entries.filter((entry) => entry.role === 'website');
    expect(own).toHaveLength(levels.length);
    expect(own.every((entry) => entry.status === 'completed')).toBe(true);
    expect(history.entries.filter((entry) => entry.role === 'competitor')).toHaveLength(levels.length);
    expect(history.insights.map((insight) => insight.id)).toContain('projection');

    const trends = await api(base, '/api/history/trends', { cookie: user.cookie });
    expect(trends.status).toBe(200);
    expect(trends.body.series[0].points).toHaveLength(levels.length);

    const list = alertListSchema.parse((await api(base, '/api/alerts', { cookie: user.cookie })).body);
    const types = new Set(list.alerts.map((alert) => alert.type));
    expect(types).toContain('milestone');
    expect(types).toContain('anomaly');
    expect(types).toContain('predictive');
    expect(types).toContain('competitor_update');
    expect(list.alerts.length).toBeLessThanOrEqual(15);
    expect(new Set(list.alerts.map((alert) => alert.id)).size).toBe(list.alerts.length);
    // No industry alert: fewer than five sites of this industry have audits here.
    expect(types.has('industry_trend')).toBe(false);

    const competitive = competitiveDataSchema.parse((await api(base, '/api/competitive-intel?period=90d', { cookie: user.cookie })).body);
    expect(competitive.status).toBe('ready');
    expect(competitive.userSite?.overallScore).not.toBeNull();
    expect(competitive.trends.length).toBeGreaterThan(0);
    expect(competitive.entities.length).toBeLessThanOrEqual(15);

    const insights = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body);
    expect(insights.insights.length).toBeGreaterThan(0);
    expect(insights.insights.length).toBeLessThanOrEqual(3);
  });
  });

describe('schedules across a restart', () => {
  it('keeps schedules in the database, so a restarted server runs them when due', { timeout: 120_000 }, async () => {
    const storage = await createTestStorage();
    try {
      const first = await startTestServer({ storage, env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
      const cookie = await signUpVerified(first.baseUrl, { name: 'Restart', email: uniqueEmail('restart'), password: STRONG_PASSWORD });
      const id = (await api(first.baseUrl, '/api/profile', { cookie })).body.user_id as string;
      await setPlan(first.db, id, 'pro');
      await api(first.baseUrl, '/api/profile/onboarding', {
        cookie,
        body: { websites: [{ name: 'Mine', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Rival', url: rival.url }], goals: ['voice_search'] },
      });
      const start = new Date(Date.now() + 100 * DAY);
      await first.app.monitor.syncSchedules(start);
      await first.close();

      const second = await startTestServer({ storage, env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
      try {
        const rows = await second.db.select().from(monitorSchedules).where(eq(monitorSchedules.userId, id));
        expect(rows.map((row) => row.url).sort()).toEqual([site.url, rival.url].sort());
        const tick = await second.app.monitor.tick(start);
        expect(tick.started).toBeGreaterThanOrEqual(1);
        await waitIdle(id, second.db);
        const runs = await second.db.select().from(monitorRuns).where(eq(monitorRuns.userId, id));
        expect(runs.length).toBeGreaterThanOrEqual(1);
      } finally {
        await second.close();
      }
    } finally {
      await storage.remove();
    }
  });
});
