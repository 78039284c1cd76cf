import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertListSchema,
  auditListResponseSchema,
  auditRunSchema,
  competitiveDataSchema,
  historyResponseSchema,
  insightListSchema,
  trendsResponseSchema,
  type AuditRun,
  type PlanId,
} from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from './changing-site';

// Issue 19: "your score is your score". A Pro user's website shares its host with a competitor
// listed under its own path (/rival), and a second competitor lives on another host. Whatever
// audit is newest, the reads that stand for the user's own score (the overview's list, insights,
// alerts, custom playbooks, history insights, trends) use the user's own audits, and only audits
// of the same kind and address are ever compared.

let server: TestServer;
let base: string;
/** The user's site on / (and a second page, /blog); the same-host competitor on /rival. */
let shared: ChangingSite;
/** A competitor on a host of its own. */
let far: ChangingSite;

interface TestUser {
  cookie: string;
}

type Sites = Record<'websites' | 'competitors', { name: string; url: string }[]>;

async function newUser(plan: PlanId, sites?: Sites): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Own Score', email: uniqueEmail('own'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: {
      websites: sites?.websites ?? [{ name: 'Lantern Tea', url: shared.url }],
      industry: 'Food & Beverage',
      competitors: sites?.competitors ?? [
        { name: 'Kettle Co', url: `${shared.url}/rival` },
        { name: 'Far Rival', url: far.url },
      ],
      goals: ['increase_citations'],
    },
  });
  expect(onboarding.status).toBe(200);
  return { cookie };
}

