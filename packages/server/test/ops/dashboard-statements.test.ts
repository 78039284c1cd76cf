import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * What a dashboard page load costs the database: the statements each of the overview's requests
 * sends (recorded from the built app in Chromium; scripts/loadtest/run.ts replays the same list).
 * Under load the server's time goes mostly into sending statements, so this is the budget the
 * load test's figures rest on: one statement for the session (with user, profile and plan), and
 * only what each route needs on top.
 */
const BUDGET: Record<string, number> = {
  '/api/auth/get-session': 1,
  '/api/profile': 1,
  '/api/white-label': 1,
  '/api/alerts': 2,
  '/api/audits?limit=10': 3,
  '/api/insights': 3,
  // The overview's audit panel and insights follow the selected website (issue 19).
  '/api/audits?limit=10&website=:site': 3,
  '/api/insights?website=:site': 3,
  '/api/audits/:newest': 2,
  '/api/monitoring/sites': 3,
};

let server: TestServer;
let cachedServer: TestServer;
let site: TestSite;
const sent: string[] = [];
const restore: (() => void)[] = [];

/** Records the text of every statement the app's database clients send, on either driver. */
function recordStatements(prototype: { query: (...args: any[]) => unknown }) {
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: any[]) {
    const query = args[0];
    sent.push(typeof query === 'string' ? query : (query?.text ?? ''));
    return original.apply(this, args);
  };
  restore.push(() => (prototype.query = original));
}

beforeAll(async () => {
  site = await startTestSite();
  // The budget is what a request costs when it must read: the read caches are off here.
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', READ_CACHE_SECONDS: '0' } });
  cachedServer = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  recordStatements(pg.Client.prototype as never);
  recordStatements(PGlite.prototype as never);
});
afterAll(async () => {
  for (const undo of restore) undo();
  await server?.close();
  await cachedServer?.close();
  await site?.close();
});

/** A verified user with onboarding done and two audits; returns their cookie and newest audit. */
async function dashboardUser(base: string): Promise<{ cookie: string; newest: string }> {
  const cookie = await signUpVerified(base, { name: 'Budget Keeper', email: uniqueEmail('budget'), password: STRONG_PASSWORD });
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status).toBe(200);
  for (const path of ['/', '/faq']) expect((await api(base, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${site.url}${path}` } })).status).toBe(200);
  const newest = (await api(base, '/api/audits?limit=1', { cookie })).body.audits[0].id as string;
  return { cookie, newest };
}

/** The statements each of the page load's requests sent, and the answers' bodies. */
async function pageLoad(base: string, user: { cookie: string; newest: string }) {
  const cost: Record<string, number> = {};
  const bodies: Record<string, any> = {};
  for (const read of Object.keys(BUDGET)) {
    sent.length = 0;
    const response = await api(base, read.replace(':newest', user.newest).replace(':site', encodeURIComponent(site.url)), { cookie: user.cookie });
    expect(response.status, read).toBe(200);
    // The job queue polls on its own schedule, and the change feed's barrier is not a read; only
    // the request's own statements count.
    cost[read] = sent.filter((text) => !/pgboss/i.test(text) && text !== 'select 1').length;
    bodies[read] = response.body;
  }
  return { cost, bodies };
}

describe('a dashboard page load', () => {
  it('stays within its statement budget when it must read', { timeout: 120_000 }, async () => {
    const base = server.baseUrl;
    const user = await dashboardUser(base);
    const costs = async () => (await pageLoad(base, user)).cost;
    await costs(); // the first load creates what later loads only read (insights, alerts aggregates)
    const warm = await costs();
    expect(warm).toEqual(Object.fromEntries(Object.entries(BUDGET).map(([read, budget]) => [read, Math.min(warm[read]!, budget)])));
    expect(Object.values(warm).every((n) => n >= 1)).toBe(true);
  });

  it('is answered from the read caches until the user changes something, then reads again', { timeout: 120_000 }, async () => {
    const base = cachedServer.baseUrl;
    const user = await dashboardUser(base);
    await pageLoad(base, user);
    const cached = await pageLoad(base, user);
    expect(cached.cost).toEqual(Object.fromEntries(Object.keys(BUDGET).map((read) => [read, 0])));

    const renamed = await api(base, '/api/profile', { method: 'PATCH', cookie: user.cookie, body: { business_description: 'Loose-leaf tea, shipped weekly.' } });
    expect(renamed.status).toBe(200);
    const after = await pageLoad(base, user);
    expect(after.bodies['/api/profile'].business_description).toBe('Loose-leaf tea, shipped weekly.');
    // The change dropped the user's entries: the session and the answers were read afresh (the
    // profile and theme come with the session, so only the session's statement shows for them).
    for (const read of ['/api/auth/get-session', '/api/alerts', '/api/audits?limit=10', '/api/insights', '/api/audits/:newest']) expect(after.cost[read], read).toBeGreaterThan(0);
    expect((await pageLoad(base, user)).cost).toEqual(cached.cost);
  });
});
