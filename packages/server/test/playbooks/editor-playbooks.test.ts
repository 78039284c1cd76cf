import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBOOK_MESSAGES, VERIFY_STEP_ID, type PlaybooksResponse } from '@citable/contract';
import { feedback, userActivity } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startTestSite, type TestSite } from '../fixtures/audit-site';

let server: TestServer;
let base: string;
let site: TestSite;

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(plan: 'free' | 'core' | 'pro'): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Playbook Tester', email: uniqueEmail('playbook'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id };
}

const complete = (user: TestUser, playbookId: string, stepId: string) => api(base, `/api/playbooks/${playbookId}/steps/${stepId}/complete`, { cookie: user.cookie, method: 'POST' });
const activities = (user: TestUser, type: string) =>
  server.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.userId, user.id), eq(userActivity.activityType, type)));

// Pasted content with failing checks (no schema, no statistics, no question headings, a long lead).
const ARTICLE = `# Home solar power

In this article we look at solar panels and what they do for a household that wants lower bills and a smaller footprint over the years ahead, and we compare the options.

## Benefits of solar panels

It is widely believed that solar panels are the best investment a homeowner can make. The panels were installed by a certified team, and the owners saw their bills fall over the first winter, but the savings depended on the roof angle and the weather.`;

beforeAll(async () => {
  site = await startTestSite();
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('playbooks API', () => {
  it('lists the playbooks with what the plan opens and the recommendation', async () => {
    const free = await newUser('free');
    const response = await api<PlaybooksResponse>(base, '/api/playbooks', { cookie: free.cookie });
    expect(response.status).toBe(200);
    expect(response.body.playbooks.map((p) => [p.id, p.available, p.requiredPlan])).toEqual([
      ['ai-visibility-foundation', true, 'free'],
      ['voice-search-optimization', false, 'core'],
      ['content-optimization-mastery', false, 'pro'],
    ]);
    expect(response.body.completed).toEqual({});
    expect(response.body.recommendedId).toBe('ai-visibility-foundation');
    expect(response.body.customAllowed).toBe(false);
    expect((await api(base, '/api/playbooks')).status).toBe(401);
  });

  it('completes steps in dependency order, reports progress and logs each completion', async () => {
    const core = await newUser('core');
    const locked = await complete(core, 'ai-visibility-foundation', 'add-schema');
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe(PLAYBOOK_MESSAGES.stepLocked);

    const first = await complete(core, 'ai-visibility-foundation', 'baseline-audit');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ playbookId: 'ai-visibility-foundation', completed: ['baseline-audit'], progress: 20 });
    const again = await complete(core, 'ai-visibility-foundation', 'baseline-audit');
    expect(again.body.progress).toBe(20);
    const second = await complete(core, 'ai-visibility-foundation', 'add-schema');
    expect(second.body).toMatchObject({ completed: ['baseline-audit', 'add-schema'], progress: 40 });

    const listed = await api<PlaybooksResponse>(base, '/api/playbooks', { cookie: core.cookie });
    expect(listed.body.completed['ai-visibility-foundation']).toEqual(['baseline-audit', 'add-schema']);

    const logged = await activities(core, 'playbook_step_completed');
    expect(logged.map((a) => a.activityData)).toContainEqual({ playbookId: 'ai-visibility-foundation', stepId: 'baseline-audit', stepTitle: 'Run your baseline audit' });
  });

  it("gives Free a playbook it can follow: its site audit counts, the Core steps are upgrade steps, the re-audit is not held behind them (issue 33)", async () => {
    const free = await newUser('free');
    const onboarding = await api(base, '/api/profile/onboarding', {
      cookie: free.cookie,
      body: { websites: [{ name: 'Test site', url: site.url }], industry: 'Other', competitors: [{ name: 'Rival', url: 'https://rival.example' }], goals: ['improve_understanding'] },
    });
    expect(onboarding.status).toBe(200);
    expect((await api<PlaybooksResponse>(base, '/api/playbooks', { cookie: free.cookie })).body.completed).toEqual({});
    // Free audits its site from the overview (POST /api/audits); the playbook then counts it.
    const run = await api(base, '/api/audits', { cookie: free.cookie, body: { url: site.url, scope: 'site', maxPages: 1 } });
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    await expect.poll(async () => (await api(base, `/api/audits/${run.body.id}`, { cookie: free.cookie })).body.status, { timeout: 60_000, interval: 250 }).toBe('completed');
    const listed = await api<PlaybooksResponse>(base, '/api/playbooks', { cookie: free.cookie });
    expect(listed.body.completed['ai-visibility-foundation']).toEqual(['baseline-audit']);
    // A Core step is refused with the plan it needs, not locked behind order.
    const schema = await complete(free, 'ai-visibility-foundation', 'add-schema');
    expect(schema.status).toBe(403);
    expect(schema.body.requiredPlan).toBe('core');
    // The re-audit waits on the Core steps only through the baseline, which is done.
    const reaudit = await complete(free, 'ai-visibility-foundation', 're-audit');
    expect(reaudit.status, JSON.stringify(reaudit.body)).toBe(200);
    expect(reaudit.body).toEqual({ playbookId: 'ai-visibility-foundation', completed: ['baseline-audit', 're-audit'], progress: 40 });
  });

  it('enforces the plan: free cannot complete a voice-search step, core can', async () => {
    const free = await newUser('free');
    const refused = await complete(free, 'voice-search-optimization', 'test-voice');
    expect(refused.status).toBe(403);
    expect(refused.body.requiredPlan).toBe('core');
    const core = await newUser('core');
    expect((await complete(core, 'voice-search-optimization', 'test-voice')).status).toBe(200);
    expect((await complete(core, 'content-optimization-mastery', 'measure-citations')).status).toBe(403);
    expect((await complete(core, 'no-such-playbook', 'x')).status).toBe(404);
    expect((await complete(core, 'voice-search-optimization', 'no-such-step')).status).toBe(404);
  });

  it('builds a custom playbook from the latest audit for core, not for free', async () => {
    const free = await newUser('free');
    expect((await api(base, '/api/playbooks/custom', { cookie: free.cookie, method: 'POST' })).status).toBe(403);

    const core = await newUser('core');
    const none = await api(base, '/api/playbooks/custom', { cookie: core.cookie, method: 'POST' });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(PLAYBOOK_MESSAGES.noAudit);

    const audited = await api(base, '/api/functions/ai-visibility-audit', { cookie: core.cookie, body: { content: ARTICLE } });
    expect(audited.status, JSON.stringify(audited.body)).toBe(200);
    const created = await api(base, '/api/playbooks/custom', { cookie: core.cookie, method: 'POST' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const playbook = created.body.playbook;
    expect(playbook.id).toMatch(/^custom-/);
    const fixes = playbook.steps.slice(0, -1);
    // Measured on the audit it was built from: every check its steps fix fails there.
    expect(playbook.match).toEqual({ failing: fixes.length, total: fixes.length, percent: 100 });
    expect(playbook).not.toHaveProperty('matchScore');
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes.map((s: { id: string }) => s.id)).toEqual(audited.body.issues.slice(0, fixes.length).map((i: { checkId: string }) => `fix-${i.checkId}`));
    const verify = playbook.steps.at(-1);
    expect(verify).toMatchObject({ id: VERIFY_STEP_ID, title: 'Verify Improvements', priority: 10, dependsOn: fixes.map((s: { id: string }) => s.id) });

    const listed = await api<PlaybooksResponse>(base, '/api/playbooks', { cookie: core.cookie });
    expect(listed.body.playbooks[0].id).toBe(playbook.id);
    expect((await complete(core, playbook.id, VERIFY_STEP_ID)).status).toBe(409);
    expect((await complete(core, playbook.id, fixes[0].id)).status).toBe(200);
    // Another user cannot see or complete it.
    const other = await newUser('core');
    expect((await complete(other, playbook.id, fixes[0].id)).status).toBe(404);
  });
});

describe('feedback API', () => {
  const body = { feedbackType: 'improvement', satisfaction: 4, valueRating: 5, feedbackText: '  The editor suggestions are useful.  ' };

  it('stores feedback with the plan read on the server and logs it', async () => {
    const core = await newUser('core');
    const response = await api(base, '/api/feedback', { cookie: core.cookie, body });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(feedback).where(eq(feedback.id, response.body.id));
    expect(row).toMatchObject({ userId: core.id, feedbackType: 'improvement', satisfaction: 4, valueRating: 5, feedbackText: 'The editor suggestions are useful.', userPlan: 'core' });
    expect((await activities(core, 'feedback_submitted')).map((a) => a.activityData)).toEqual([{ feedbackType: 'improvement', satisfaction: 4, valueRating: 5 }]);
  });

  it('refuses blank text, bad ratings, a client-sent plan and a missing session', async () => {
    const free = await newUser('free');
    expect((await api(base, '/api/feedback', { cookie: free.cookie, body: { ...body, feedbackText: '   ' } })).status).toBe(400);
    expect((await api(base, '/api/feedback', { cookie: free.cookie, body: { ...body, satisfaction: 6 } })).status).toBe(400);
    expect((await api(base, '/api/feedback', { cookie: free.cookie, body: { ...body, userPlan: 'agency' } })).status).toBe(400);
    expect((await api(base, '/api/feedback', { body })).status).toBe(401);
  });
});

describe('real-time-content-analysis', () => {
  it('analyses with the engine for core, logs content_analyzed with its own score, refuses free', async () => {
    const core = await newUser('core');
    const response = await api(base, '/api/functions/real-time-content-analysis', { cookie: core.cookie, body: { content: ARTICLE, keywords: ['solar panels'], contentType: 'blog-post' } });
    expect(response.status).toBe(200);
    const { analysis, suggestions } = response.body;
    expect(analysis.overallScore).toBeGreaterThan(0);
    expect(analysis.keywordDensity['solar panels']).toBeGreaterThan(0);
    expect(suggestions.map((s: { kind: string }) => s.kind)).toContain('long-sentence');
    for (const s of suggestions) expect(ARTICLE.slice(s.position.start, s.position.end)).toBe(s.original);
    const [logged] = await activities(core, 'content_analyzed');
    expect(logged.activityData).toEqual({ contentLength: ARTICLE.length, score: analysis.overallScore, contentType: 'blog-post' });

    const short = await api(base, '/api/functions/real-time-content-analysis', { cookie: core.cookie, body: { content: 'Too short.' } });
    expect(short.body).toEqual({ analysis: null, suggestions: [] });

    const free = await newUser('free');
    expect((await api(base, '/api/functions/real-time-content-analysis', { cookie: free.cookie, body: { content: ARTICLE } })).status).toBe(403);
    expect((await api(base, '/api/functions/real-time-content-analysis', { body: { content: ARTICLE } })).status).toBe(401);
  });
});
