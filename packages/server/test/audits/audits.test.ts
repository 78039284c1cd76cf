import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_MESSAGES, auditResultSchema, auditRunSchema, type AuditRun } from '@citable/contract';
import { auditHistory, auditRuns, userActivity } from '../../src/db/schema';
import { executeRun } from '../../src/features/audits/execute-run';
import { ABANDONED_MESSAGE } from '../../src/features/audits/runs';
import { setPlan } from '../../src/features/profile/profile';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;
let site: TestSite;
let slowSite: TestSite;

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(plan: 'free' | 'core', websites: string[]): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Audit Tester', email: uniqueEmail('audit'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  // There is no billing in tests: the plan is set through the profile service, before the plan's caps apply.
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: {
      websites: websites.map((url, index) => ({ name: `Site ${index + 1}`, url })),
      industry: 'Technology & Software',
      competitors: [{ name: 'Rival', url: 'https://rival.example.com' }],
      goals: ['increase_citations'],
    },
  });
  expect(onboarding.status).toBe(200);
  return { cookie, id };
}

async function waitForRun(cookie: string, id: string, until: (run: AuditRun) => boolean = (run) => run.status === 'completed' || run.status === 'failed'): Promise<AuditRun> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await api<AuditRun>(base, `/api/audits/${id}`, { cookie });
    expect(response.status).toBe(200);
    if (until(response.body)) return response.body;
    if (Date.now() > deadline) throw new Error(`audit ${id} still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [site, slowSite] = await Promise.all([startTestSite(), startTestSite({ delayMs: 400 })]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([site?.close(), slowSite?.close()]);
});

describe('POST /api/functions/ai-visibility-audit', () => {
  let core: TestUser;
  beforeAll(async () => {
    core = await newUser('core', [site.url]);
  });

  it('requires a session', async () => {
    expect((await api(base, '/api/functions/ai-visibility-audit', { body: { content: 'Hello' } })).status).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    const cases = [{}, { url: site.url, content: 'Both' }, { url: 'ftp://example.com/file' }, { url: 'not a url' }, { content: '' }, { content: 'x', extra: true }];
    for (const body of cases) {
      const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('audits a URL: the spec shape, saved to the history, logged as audit_run', async () => {
    const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { url: `${site.url}/faq` } });
    expect(response.status).toBe(200);
    expect(() => auditResultSchema.parse(response.body)).not.toThrow();
    expect(response.body).toMatchObject({ detail: 'full', page: { url: `${site.url}/faq`, title: expect.stringContaining('FAQ') } });
    expect(response.body.checks.length).toBeGreaterThan(10);

    const list = await api(base, '/api/audits', { cookie: core.cookie });
    expect(list.body.audits[0]).toMatchObject({ id: response.body.id, kind: 'page', website_url: `${site.url}/faq`, overall_score: response.body.overallScore });
    const activities = await server.db.select().from(userActivity).where(eq(userActivity.userId, core.id));
    expect(activities.find((activity) => activity.activityType === 'audit_run')).toMatchObject({ toolId: 'audit', websiteUrl: `${site.url}/faq` });
  });

  it('audits pasted content', async () => {
    const content = '# Brewing sencha\n\nUse water at 70 °C. Steep for one minute.\n\n## Why does temperature matter?\n\nHot water makes sencha bitter.';
    const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { content } });
    expect(response.status).toBe(200);
    expect(auditResultSchema.parse(response.body).page.url).toBeNull();
    const run = await api<AuditRun>(base, `/api/audits/${response.body.id}`, { cookie: core.cookie });
    expect(run.body).toMatchObject({ status: 'completed', website_url: null, result: { kind: 'content', overallScore: response.body.overallScore } });
  });

  it('answers a private address with the crawler\'s reason, never a 500', async () => {
    const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { url: 'http://10.0.0.1/' } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('10.0.0.1 is a private address and cannot be audited');
  });

  it('answers an unreachable site with 422 and frees the audit slot', async () => {
    const closed = await startTestSite();
    await closed.close();
    const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { url: closed.url } });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(/could not be reached/);
    expect((await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { content: 'Still works.' } })).status).toBe(200);
  });
});

describe('site audits as jobs', () => {
  let core: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [core, other] = await Promise.all([newUser('core', [site.url, slowSite.url]), newUser('core', [site.url])]);
  });

  it('requires a session', async () => {
    expect((await api(base, '/api/audits', { body: { url: site.url, scope: 'site' } })).status).toBe(401);
    expect((await api(base, '/api/audits')).status).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ url: site.url }, { url: site.url, scope: 'domain' }, { url: site.url, scope: 'site', maxPages: 0 }, { url: 'javascript:alert(1)', scope: 'page' }]) {
      expect((await api(base, '/api/audits', { cookie: core.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(base, '/api/audits?limit=101', { cookie: core.cookie })).status).toBe(400);
  });

  it('crawls the site, reports progress, completes and is listed', async () => {
    const started = await api(base, '/api/audits', { cookie: core.cookie, body: { url: site.url, scope: 'site' } });
    expect(started.status).toBe(202);
    expect(auditRunSchema.parse(started.body)).toMatchObject({ status: 'queued', scope: 'site', progress: { done: 0 } });

    const run = await waitForRun(core.cookie, started.body.id);
    expect(run).toMatchObject({ status: 'completed', progress: { done: 4, total: 4 } });
    expect(run.result).toMatchObject({ kind: 'site', pageCount: 4, detail: 'full' });
    expect(run.result?.pages?.map((page) => page.url).sort()).toEqual(['/', '/about', '/faq', '/guide'].map((path) => `${site.url}${path}`));
    expect(run.result?.subscores).toBeDefined();
    const failing = run.result?.checks?.find((check) => check.passed === false);
    expect(failing?.pagesFailing).toBeGreaterThan(0);

    const list = await api(base, `/api/audits?website=${encodeURIComponent(site.url)}`, { cookie: core.cookie });
    expect(list.body.audits).toHaveLength(1);
    expect(list.body.audits[0]).toMatchObject({ id: run.id, kind: 'site', page_count: 4, overall_score: run.result?.overallScore });
  });

  it('refuses a second audit while one runs (409), then accepts one', async () => {
    const started = await api(base, '/api/audits', { cookie: core.cookie, body: { url: slowSite.url, scope: 'site' } });
    expect(started.status).toBe(202);
    const second = await api(base, '/api/audits', { cookie: core.cookie, body: { url: site.url, scope: 'page' } });
    expect(second).toMatchObject({ status: 409, body: { error: AUDIT_MESSAGES.alreadyRunning } });
    const sync = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { content: 'Hello' } });
    expect(sync.status).toBe(409);
    // A reloaded overview finds the run in flight in the list and follows it.
    expect((await api(base, '/api/audits', { cookie: core.cookie })).body.current).toMatchObject({ id: started.body.id, scope: 'site' });

    const running = await waitForRun(core.cookie, started.body.id, (run) => run.status === 'running' && run.progress.done >= 1);
    expect(running.progress.total).toBeGreaterThanOrEqual(running.progress.done);
    await waitForRun(core.cookie, started.body.id);
    expect((await api(base, '/api/audits', { cookie: core.cookie })).body.current).toBeNull();
    expect((await api(base, '/api/audits', { cookie: core.cookie, body: { url: `${site.url}/about`, scope: 'page' } })).status).toBe(202);
  });

  it('fails a job on a private address with the crawler\'s message', async () => {
    const started = await api(base, '/api/audits', { cookie: other.cookie, body: { url: 'http://10.0.0.1/', scope: 'site' } });
    expect(started.status).toBe(202);
    const run = await waitForRun(other.cookie, started.body.id);
    expect(run).toMatchObject({ status: 'failed', error: '10.0.0.1 is a private address and cannot be audited' });
    expect(run.result).toBeUndefined();
  });

  it('hides another user\'s audit (404) and malformed ids alike', async () => {
    const [mine] = (await api(base, '/api/audits', { cookie: core.cookie })).body.audits;
    expect((await api(base, `/api/audits/${mine.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await api(base, '/api/audits/not-a-uuid', { cookie: other.cookie })).status).toBe(404);
    const theirs = (await api(base, '/api/audits', { cookie: other.cookie })).body.audits;
    expect(theirs.map((audit: { id: string }) => audit.id)).not.toContain(mine.id);
  });

  it('never writes a second history row for the same run (retried job)', async () => {
    const [run] = await server.db
      .insert(auditRuns)
      .values({ userId: other.id, scope: 'page', websiteUrl: `${site.url}/guide`, maxPages: 1, status: 'queued', counted: false })
      .returning();
    const deps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log };
    await executeRun(deps, other.id, run.id);
    await executeRun(deps, other.id, run.id);
    // A retry that finds the run still marked running (its worker died after saving) saves nothing either.
    await server.db.update(auditRuns).set({ status: 'running' }).where(eq(auditRuns.id, run.id));
    await executeRun(deps, other.id, run.id);
    expect(await server.db.select().from(auditHistory).where(eq(auditHistory.id, run.id))).toHaveLength(1);
    const logged = await server.db.select().from(userActivity).where(eq(userActivity.userId, other.id));
    expect(logged.filter((activity) => activity.activityData?.auditId === run.id)).toHaveLength(1);
  });
});

