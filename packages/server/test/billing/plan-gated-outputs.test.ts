import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { alertListSchema, insightListSchema, SUBSCORE_IDS, SUBSCORE_LABELS, webhookEndpointCreatedSchema, type AuditRun, type PlanId } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * Subscores are Core and up (spec 000 §6) on every output, not only on screens: the insights, the
 * alerts (which digests and e-mails carry), the audit.completed webhook, the public API, the MCP
 * tools and resources, the digest and the reports. One Free account goes through the real
 * outputs after real audits of a site on 127.0.0.1 whose subscores are weak and then drop; a Core
 * account that does the same shows each check would see a leak.
 */

let server: TestServer;
let receiver: Receiver;
let site: ChangingSite;
let base: string;

/** Field names of the subscores, in the API's and the webhooks' spelling. */
const SUBSCORE_FIELDS = [...SUBSCORE_IDS, 'ai_understanding', 'citation_likelihood', 'conversational_readiness', 'content_structure'];
const FIELD_WITH_VALUE = new RegExp(`"?\\b(${SUBSCORE_FIELDS.join('|')})\\b"?\\s*[:=]?\\s*\\d`, 'g');
const LABEL_WITH_VALUE = new RegExp(`(${Object.values(SUBSCORE_LABELS).join('|')})[^.\\n]{0,40}?\\d`, 'g');

/** Every place in an output where a subscore's value shows, by field or by label; [] when none. */
function subscoreFigures(output: unknown): string[] {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return [...text.matchAll(FIELD_WITH_VALUE), ...text.matchAll(LABEL_WITH_VALUE)].map((match) => match[0]);
}

interface Account {
  plan: PlanId;
  cookie: string;
  id: string;
  key: string;
  hookPath: string;
}

