import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers';
import { as, join, person } from './fixtures';

const server = await startTestServer();
afterAll(() => server.close());

describe('workspaces smoke', () => {
  it('owner creates a workspace and a client, a member acts in it', async () => {
    const owner = await person(server, 'owner', 'agency');
    const created = await as(server, owner)('/api/workspaces', { body: { name: 'Agency' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ws = created.body.workspace.id;
    const client = await as(server, owner)(`/api/workspaces/${ws}/clients`, { body: { name: 'Acme', website: 'https://acme.example' } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const profile = await as(server, owner, client.body.client.id)('/api/profile');
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.websites).toEqual([{ name: 'Acme', url: 'https://acme.example' }]);
    const member = await person(server, 'member');
    await join(server, owner, ws, member, 'member');
    const seen = await as(server, member, client.body.client.id)('/api/profile');
    expect(seen.status).toBe(200);
    expect(seen.body.plan).toBe('agency');
  }, 120_000);
});
