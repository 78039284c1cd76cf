import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointCreatedSchema, webhookEndpointListSchema } from '@citable/contract';
import { startTestServer, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { as, join, person, type Person } from '../workspaces/fixtures';
import { startReceiver, type Receiver } from './receiver';

/**
 * Issue #35, finding 4: a removed workspace member's webhook kept receiving the client's events,
 * and the endpoint list did not say who had added an endpoint. Every endpoint records its creator
 * and lists them; removing a member (or a member leaving) disables the endpoints they added for the
 * workspace's clients, and the owner is told by e-mail. Through the real API, the real queue and a
 * receiver on 127.0.0.1 that verifies every signature.
 */

let server: TestServer;
let receiver: Receiver;
let site: ChangingSite;
let owner: Person;
let workspaceId = '';
let clientId = '';

beforeAll(async () => {
  [receiver, site] = await Promise.all([startReceiver(), startChangingSite(5)]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '0' } });
  owner = await person(server, 'olga', 'agency');
  workspaceId = (await as(server, owner)('/api/workspaces', { body: { name: 'Hooked Agency' } })).body.workspace.id as string;
  clientId = (await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme', website: `${site.url}/` } })).body.client.id as string;
}, 300_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([receiver?.close(), site?.close()]);
});

let paths = 0;
/** Adds an endpoint as `who` in the client's scope (null: their own account), on a fresh receiver path that verifies with its secret. */
async function addEndpoint(who: Person, scope: string | null = clientId) {
  const hookPath = `/hooks/T0/B${++paths}/secret-token-${paths}`;
  const created = await as(server, who, scope ?? undefined)('/api/webhooks', { body: { url: `${receiver.url}${hookPath}`, events: ['audit.completed'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const endpoint = webhookEndpointCreatedSchema.parse(created.body);
  receiver.route(hookPath, endpoint.secret);
  return { ...endpoint, path: hookPath };
}

const listed = async (scope: string | null = clientId, who: Person = owner) => webhookEndpointListSchema.parse((await as(server, who, scope ?? undefined)('/api/webhooks')).body).endpoints;
const verifiedOn = (hookPath: string) => receiver.on(hookPath).filter((event) => event.verified?.type === 'audit.completed');

describe('webhook endpoints and who added them', () => {
  it('record and list their creator, in a client scope and in an own account', async () => {
    const member = await person(server, 'mia');
    await join(server, owner, workspaceId, member, 'member');
    const byMember = await addEndpoint(member);
    const byOwner = await addEndpoint(owner);
    // The creation's own answer names the creator too.
    expect(byMember.created_by).toEqual({ name: 'mia', email: member.email });
    const endpoints = await listed();
    expect(endpoints.find((endpoint) => endpoint.id === byMember.id)?.created_by).toEqual({ name: 'mia', email: member.email });
    expect(endpoints.find((endpoint) => endpoint.id === byOwner.id)?.created_by).toEqual({ name: 'olga', email: owner.email });
    // The member sees the same list, creators included.
    expect((await listed(clientId, member)).map((endpoint) => endpoint.created_by?.email).sort()).toEqual([member.email, owner.email].sort());
    // An endpoint of one's own account is one's own.
    const own = await addEndpoint(member, null);
    expect(await listed(null, member)).toEqual([expect.objectContaining({ id: own.id, created_by: { name: 'mia', email: member.email } })]);
  });

  it("are disabled when their creator is removed from the workspace; the others' keep receiving, and the owner is told", async () => {
    const leaver = await person(server, 'lee');
    const memberId = await join(server, owner, workspaceId, leaver, 'admin');
    const theirs = await addEndpoint(leaver);
    const ownersEndpoint = await addEndpoint(owner);
    // Their own account's endpoint is theirs alone, not the workspace's: untouched by the removal.
    const theirOwnAccount = await addEndpoint(leaver, null);

    const removed = await as(server, owner)(`/api/workspaces/${workspaceId}/members/${memberId}`, { method: 'DELETE' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);

    const after = await listed();
    expect(after.find((endpoint) => endpoint.id === theirs.id)).toMatchObject({ enabled: false, created_by: { name: 'lee', email: leaver.email } });
    expect(after.find((endpoint) => endpoint.id === ownersEndpoint.id)?.enabled).toBe(true);
    expect(await listed(null, leaver)).toEqual([expect.objectContaining({ id: theirOwnAccount.id, enabled: true })]);

    const [mail] = await server.outbox(owner.email);
    expect(mail.subject).toBe('1 webhook endpoint disabled in Hooked Agency');
    expect(mail.text).toContain(`lee (${leaver.email}) is no longer a member of the workspace "Hooked Agency"`);
    expect(mail.text).toContain(`- Acme: ${new URL(receiver.url).host}`);
    // The path, where a receiver's credential often sits, stays out of the mail.
    expect(mail.text).not.toContain('secret-token');

    // An audit of the client now reaches the owner's endpoint and not the removed admin's.
    const audit = await as(server, owner, clientId)('/api/functions/ai-visibility-audit', { body: { url: `${site.url}/` } });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    await expect.poll(() => verifiedOn(ownersEndpoint.path).length, { timeout: 60_000 }).toBe(1);
    expect(verifiedOn(ownersEndpoint.path)[0].verified!.data.audit_id).toBe(audit.body.id);
    expect(receiver.on(theirs.path)).toEqual([]);
  }, 120_000);

  it('are disabled when their creator leaves of their own accord', async () => {
    const leaver = await person(server, 'pat');
    const memberId = await join(server, owner, workspaceId, leaver, 'member');
    const theirs = await addEndpoint(leaver);
    const left = await as(server, leaver)(`/api/workspaces/${workspaceId}/members/${memberId}`, { method: 'DELETE' });
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect((await listed()).find((endpoint) => endpoint.id === theirs.id)?.enabled).toBe(false);
    expect((await server.outbox(owner.email))[0].text).toContain(`pat (${leaver.email}) is no longer a member`);
  });

  it('cause no e-mail when the person leaving added none', async () => {
    const quiet = await person(server, 'quinn');
    const memberId = await join(server, owner, workspaceId, quiet, 'member');
    const before = (await server.outbox(owner.email)).length;
    expect((await as(server, owner)(`/api/workspaces/${workspaceId}/members/${memberId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await server.outbox(owner.email)).toHaveLength(before);
  });

  it('follow the rule docs/security.md states', () => {
    const security = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8').replace(/\s+/g, ' ');
    expect(security).toContain('Every endpoint records who added it');
    expect(security).toContain('disables the endpoints they added for its clients');
  });
});
