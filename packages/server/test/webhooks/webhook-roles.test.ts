import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@citable/contract';
import { startTestServer, type TestServer } from '../helpers';
import { as, join, person, type Person } from '../workspaces/fixtures';
import { startReceiver, type Receiver } from './receiver';

/**
 * Issue #35, finding 6: a workspace's read-only client saw the client's webhook URLs (Slack- and
 * Zapier-style URLs carry their credential in the path) and delivery logs. A client-role member
 * is refused every webhook route in the client's scope; the agency's team still manages them.
 */

let server: TestServer;
let receiver: Receiver;
let owner: Person;
let client: Person;
let clientId = '';
let endpointId = '';

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  owner = await person(server, 'owner', 'agency');
  const workspace = await as(server, owner)('/api/workspaces', { body: { name: 'Hooked Agency' } });
  const workspaceId = workspace.body.workspace.id as string;
  clientId = (await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme', website: 'https://acme.example' } })).body.client.id;
  client = await person(server, 'client');
  await join(server, owner, workspaceId, client, 'client', [clientId]);
  const created = await as(server, owner, clientId)('/api/webhooks', { body: { url: `${receiver.url}/hooks/T000/B000/secret-token`, events: ['audit.completed'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  endpointId = created.body.id;
}, 300_000);
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});

describe('webhooks in a client scope', () => {
  it('are refused to a client-role member: no URL, no delivery log, no test send, no change', async () => {
    const asClient = as(server, client, clientId);
    const calls = [
      asClient('/api/webhooks'),
      asClient(`/api/webhooks/${endpointId}/attempts`),
      asClient(`/api/webhooks/${endpointId}/test`, { method: 'POST' }),
      asClient(`/api/webhooks/${endpointId}`, { method: 'PATCH', body: { enabled: false } }),
      asClient(`/api/webhooks/${endpointId}`, { method: 'DELETE' }),
      asClient('/api/webhooks', { body: { url: `${receiver.url}/mine`, events: ['audit.completed'] } }),
    ];
    const answers = await Promise.all(calls);
    // Reads say why; writes were already refused as any write of a read-only role is.
    for (const response of answers.slice(0, 2)) expect(response).toMatchObject({ status: 403, body: { error: WEBHOOK_MESSAGES.clientRole } });
    for (const response of answers) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain('secret-token');
    }
    expect(receiver.events).toHaveLength(0);
  });

  it('follow the rule docs/security.md states', () => {
    const security = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8');
    expect(security).toContain('client-role members see no webhook endpoint');
  });

  it('are still listed for the agency owner acting in the client', async () => {
    const listed = await as(server, owner, clientId)('/api/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.endpoints).toEqual([expect.objectContaining({ id: endpointId, url: `${receiver.url}/hooks/T000/B000/secret-token`, enabled: true })]);
  });
});