let hooks = 0;
async function newAccount(plan: PlanId): Promise<Account> {
  const cookie = await signUpVerified(base, { name: 'Gate Tester', email: uniqueEmail(`gates-${plan}`), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: `${site.url}/` }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  const hookPath = `/gates/${++hooks}`;
  const created = await api(base, '/api/webhooks', { cookie, body: { url: `${receiver.url}${hookPath}`, events: ['audit.completed'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  receiver.route(hookPath, webhookEndpointCreatedSchema.parse(created.body).secret);
  const key = (await api(base, '/api/api-keys', { cookie, body: { name: 'Gates' } })).body.secret as string;
  return { plan, cookie, id, key, hookPath };
}

const completedEvents = (account: Account) => receiver.on(account.hookPath).filter((event) => event.verified?.type === 'audit.completed');

/**
 * Two audits of the account's website: a rich page, then a thin one (weak subscores, each one
 * 15 points or more below the first), the second through the public API as a queued run. Waits
 * for both audit.completed events, which are raised after the alerts are stored.
 */
/** One v1 site audit of the test site (one page), waited for to its end and its audit.completed event. */
async function siteAudit(account: Account, events: number): Promise<AuditRun> {
  const queued = await api<AuditRun>(base, '/api/v1/audits', { headers: { authorization: `Bearer ${account.key}` }, body: { url: `${site.url}/`, scope: 'site', maxPages: 1 } });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  // vi.waitFor rather than expect.poll: this also runs in a beforeAll.
  const run = await vi.waitFor(
    async () => {
      const polled = (await api<AuditRun>(base, `/api/v1/audits/${queued.body.id}`, { headers: { authorization: `Bearer ${account.key}` } })).body;
      expect(polled.status).toBe('completed');
      return polled;
    },
    { timeout: 90_000, interval: 200 },
  );
  await vi.waitFor(() => expect(completedEvents(account)).toHaveLength(events), { timeout: 60_000, interval: 100 });
  return run;
}

/**
 * A rich site audit, then the same page set thin: the account's score (its latest site audit,
 * issue #30) has weak subscores for insights to name, and the drop between two audits of the same
 * pages is one alerts may report.
 */
async function auditRichThenThin(account: Account): Promise<AuditRun> {
  site.level = 5;
  await siteAudit(account, 1);
  site.level = 0;
  return siteAudit(account, 2);
}

async function connectMcp(key: string): Promise<Client> {
  const client = new Client({ name: 'citable-gates-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

beforeAll(async () => {
  [receiver, site] = await Promise.all([startReceiver(), startChangingSite(5)]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '0' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([receiver?.close(), site?.close()]);
});

describe('a Free account gets no subscore on any output', () => {
  let free: Account;
  let run: AuditRun;
  beforeAll(async () => {
    free = await newAccount('free');
    run = await auditRichThenThin(free);
  });

  it('insights and alerts name no subscore', async () => {
    const insights = insightListSchema.parse((await api(base, '/api/insights', { cookie: free.cookie })).body).insights;
    expect(insights.map((insight) => insight.id)).not.toEqual(expect.arrayContaining(['citation-likelihood']));
    expect(insights.map((insight) => insight.id)).not.toContain('content-structure');
    expect(subscoreFigures(insights)).toEqual([]);
    const alerts = alertListSchema.parse((await api(base, '/api/alerts', { cookie: free.cookie })).body);
    expect(subscoreFigures(alerts)).toEqual([]);
  });

  it('the audit.completed webhook carries the overall score and null subscores', () => {
    const data = completedEvents(free).map((event) => event.verified!.data);
    expect(data).toHaveLength(2);
    for (const event of data) {
      expect(event.overall_score).toEqual(expect.any(Number));
      expect(event.subscores).toBeNull();
    }
    expect(subscoreFigures(data)).toEqual([]);
  });

  it('the public API answers the overall score only', async () => {
    const headers = { authorization: `Bearer ${free.key}` };
    expect(run.result).toMatchObject({ overallScore: expect.any(Number), detail: 'overall', requiredPlan: 'core' });
    expect(subscoreFigures(run)).toEqual([]);
    const list = await api(base, '/api/v1/audits', { headers });
    expect(list.status).toBe(200);
    expect(list.body.audits).toHaveLength(2);
    expect(subscoreFigures(list.body)).toEqual([]);
  });

  it('the MCP tools and audit resources answer the overall score only', async () => {
    const client = await connectMcp(free.key);
    try {
      await client.listTools();
      const outputs: unknown[] = [];
      for (const [name, args] of [
        ['get_latest_scores', {}],
        ['get_issues', {}],
        ['get_score_history', { url: `${site.url}/` }],
        ['run_audit', { url: `${site.url}/` }],
      ] as const) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        outputs.push(result);
      }
      const { resources } = await client.listResources();
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) outputs.push(await client.readResource({ uri: resource.uri }));
      expect(subscoreFigures(outputs)).toEqual([]);
      // The scores themselves do go out.
      expect(JSON.stringify(outputs)).toMatch(/\d+\/100/);
    } finally {
      await client.close();
    }
  });

  it('sends no digest and generates no report', async () => {
    expect((await api(base, '/api/digest/preview', { cookie: free.cookie })).status).toBe(403);
    await server.app.sendWeeklyDigests(new Date(Date.now() + 60_000));
    const email = (await api(base, '/api/profile', { cookie: free.cookie })).body.email as string;
    expect((await server.outbox(email)).filter((message) => /weekly/i.test(message.subject))).toEqual([]);
    const report = await api(base, '/api/functions/generate-report', { cookie: free.cookie, body: { reportType: 'executive-summary', reportName: 'Client report', format: 'pdf' } });
    expect(report.status).toBe(403);
    expect(report.body).toMatchObject({ requiredPlan: 'core' });
  });
});

describe('a Core account, the same steps', () => {
  it('gets the subscores on the same outputs, so each check above would see one', async () => {
    const core = await newAccount('core');
    const run = await auditRichThenThin(core);
    expect(subscoreFigures(run).length).toBeGreaterThan(0);
    const data = completedEvents(core).map((event) => event.verified!.data);
    expect(data[1].subscores).toEqual({ ai_understanding: expect.any(Number), citation_likelihood: expect.any(Number), conversational_readiness: expect.any(Number), content_structure: expect.any(Number) });
    const insights = insightListSchema.parse((await api(base, '/api/insights', { cookie: core.cookie })).body).insights;
    expect(subscoreFigures(insights).length).toBeGreaterThan(0);
    const alerts = alertListSchema.parse((await api(base, '/api/alerts', { cookie: core.cookie })).body);
    expect(subscoreFigures(alerts).length).toBeGreaterThan(0);
  });
});
