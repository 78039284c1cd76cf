import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@citable/contract';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from './helpers';

let server: TestServer;
let base: string;
let alice: string;
let bob: string;

const site = (n: number) => ({ name: `Site ${n}`, url: `https://site${n}.example.com` });
const onboarding = { websites: [site(1)], industry: 'Technology & Software', business_description: 'We make tools.', competitors: [site(2)], goals: ['increase_citations'] };

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
  [alice, bob] = await Promise.all([
    signUpVerified(base, { name: 'Alice Able', email: uniqueEmail('alice'), password: STRONG_PASSWORD }),
    signUpVerified(base, { name: 'Bob Baker', email: uniqueEmail('bob'), password: STRONG_PASSWORD }),
  ]);
});
afterAll(() => server?.close());

describe('public endpoints', () => {
  it('GET /api/health', async () => {
    expect(await api(base, '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /api/config says billing is off and the dev outbox is on', async () => {
    const response = await api(base, '/api/config');
    expect(response.body).toMatchObject({ billingConfigured: false, environment: 'test', devOutbox: true, passwordMinLength: 8, passwordMaxLength: 128 });
  });

  it('sets security headers with a strict script policy', async () => {
    const response = await api(base, '/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers unknown /api routes with JSON 404 and client routes with a not-built note', async () => {
    const unknown = await api(base, '/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/No API route/);
    const unknownPost = await api(base, '/api/nothing/here', { body: {} });
    expect(unknownPost.status).toBe(404);
    expect(typeof unknownPost.body.error).toBe('string');
    const page = await api(base, '/pricing');
    expect(page.status).toBe(404);
    expect(page.body).toMatch(/web app is not built/);
  });
});

describe('profile', () => {
  it('creates the profile on first access and requires a session', async () => {
    expect((await api(base, '/api/profile')).status).toBe(401);
    const profile = await api(base, '/api/profile', { cookie: alice });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ plan: 'free', onboarding_completed_at: null, websites: [], competitors: [], goals: [], industry: null, full_name: 'Alice Able' });
  });

  it('completes onboarding, then logs it', async () => {
    const response = await api(base, '/api/profile/onboarding', { cookie: alice, body: onboarding });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ websites: [site(1)], competitors: [site(2)], goals: ['increase_citations'], industry: 'Technology & Software' });
    expect(Date.parse(response.body.onboarding_completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const me = await api(base, '/api/me', { cookie: alice });
    expect(me.body.profile.onboarding_completed_at).toBe(response.body.onboarding_completed_at);
    const activity = await api(base, '/api/activity', { cookie: alice });
    expect(activity.body.activities.map((a: { activity_type: string }) => a.activity_type)).toContain('onboarding_completed');
  });

  it('refuses onboarding with incomplete rows', async () => {
    const response = await api(base, '/api/profile/onboarding', { cookie: bob, body: { ...onboarding, websites: [{ name: '', url: 'https://' }] } });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['body.websites.0.name', 'body.websites.0.url']));
  });

  it('updates settings and logs settings_updated with the changed fields', async () => {
    const response = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, body: { industry: 'Finance & Banking', goals: ['increase_citations'] } });
    expect(response.status).toBe(200);
    expect(response.body.industry).toBe('Finance & Banking');
    const { body } = await api(base, '/api/activity?limit=5', { cookie: alice });
    const logged = body.activities.find((a: { activity_type: string }) => a.activity_type === 'settings_updated');
    expect(logged.activity_data).toEqual({ fields: 'industry' });
  });

  it('enforces plan caps: a free user adding a second website gets 403 with the required plan', async () => {
    const response = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, body: { websites: [site(1), site(3)] } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ requiredPlan: 'core' });
    expect(response.body.error).toMatch(/1 website/);
    const onboardingOver = await api(base, '/api/profile/onboarding', { cookie: bob, body: { ...onboarding, competitors: [site(2), site(4)] } });
    expect(onboardingOver.status).toBe(403);
    expect(onboardingOver.body.requiredPlan).toBe('core');
    const beyondEveryPlan = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, body: { websites: Array.from({ length: 26 }, (_, i) => site(i + 10)) } });
    expect(beyondEveryPlan.status).toBe(400);
    expect((await api(base, '/api/profile', { cookie: alice })).body.websites).toEqual([site(1)]);
  });

  it('chooses the free plan; paid plans answer 503 until billing exists', async () => {
    const free = await api(base, '/api/profile/plan', { cookie: bob, body: { plan: 'free' } });
    expect(free.status).toBe(200);
    expect(free.body.plan).toBe('free');
    const paid = await api(base, '/api/profile/plan', { cookie: bob, body: { plan: 'pro' } });
    expect(paid).toMatchObject({ status: 503, body: { error: 'Payment processing is not available' } });
    expect((await api(base, '/api/profile/plan', { cookie: bob, body: { plan: 'platinum' } })).status).toBe(400);
  });
});