/** Starts a site audit of `url` (one page) and waits for it to end; returns the finished run. */
async function siteAudit(user: TestUser, url: string): Promise<AuditRun> {
  const started = await api(base, '/api/audits', { cookie: user.cookie, body: { url, scope: 'site', maxPages: 1 } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = auditRunSchema.parse(started.body).id;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = auditRunSchema.parse((await api(base, `/api/audits/${id}`, { cookie: user.cookie })).body);
    if (run.status === 'completed') return run;
    if (run.status === 'failed') throw new Error(`audit of ${url} failed: ${run.error}`);
    if (Date.now() > deadline) throw new Error(`audit of ${url} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A page audit through the audit function (saved to the history like any audit); returns its score. */
async function pageAudit(user: TestUser, url: string): Promise<number> {
  const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.overallScore as number;
}

const list = async (user: TestUser, query: string) => auditListResponseSchema.parse((await api(base, `/api/audits?${query}`, { cookie: user.cookie })).body).audits;

beforeAll(async () => {
  [shared, far] = await Promise.all([startChangingSite(5, { '/rival': 1, '/blog': 1 }), startChangingSite(1)]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([shared?.close(), far?.close()]);
});

describe('the overview reads the selected website’s own audits', () => {
  let user: TestUser;
  let own: AuditRun;
  let sameHost: AuditRun;
  let otherHost: AuditRun;

  beforeAll(async () => {
    user = await newUser('pro');
    own = await siteAudit(user, shared.url);
    // "Audit now" in Competitive Insights, or monitoring: both competitors audited after the site.
    sameHost = await siteAudit(user, `${shared.url}/rival`);
    otherHost = await siteAudit(user, far.url);
    expect(sameHost.result!.overallScore).toBeLessThan(own.result!.overallScore);
  }, 240_000);

  it('lists own audits only as the recent audits, however new a competitor audit is', async () => {
    expect((await list(user, 'limit=10')).map((audit) => audit.id)).toEqual([own.id]);
  });

  it('gives the selected website’s latest audit for the score ring, not the same-host competitor’s', async () => {
    const website = await list(user, `website=${encodeURIComponent(shared.url)}&limit=10`);
    expect(website.map((audit) => audit.id)).toEqual([own.id]);
    expect(website[0].overall_score).toBe(own.result!.overallScore);
    // Asked for by its own address, the competitor's audits are its own.
    expect((await list(user, `website=${encodeURIComponent(`${shared.url}/rival`)}&limit=10`)).map((audit) => audit.id)).toEqual([sameHost.id]);
    expect((await list(user, `website=${encodeURIComponent(far.url)}&limit=10`)).map((audit) => audit.id)).toEqual([otherHost.id]);
  });

  it('names each audit’s role in the history by the matching rule, and its insights read own audits only', async () => {
    const history = historyResponseSchema.parse((await api(base, '/api/history', { cookie: user.cookie })).body);
    const roleOf = Object.fromEntries(history.entries.map((entry) => [entry.id, entry.role]));
    expect(roleOf).toEqual({ [own.id]: 'website', [sameHost.id]: 'competitor', [otherHost.id]: 'competitor' });
    // One own site audit: nothing to compare it with, and the projection starts from its score.
    expect(history.insights.find((insight) => insight.id === 'change')).toBeUndefined();
    expect(history.insights.find((insight) => insight.id === 'projection')?.message).toContain(`from ${own.result!.overallScore} `);
  });

  it('keeps the same-host competitor’s name and score apart from the site’s in Competitive Insights', async () => {
    const competitive = competitiveDataSchema.parse((await api(base, '/api/competitive-intel', { cookie: user.cookie })).body);
    expect(competitive.userSite).toMatchObject({ name: 'Lantern Tea', overallScore: own.result!.overallScore });
    expect(competitive.competitors.map((site) => [site.name, site.overallScore])).toEqual([
      ['Kettle Co', sameHost.result!.overallScore],
      ['Far Rival', otherHost.result!.overallScore],
    ]);
  });

  it('draws the website’s trend line from its own audits only', async () => {
    const trends = trendsResponseSchema.parse((await api(base, '/api/history/trends', { cookie: user.cookie })).body);
    expect(trends.series[0].points.map((point) => point.overallScore)).toEqual([own.result!.overallScore]);
  });

  it('builds a custom playbook from the latest own audit, not the newer competitor’s', async () => {
    const playbook = await api(base, '/api/playbooks/custom', { cookie: user.cookie, method: 'POST' });
    expect(playbook.status, JSON.stringify(playbook.body)).toBe(201);
    expect(playbook.body.playbook.title).toBe(`Your Custom Playbook for ${shared.url}`);
  });
});

describe('insights', () => {
  it('keeps the first-audit insight while only competitors, on the same host or not, have been audited', { timeout: 120_000 }, async () => {
    const user = await newUser('pro');
    const ids = async () => insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body).insights.map((insight) => insight.id);
    await pageAudit(user, `${shared.url}/rival`);
    expect(await ids()).toContain('first-audit');
    await siteAudit(user, far.url);
    expect(await ids()).toContain('first-audit');
    expect(await list(user, 'limit=10')).toEqual([]);
    // A page audit of the site is no site score: the insights ask for a site audit (issue 30).
    await pageAudit(user, `${shared.url}/`);
    expect(await ids()).not.toContain('first-audit');
    expect(await ids()).toContain('site-audit');
    await siteAudit(user, shared.url);
    expect(await ids()).not.toContain('site-audit');
  });
});

describe('insights of the selected website', () => {
  it('read that website’s latest audit; without one, or for a site that is not a website, the newest own audit', { timeout: 120_000 }, async () => {
    const user = await newUser('pro', {
      websites: [
        { name: 'Lantern Tea', url: shared.url },
        { name: 'Far Shop', url: far.url },
      ],
      competitors: [{ name: 'Kettle Co', url: `${shared.url}/rival` }],
    });
    // A website's score is its site audit (issue 30); then a newer, competitor's page audit.
    const high = (await siteAudit(user, shared.url)).result!.overallScore;
    const low = (await siteAudit(user, far.url)).result!.overallScore;
    await pageAudit(user, `${shared.url}/rival`);
    const ids = async (query: string) => insightListSchema.parse((await api(base, `/api/insights${query}`, { cookie: user.cookie })).body).insights.map((insight) => insight.id);
    expect(high).toBeGreaterThanOrEqual(60);
    expect(low).toBeLessThan(60);
    // Lantern Tea scores well: no urgent insight for it, though Far Shop's audit is newer and low.
    expect(await ids(`?website=${encodeURIComponent(shared.url)}`)).not.toContain('urgent-score');
    expect(await ids(`?website=${encodeURIComponent(far.url)}`)).toContain('urgent-score');
    // The newest own audit is Far Shop's; the competitor's newer one never counts, nor does naming it.
    expect(await ids('')).toContain('urgent-score');
    expect(await ids(`?website=${encodeURIComponent(`${shared.url}/rival`)}`)).toContain('urgent-score');
  });
});

describe('like with like', () => {
  it('raises no score drop for the user’s site from a same-host competitor’s audit', { timeout: 120_000 }, async () => {
    const user = await newUser('pro');
    for (let i = 0; i < 2; i += 1) await pageAudit(user, `${shared.url}/`);
    // Kettle Co's page scores far lower; it is the competitor's audit, not a drop of Lantern Tea.
    const rivalScore = await pageAudit(user, `${shared.url}/rival`);
    const alerts = alertListSchema.parse((await api(base, '/api/alerts', { cookie: user.cookie })).body).alerts;
    expect(rivalScore).toBeLessThan(70);
    expect(alerts.filter((alert) => /dropped/.test(alert.title))).toEqual([]);
  });

  it('compares a page only with earlier audits of the same page, never with another page or a site audit', { timeout: 180_000 }, async () => {
    const user = await newUser('pro');
    await siteAudit(user, shared.url);
    // The audit tool on the home page: the only earlier audit is a site crawl, so nothing to compare.
    const first = await api(base, '/api/functions/enhanced-audit-insights', { cookie: user.cookie, body: { url: shared.url } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ previousScore: null, scoreDelta: null, trend: null, subscoreDeltas: null });

    // Two page audits of the home page, then one of a thin second page: no drop alert, no trend.
    const home = await pageAudit(user, `${shared.url}/`);
    await pageAudit(user, `${shared.url}/`);
    const blog = await pageAudit(user, `${shared.url}/blog`);
    expect(home - blog).toBeGreaterThanOrEqual(20);
    const alerts = alertListSchema.parse((await api(base, '/api/alerts', { cookie: user.cookie })).body).alerts;
    expect(alerts.filter((alert) => /dropped/.test(alert.title))).toEqual([]);
    // The history's insights follow the newest audit's own page: one audit of /blog, no change to report.
    const history = historyResponseSchema.parse((await api(base, '/api/history', { cookie: user.cookie })).body);
    expect(history.insights.find((insight) => insight.id === 'change')).toBeUndefined();

    // Against a page audit of the same page, the tool compares check by check.
    const again = await api(base, '/api/functions/enhanced-audit-insights', { cookie: user.cookie, body: { url: `${shared.url}/` } });
    expect(again.status).toBe(200);
    expect(again.body.previousScore).toBe(home);
    expect(again.body.subscoreDeltas).not.toBeNull();
  });
});
