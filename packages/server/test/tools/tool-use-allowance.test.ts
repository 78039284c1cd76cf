import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLANS, usageLimit, type PlanId } from '@citable/contract';
import { toolRuns } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19, item 8: the monthly tool-use allowance of the plan table is enforced on the server, and
// every tool run counts once under its own tool, the Content Optimizer and Generator included,
// from the dashboard, the REST API and the MCP server alike. Runs that fail are not counted.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

async function newUser(plan: PlanId): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Allowance Tester', email: uniqueEmail('allowance'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, plan);
  return { cookie, id };
}

/** Runs this month already used, as rows of the month's start. */
async function alreadyUsed(userId: string, count: number): Promise<void> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 1));
  await server.db.insert(toolRuns).values(Array.from({ length: count }, () => ({ userId, toolId: 'schema', via: 'app', createdAt: monthStart })));
}

const PAGE = '<h1>Green tea</h1><p>Store green tea cool and dark, in an airtight tin, and drink it within two months of opening.</p>';
const DRAFT = '# Storing green tea\n\nGreen tea loses its aroma quickly once the bag is opened. An airtight tin that keeps out light is best.\n';

const schema = (cookie: string) => api(base, '/api/functions/schema-generator', { cookie, body: { content: PAGE } });
const optimize = (cookie: string) => api(base, '/api/functions/content-optimizer', { cookie, body: { content: DRAFT, targetKeywords: [], contentType: 'article' } });
const generate = (cookie: string) => api(base, '/api/functions/ai-content-generator', { cookie, body: { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha'] } });
const toolUses = async (cookie: string) => ((await api(base, '/api/billing/usage', { cookie })).body.meters as { meter: string; used: number; limit: number }[]).find((meter) => meter.meter === 'toolUses');
const runsByTool = async (userId: string) =>
  Object.fromEntries(
    (await server.db.select({ toolId: toolRuns.toolId, runs: sql<number>`count(*)::int` }).from(toolRuns).where(eq(toolRuns.userId, userId)).groupBy(toolRuns.toolId)).map((row) => [row.toolId, row.runs]),
  );

describe('the monthly tool-use allowance', () => {
  it('counts every tool run once under its own tool: optimizer and generator runs too, repeats within seconds too', async () => {
    const pro = await newUser('pro');
    for (const run of [optimize, optimize, generate, schema]) expect((await run(pro.cookie)).status).toBe(200);
    expect(await toolUses(pro.cookie)).toEqual({ meter: 'toolUses', used: 4, limit: usageLimit('pro', 'toolUses') });
    expect(await runsByTool(pro.id)).toEqual({ optimizer: 2, generator: 1, schema: 1 });
  });

  it('does not count a run that failed', async () => {
    const core = await newUser('core');
    // A private address the server may not fetch: the run fails, and costs nothing.
    const failed = await api(base, '/api/functions/schema-generator', { cookie: core.cookie, body: { url: 'http://127.0.0.1:9/private' } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect((await toolUses(core.cookie))?.used).toBe(0);
  });

  it('refuses the run after the last one of the month with 403, the plan that includes more, and when it renews', async () => {
    const core = await newUser('core');
    const limit = usageLimit('core', 'toolUses');
    await alreadyUsed(core.id, limit - 1);
    expect((await schema(core.cookie)).status).toBe(200);

    const refused = await schema(core.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.requiredPlan).toBe('pro');
    expect(refused.body.error).toContain(`You have used all ${limit} tool uses of the Core plan this month.`);
    expect(refused.body.error).toContain(`The Pro plan includes ${usageLimit('pro', 'toolUses')} a month.`);
    expect(refused.body.error).toMatch(/Your allowance renews on [A-Z][a-z]+ 1, \d{4}\./);
    // Every tool draws on the same allowance.
    expect((await optimize(core.cookie)).status).toBe(403);
    expect(await toolUses(core.cookie)).toEqual({ meter: 'toolUses', used: limit, limit });
  });

  it('lets runs sent together use what is left and no more', async () => {
    const core = await newUser('core');
    const limit = usageLimit('core', 'toolUses');
    await alreadyUsed(core.id, limit - 2);
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => schema(core.cookie)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    expect((await toolUses(core.cookie))?.used).toBe(limit);
  });

  it('is the same allowance on the REST API, where an API key runs the tools', async () => {
    const core = await newUser('core');
    const key = await api(base, '/api/api-keys', { cookie: core.cookie, body: { name: 'CI' } });
    expect(key.status).toBe(201);
    const viaKey = () => api(base, '/api/v1/tools/schema-generator', { headers: { authorization: `Bearer ${key.body.secret}` }, body: { content: PAGE } });
    expect((await viaKey()).status).toBe(200);
    expect(await runsByTool(core.id)).toEqual({ schema: 1 });
    await alreadyUsed(core.id, usageLimit('core', 'toolUses') - 1);
    const refused = await viaKey();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain(`tool uses of the ${PLANS.core.name} plan this month`);
  });
});