describe('activity', () => {
  it('records, throttles identical activity within 10 s, lists and reads by id', async () => {
    const body = { activity_type: 'page_visited', activity_data: { page: 'dashboard' }, website_url: 'https://site1.example.com' };
    const first = await api(base, '/api/activity', { cookie: alice, body });
    expect(first.status).toBe(201);
    expect(first.body.activity).toMatchObject({ activity_type: 'page_visited', activity_data: { page: 'dashboard' }, tool_id: null });
    const again = await api(base, '/api/activity', { cookie: alice, body });
    expect(again).toMatchObject({ status: 202, body: { recorded: false } });
    const otherTool = await api(base, '/api/activity', { cookie: alice, body: { ...body, tool_id: 'audit' } });
    expect(otherTool.status).toBe(201);

    const list = await api(base, '/api/activity?limit=2', { cookie: alice });
    expect(list.body.activities).toHaveLength(2);
    expect(list.body.activities[0].id).toBe(otherTool.body.activity.id);

    const byId = await api(base, `/api/activity/${first.body.activity.id}`, { cookie: alice });
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(first.body.activity.id);
  });

  it("hides another user's activity behind 404", async () => {
    const mine = await api(base, '/api/activity', { cookie: alice, body: { activity_type: 'insight_action_taken', activity_data: { insight: 'x' } } });
    const stolen = await api(base, `/api/activity/${mine.body.activity.id}`, { cookie: bob });
    expect(stolen).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect((await api(base, '/api/activity/00000000-0000-4000-8000-000000000000', { cookie: alice })).status).toBe(404);
    expect((await api(base, '/api/activity/not-a-uuid', { cookie: alice })).status).toBe(404);
    const bobs = await api(base, '/api/activity?limit=100', { cookie: bob });
    expect(bobs.body.activities.some((a: { id: string }) => a.id === mine.body.activity.id)).toBe(false);
  });

  it('refuses server-only activity types and bad limits', async () => {
    expect((await api(base, '/api/activity', { cookie: alice, body: { activity_type: 'audit_run' } })).status).toBe(400);
    expect((await api(base, '/api/activity?limit=101', { cookie: alice })).status).toBe(400);
    expect((await api(base, '/api/activity?limit=abc', { cookie: alice })).status).toBe(400);
    expect((await api(base, '/api/activity?limit=10&extra=1', { cookie: alice })).status).toBe(400);
  });
});

describe('bad input never gives a 500', () => {
  it('malformed JSON is a 400 with details', async () => {
    const response = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, rawBody: '{"industry": ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Malformed JSON body');
    expect(Array.isArray(response.body.details)).toBe(true);
  });

  it('wrong types and unknown fields are 400 with zod paths', async () => {
    const wrongType = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, body: { goals: 'increase_citations' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details[0]).toMatchObject({ path: 'body.goals' });
    const unknown = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, body: { plan: 'agency' } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.details)).toMatch(/plan/);
    const notObject = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, rawBody: '[1,2]' });
    expect(notObject.status).toBe(400);
    const nullBody = await api(base, '/api/profile/onboarding', { cookie: alice, rawBody: 'null' });
    expect(nullBody.status).toBe(400);
  });

  it('bodies over 1 MB are 413', async () => {
    const big = JSON.stringify({ business_description: 'x'.repeat(1_150_000) });
    const response = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, rawBody: big });
    expect(response.status).toBe(413);
    expect(typeof response.body.error).toBe('string');
  });

  it('a wrong content type is 415', async () => {
    const response = await api(base, '/api/profile', { method: 'PATCH', cookie: alice, rawBody: 'industry=Other', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(typeof response.body.error).toBe('string');
  });

  it('bad input to the auth routes is a 4xx too', async () => {
    const malformed = await api(base, '/api/auth/sign-in/email', { rawBody: '{nope' });
    expect(malformed.status).toBe(400);
    const wrongTypes = await api(base, '/api/auth/sign-up/email', { body: { name: 5, email: ['x'], password: 12345678 } });
    expect(wrongTypes.status).toBeGreaterThanOrEqual(400);
    expect(wrongTypes.status).toBeLessThan(500);
  });

  it('401 carries the spec message on every private route', async () => {
    for (const path of ['/api/me', '/api/profile', '/api/activity']) {
      expect(await api(base, path)).toMatchObject({ status: 401, body: { error: MESSAGES.auth.notAuthenticated } });
    }
  });
});
