import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_MESSAGES, MONITOR_INTERVAL_MS, REPORT_MESSAGES, TWO_FACTOR_REQUIRED_CODE, USAGE_LIMITS, usageLimit, WORKSPACE_ERRORS, type SiteEntry } from '@citable/contract';
import { auditRuns, llmUsage, monitorSchedules, reports, user, userProfiles } from '../../src/db/schema';
import { workspaceClients } from '../../src/features/workspaces/schema';
import { startTestServer } from '../helpers';
import { as, join, person, type Person } from './fixtures';

// Many sign-ups per test on a machine shared with other suites: generous, never timing assertions.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const server = await startTestServer();
afterAll(() => server.close());

const sites = (count: number, prefix: string): SiteEntry[] => Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}`, url: `https://${prefix}-${index}.example` }));

async function principalOf(clientId: string): Promise<string> {
  const [row] = await server.db.select({ id: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.id, clientId));
  return row.id;
}

async function setTwoFactor(who: Person, enabled: boolean) {
  await server.db.update(user).set({ twoFactorEnabled: enabled }).where(eq(user.id, who.id));
}

describe('caps count per workspace', () => {
  let owner: Person;
  let workspaceId: string;
  let clientA: string;

  beforeAll(async () => {
    owner = await person(server, 'cap-owner', 'agency');
    workspaceId = (await as(server, owner)('/api/workspaces', { body: { name: 'Caps' } })).body.workspace.id;
    clientA = (await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme', website: 'https://acme.example' } })).body.client.id;
  }, 120_000);

  it('websites: the owner’s own plus every client’s count against one agency cap', async () => {
    // Agency allows 25 websites: 23 of the owner's own + Acme's 1 leave room for one more.
    await server.db.update(userProfiles).set({ websites: sites(23, 'own') }).where(eq(userProfiles.userId, owner.id));
    const third = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Globex', website: 'https://globex.example' } });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    const fourth = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Hooli', website: 'https://hooli.example' } });
    expect(fourth.status).toBe(400);
    // Adding a second site to Acme in its scope goes over the workspace's cap as well...
    const more = await as(server, owner, clientA)('/api/profile', { method: 'PATCH', body: { websites: [...sites(1, 'acme'), { name: 'Acme', url: 'https://acme.example' }] } });
    expect([400, 403]).toContain(more.status);
    // ...until the owner frees one of their own.
    await server.db.update(userProfiles).set({ websites: sites(22, 'own') }).where(eq(userProfiles.userId, owner.id));
    const fits = await as(server, owner, clientA)('/api/profile', { method: 'PATCH', body: { websites: [...sites(1, 'acme'), { name: 'Acme', url: 'https://acme.example' }] } });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    await server.db.update(userProfiles).set({ websites: [] }).where(eq(userProfiles.userId, owner.id));
  });

  it('monthly audits: runs of the owner and of any client count together', async () => {
    const limit = USAGE_LIMITS.agency.auditsPerMonth;
    const principal = await principalOf(clientA);
    const now = new Date();
    const rows = (userId: string, count: number) =>
      Array.from({ length: count }, () => ({ userId, scope: 'site', websiteUrl: 'https://elsewhere.example/', maxPages: 1, status: 'completed', counted: true, createdAt: now, finishedAt: now }));
    await server.db.insert(auditRuns).values(rows(owner.id, limit - 1));
    await server.db.insert(auditRuns).values(rows(principal, 1));
    const refused = await as(server, owner, clientA)('/api/audits', { body: { url: 'https://elsewhere.example/', scope: 'page' } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toBe(AUDIT_MESSAGES.limitReached);
    const ownRefused = await as(server, owner)('/api/audits', { body: { url: 'https://elsewhere.example/', scope: 'page' } });
    expect(ownRefused.status).toBe(403);
    const usage = await as(server, owner)('/api/billing/usage');
    expect(usage.body.meters.find((meter: { meter: string }) => meter.meter === 'audits').used).toBe(limit);
    // An unrelated user is not affected by the workspace's count.
    const other = await person(server, 'unrelated', 'agency');
    const otherUsage = await as(server, other)('/api/billing/usage');
    expect(otherUsage.body.meters.find((meter: { meter: string }) => meter.meter === 'audits').used).toBe(0);
  });

  it('monthly reports: one allowance for the whole workspace', async () => {
    const limit = usageLimit('agency', 'reports');
    const principal = await principalOf(clientA);
    const body = { reportType: 'executive-summary', reportName: 'Monthly', format: 'pdf', config: {} };
    // Below the allowance the request goes on to the next check (no audit to report on yet).
    expect((await as(server, owner, clientA)('/api/functions/generate-report', { body })).status).toBe(422);
    const row = (userId: string) => ({ userId, reportName: 'Earlier', reportType: 'executive-summary', format: 'pdf', config: {}, status: 'completed' });
    await server.db.insert(reports).values([...Array.from({ length: limit - 1 }, () => row(owner.id)), row(principal)]);
    const refused = await as(server, owner, clientA)('/api/functions/generate-report', { body });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toBe(REPORT_MESSAGES.limitReached);
    const usage = await as(server, owner)('/api/billing/usage');
    expect(usage.body.meters.find((meter: { meter: string }) => meter.meter === 'reports').used).toBe(limit);
  });

  it('the AI token budget is shared by the workspace', async () => {
    const principal = await principalOf(clientA);
    await server.db.insert(llmUsage).values([
      { userId: owner.id, feature: 'genie', model: 'test-model', inputTokens: 1000, outputTokens: 500 },
      { userId: principal, feature: 'genie', model: 'test-model', inputTokens: 200, outputTokens: 100 },
    ]);
    const inClient = await as(server, owner, clientA)('/api/llm/usage');
    expect(inClient.status).toBe(200);
    expect(inClient.body).toMatchObject({ plan: 'agency', usedTokens: 1800 });
    expect((await as(server, owner)('/api/llm/usage')).body.usedTokens).toBe(1800);
  });

  it('deleting a client deletes its principal and its data', async () => {
    const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Doomed', website: 'https://doomed.example' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const principal = await principalOf(created.body.client.id);
    expect((await as(server, owner)(`/api/workspaces/${workspaceId}/clients/${created.body.client.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await server.db.select().from(user).where(eq(user.id, principal))).toEqual([]);
    expect(await server.db.select().from(userProfiles).where(eq(userProfiles.userId, principal))).toEqual([]);
    expect((await as(server, owner, created.body.client.id)('/api/profile')).status).toBe(404);
  });

  it('monitoring runs a client’s sites on the agency’s cadence, not a free one', async () => {
    const principal = await principalOf(clientA);
    const now = new Date(Date.now() + 60_000);
    await server.app.monitor.tick(now);
    const schedules = await server.db.select().from(monitorSchedules).where(eq(monitorSchedules.userId, principal));
    expect(schedules.map((schedule) => schedule.url)).toContain('https://acme.example');
    // One audit at a time per principal: the site that started is due again after the agency interval.
    const started = schedules.filter((schedule) => schedule.lastRunAt?.getTime() === now.getTime());
    expect(started).toHaveLength(1);
    expect(started[0].nextRunAt.getTime() - now.getTime()).toBe(MONITOR_INTERVAL_MS.agency);
    expect(MONITOR_INTERVAL_MS.agency).not.toBe(MONITOR_INTERVAL_MS.free);
  });

  it('a client principal cannot sign in and is never e-mailed a digest', async () => {
    const principal = await principalOf(clientA);
    const [row] = await server.db.select({ email: user.email }).from(user).where(eq(user.id, principal));
    expect(row.email).toMatch(/@clients\.invalid$/);
    const signIn = await as(server, null)('/api/auth/sign-in/email', { body: { email: row.email, password: 'anything-at-all-123' } });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    await server.app.sendWeeklyDigests(new Date());
    expect(await server.outbox(row.email)).toEqual([]);
  });
});

describe('require two-factor for every member', () => {
  let owner: Person;
  let member: Person;
  let workspaceId: string;
  let clientId: string;

  beforeAll(async () => {
    owner = await person(server, 'tfa-owner', 'agency');
    member = await person(server, 'tfa-member');
    workspaceId = (await as(server, owner)('/api/workspaces', { body: { name: '2FA' } })).body.workspace.id;
    clientId = (await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme', website: 'https://acme.example' } })).body.client.id;
    await join(server, owner, workspaceId, member, 'member');
  }, 120_000);

  it('the owner cannot require it without two-factor themself', async () => {
    const refused = await as(server, owner)(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: { requireTwoFactor: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WORKSPACE_ERRORS.ownerNeedsTwoFactor);
  });

  it('once required, a member without two-factor is refused in client scope until they enable it', async () => {
    await setTwoFactor(owner, true);
    const on = await as(server, owner)(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: { requireTwoFactor: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.workspace.requireTwoFactor).toBe(true);

    const refused = await as(server, member, clientId)('/api/profile');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: WORKSPACE_ERRORS.twoFactorRequired, code: TWO_FACTOR_REQUIRED_CODE });
    expect((await as(server, member)(`/api/workspaces/${workspaceId}/clients`)).body.code).toBe(TWO_FACTOR_REQUIRED_CODE);
    // Their own account stays open, and the workspace list tells them why.
    expect((await as(server, member)('/api/profile')).status).toBe(200);
    expect((await as(server, member)('/api/workspaces')).body.workspaces[0].requireTwoFactor).toBe(true);
    expect((await as(server, owner, clientId)('/api/profile')).status).toBe(200);

    await setTwoFactor(member, true);
    expect((await as(server, member, clientId)('/api/profile')).status).toBe(200);
    await setTwoFactor(member, false);
    expect((await as(server, member, clientId)('/api/profile')).status).toBe(403);

    const off = await as(server, owner)(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: { requireTwoFactor: false } });
    expect(off.status).toBe(200);
    expect((await as(server, member, clientId)('/api/profile')).status).toBe(200);
  });

  it('a removed member’s next request is refused, with the same session', async () => {
    expect((await as(server, member, clientId)('/api/alerts')).status).toBe(200);
    const members = await as(server, owner)(`/api/workspaces/${workspaceId}/members`);
    const memberId = members.body.members.find((entry: { userId: string }) => entry.userId === member.id).id;
    expect((await as(server, owner)(`/api/workspaces/${workspaceId}/members/${memberId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(server, member, clientId)('/api/alerts')).status).toBe(404);
    expect((await as(server, member, clientId)('/api/profile', { method: 'PATCH', body: { business_description: 'after removal' } })).status).toBe(404);
    expect((await as(server, member)(`/api/workspaces/${workspaceId}/clients`)).status).toBe(404);
  });
});