describe('abandoned runs', () => {
  it('frees the slot of a run nobody has touched for 30 minutes', async () => {
    const user = await newUser('core', [site.url]);
    const stale = new Date(Date.now() - 31 * 60_000);
    const [run] = await server.db
      .insert(auditRuns)
      .values({ userId: user.id, scope: 'site', websiteUrl: site.url, maxPages: 5, status: 'running', counted: true, createdAt: stale, updatedAt: stale })
      .returning();
    expect((await api(base, '/api/audits', { cookie: user.cookie, body: { url: `${site.url}/faq`, scope: 'page' } })).status).toBe(202);
    const old = await api<AuditRun>(base, `/api/audits/${run.id}`, { cookie: user.cookie });
    expect(old.body).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
  });
});

describe('plans', () => {
  it('shows a free user the overall score and recommendation titles only, and the detail after an upgrade', async () => {
    const free = await newUser('free', [site.url]);
    const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: free.cookie, body: { url: `${site.url}/about` } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ detail: 'overall', requiredPlan: 'core' });
    expect(response.body.subscores).toBeUndefined();
    expect(response.body.checks).toBeUndefined();
    expect(response.body.issues).toBeUndefined();
    expect(response.body.recommendations.every((text: string) => !text.includes(':'))).toBe(true);

    const [item] = (await api(base, '/api/audits', { cookie: free.cookie })).body.audits;
    expect(item.subscores).toBeUndefined();
    const run = await api<AuditRun>(base, `/api/audits/${response.body.id}`, { cookie: free.cookie });
    expect(run.body.result?.subscores).toBeUndefined();
    expect(run.body.result?.checks).toBeUndefined();

    await setPlan(server.db, free.id, 'core');
    const upgraded = await api<AuditRun>(base, `/api/audits/${response.body.id}`, { cookie: free.cookie });
    expect(upgraded.body.result).toMatchObject({ detail: 'full', subscores: expect.any(Object) });
    expect(upgraded.body.result?.checks?.length).toBeGreaterThan(10);
  });

  it('counts audits of other hosts against the monthly limit (403 with the plan required)', async () => {
    const free = await newUser('free', [site.url]);
    await server.db.insert(auditRuns).values(
      Array.from({ length: 5 }, () => ({ userId: free.id, scope: 'page', websiteUrl: 'http://10.0.0.9/', maxPages: 1, status: 'completed', counted: true })),
    );
    const foreign = await api(base, '/api/audits', { cookie: free.cookie, body: { url: 'http://10.0.0.9/', scope: 'page' } });
    expect(foreign).toMatchObject({ status: 403, body: { error: AUDIT_MESSAGES.limitReached, requiredPlan: 'core' } });
    const ownSite = await api(base, '/api/audits', { cookie: free.cookie, body: { url: site.url, scope: 'site' } });
    expect(ownSite.status).toBe(403);
    const ownPage = await api(base, '/api/functions/ai-visibility-audit', { cookie: free.cookie, body: { url: `${site.url}/faq` } });
    expect(ownPage.status).toBe(200);
  });
});
