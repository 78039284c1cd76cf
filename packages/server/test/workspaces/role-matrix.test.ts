import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ERRORS } from '@citable/contract';
import { startTestServer } from '../helpers';
import { as, join, person, type Person } from './fixtures';

/**
 * The role matrix of issue #11: for each role (owner, admin, member, client with one shared
 * client, outsider, removed member) every workspace route and representative data routes in a
 * client's scope answer the allowed result or 403/404.
 */

// Many sign-ups per test on a machine shared with other suites: generous, never timing assertions.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const server = await startTestServer();
afterAll(() => server.close());

type Role = 'owner' | 'admin' | 'member' | 'client' | 'outsider' | 'removed';
const ROLES: Role[] = ['owner', 'admin', 'member', 'client', 'outsider', 'removed'];

let people: Record<Role, Person>;
let workspaceId: string;
let clientA: string;
let clientB: string;

async function newClient(name: string, website: string): Promise<string> {
  const created = await as(server, people.owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name, website } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.client.id;
}

async function disposableMember(label: string): Promise<string> {
  const someone = await person(server, label);
  return join(server, people.owner, workspaceId, someone, 'member');
}

beforeAll(async () => {
  const owner = await person(server, 'owner', 'agency');
  const created = await as(server, owner)('/api/workspaces', { body: { name: 'Northwind Agency' } });
  expect(created.status).toBe(201);
  workspaceId = created.body.workspace.id;
  people = { owner } as Record<Role, Person>;
  clientA = await newClient('Acme', 'https://acme.example');
  clientB = await newClient('Globex', 'https://globex.example');
  people.admin = await person(server, 'admin');
  people.member = await person(server, 'member');
  people.client = await person(server, 'client');
  people.outsider = await person(server, 'outsider', 'agency');
  people.removed = await person(server, 'removed');
  await join(server, owner, workspaceId, people.admin, 'admin');
  await join(server, owner, workspaceId, people.member, 'member');
  await join(server, owner, workspaceId, people.client, 'client', [clientA]);
  const removedId = await join(server, owner, workspaceId, people.removed, 'member');
  // Acting in the client once, then removed: the next request must be refused.
  expect((await as(server, people.removed, clientA)('/api/profile')).status).toBe(200);
  expect((await as(server, owner)(`/api/workspaces/${workspaceId}/members/${removedId}`, { method: 'DELETE' })).status).toBe(204);
}, 300_000);

/** The expected status per role; `ok` is the allowed answer of the route. */
function expectation(ok: number, allowed: Role[]): Record<Role, number> {
  return Object.fromEntries(
    ROLES.map((role) => {
      if (allowed.includes(role)) return [role, ok];
      return [role, role === 'outsider' || role === 'removed' ? 404 : 403];
    }),
  ) as Record<Role, number>;
}

describe('workspace routes by role', () => {
  it('GET /api/workspaces lists the workspace for members only', async () => {
    for (const role of ROLES) {
      const response = await as(server, people[role])('/api/workspaces');
      expect(response.status).toBe(200);
      const ids = response.body.workspaces.map((entry: { id: string }) => entry.id);
      expect(ids.includes(workspaceId), role).toBe(!['outsider', 'removed'].includes(role));
      if (ids.includes(workspaceId)) expect(response.body.workspaces.find((entry: { id: string }) => entry.id === workspaceId).role).toBe(role);
    }
  });

  it('PATCH /api/workspaces/:id renames for owner and admin', async () => {
    const expected = expectation(200, ['owner', 'admin']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: { name: `Renamed by ${role}` } });
      expect(response.status, `${role} ${JSON.stringify(response.body)}`).toBe(expected[role]);
    }
  });

  it('PATCH requireTwoFactor is the owner’s only', async () => {
    for (const role of ['admin', 'member', 'client'] as Role[]) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}`, { method: 'PATCH', body: { requireTwoFactor: true } });
      expect(response.status, role).toBe(403);
    }
  });

  it('GET members: the team sees it, a client does not', async () => {
    const expected = expectation(200, ['owner', 'admin', 'member']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/members`);
      expect(response.status, role).toBe(expected[role]);
      if (response.status === 200) {
        expect(response.body.members.map((entry: { userId: string }) => entry.userId).sort()).toEqual([people.owner.id, people.admin.id, people.member.id, people.client.id].sort());
        expect(response.body.members.find((entry: { userId: string }) => entry.userId === people.client.id).clientIds).toEqual([clientA]);
      }
    }
  });

  it('POST and DELETE invitations: owner and admin', async () => {
    const expected = expectation(201, ['owner', 'admin']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/invitations`, { body: { email: `invitee-${role}@example.com`, role: 'member' } });
      expect(response.status, `${role} ${JSON.stringify(response.body)}`).toBe(expected[role]);
    }
    const pending = await as(server, people.owner)(`/api/workspaces/${workspaceId}/members`);
    const ids: string[] = pending.body.invitations.map((entry: { id: string }) => entry.id);
    expect(ids.length).toBe(2);
    const expectedDelete = expectation(204, ['owner', 'admin']);
    for (const role of ROLES) {
      const target = expectedDelete[role] === 204 ? ids.pop()! : ids[0];
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/invitations/${target}`, { method: 'DELETE' });
      expect(response.status, role).toBe(expectedDelete[role]);
    }
  });

  it('an invitation cannot share a client of another workspace', async () => {
    const response = await as(server, people.owner)(`/api/workspaces/${workspaceId}/invitations`, {
      body: { email: 'someone@example.com', role: 'client', clientIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(WORKSPACE_ERRORS.unknownClients);
  });

  it('PATCH members: owner and admin change roles and sharing, never the owner’s', async () => {
    const target = await disposableMember('target');
    const expected = expectation(200, ['owner', 'admin']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/members/${target}`, { method: 'PATCH', body: { role: 'client', clientIds: [clientB] } });
      expect(response.status, `${role} ${JSON.stringify(response.body)}`).toBe(expected[role]);
      if (response.status === 200) expect(response.body.member).toMatchObject({ role: 'client', clientIds: [clientB] });
    }
    const members = await as(server, people.owner)(`/api/workspaces/${workspaceId}/members`);
    const ownerMember = members.body.members.find((entry: { role: string }) => entry.role === 'owner');
    const demote = await as(server, people.admin)(`/api/workspaces/${workspaceId}/members/${ownerMember.id}`, { method: 'PATCH', body: { role: 'member' } });
    expect(demote.status).toBe(403);
    const promote = await as(server, people.admin)(`/api/workspaces/${workspaceId}/members/${target}`, { method: 'PATCH', body: { role: 'owner' } });
    expect(promote.status).toBe(400);
  });

  it('DELETE members: owner and admin remove others; nobody removes the owner; anyone may leave', async () => {
    const expected = expectation(204, ['owner', 'admin']);
    for (const role of ROLES) {
      const target = await disposableMember(`victim-${role}`);
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/members/${target}`, { method: 'DELETE' });
      expect(response.status, role).toBe(expected[role]);
    }
    const members = await as(server, people.owner)(`/api/workspaces/${workspaceId}/members`);
    const ownerMember = members.body.members.find((entry: { role: string }) => entry.role === 'owner');
    for (const role of ['owner', 'admin'] as Role[]) {
      expect((await as(server, people[role])(`/api/workspaces/${workspaceId}/members/${ownerMember.id}`, { method: 'DELETE' })).status).toBe(403);
    }
    const leaver = await person(server, 'leaver');
    const leaverId = await join(server, people.owner, workspaceId, leaver, 'member');
    expect((await as(server, leaver)(`/api/workspaces/${workspaceId}/members/${leaverId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(server, leaver)(`/api/workspaces/${workspaceId}/members`)).status).toBe(404);
  });

  it('GET clients: the team sees every client, a client only the shared one', async () => {
    const expected = expectation(200, ['owner', 'admin', 'member', 'client']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/clients`);
      expect(response.status, role).toBe(expected[role]);
      if (response.status !== 200) continue;
      const ids = response.body.clients.map((entry: { id: string }) => entry.id);
      if (role === 'client') expect(ids).toEqual([clientA]);
      else expect(ids).toEqual(expect.arrayContaining([clientA, clientB]));
    }
  });

  it('POST, PATCH and DELETE clients: owner and admin', async () => {
    const expectedCreate = expectation(201, ['owner', 'admin']);
    const made: string[] = [];
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/clients`, { body: { name: `By ${role}`, website: `https://${role}.example` } });
      expect(response.status, `${role} ${JSON.stringify(response.body)}`).toBe(expectedCreate[role]);
      if (response.status === 201) made.push(response.body.client.id);
    }
    const expectedRename = expectation(200, ['owner', 'admin']);
    for (const role of ROLES) {
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/clients/${made[0]}`, { method: 'PATCH', body: { name: `Renamed by ${role}` } });
      expect(response.status, role).toBe(expectedRename[role]);
    }
    const expectedDelete = expectation(204, ['owner', 'admin']);
    for (const role of ROLES) {
      const target = expectedDelete[role] === 204 ? made.pop()! : made[0] ?? clientB;
      const response = await as(server, people[role])(`/api/workspaces/${workspaceId}/clients/${target}`, { method: 'DELETE' });
      expect(response.status, role).toBe(expectedDelete[role]);
    }
  });

  it('unknown ids answer 404, never 500', async () => {
    expect((await as(server, people.owner)('/api/workspaces/not-a-workspace/members')).status).toBe(404);
    expect((await as(server, people.owner)(`/api/workspaces/${workspaceId}/clients/not-a-uuid`, { method: 'DELETE' })).status).toBe(404);
    expect((await as(server, people.owner)(`/api/workspaces/${workspaceId}/members/nobody`, { method: 'DELETE' })).status).toBe(404);
    expect((await as(server, people.owner, 'not-a-uuid')('/api/profile')).status).toBe(404);
    expect((await as(server, null)(`/api/workspaces/${workspaceId}/members`)).status).toBe(401);
  });
});

describe('data routes in a client scope by role', () => {
  const reads = ['/api/profile', '/api/alerts', '/api/history', '/api/reports', '/api/audits', '/api/white-label'];

  it('reads: every role of the workspace; outsiders and removed members 404', async () => {
    const expected = expectation(200, ['owner', 'admin', 'member', 'client']);
    for (const path of reads) {
      for (const role of ROLES) {
        const response = await as(server, people[role], clientA)(path);
        expect(response.status, `${role} GET ${path} ${JSON.stringify(response.body).slice(0, 200)}`).toBe(expected[role]);
        if (role === 'outsider' || role === 'removed') expect(response.body.error).toBe(WORKSPACE_ERRORS.clientNotFound);
      }
    }
  });

  it('the client scope shows the client’s data with the agency plan', async () => {
    const profile = await as(server, people.member, clientA)('/api/profile');
    expect(profile.body.websites).toEqual([{ name: 'Acme', url: 'https://acme.example' }]);
    expect(profile.body.plan).toBe('agency');
    expect(profile.body.onboarding_completed_at).not.toBeNull();
    const own = await as(server, people.member)('/api/profile');
    expect(own.body.plan).toBe('free');
    expect(own.body.websites).toEqual([]);
  });

  it('PATCH /api/profile: writers only; a client is read-only', async () => {
    const expected = expectation(200, ['owner', 'admin', 'member']);
    for (const role of ROLES) {
      const response = await as(server, people[role], clientA)('/api/profile', { method: 'PATCH', body: { business_description: `Edited by ${role}` } });
      expect(response.status, `${role} ${JSON.stringify(response.body)}`).toBe(expected[role]);
      if (role === 'client') expect(response.body.error).toBe(WORKSPACE_ERRORS.readOnly);
    }
    const profile = await as(server, people.owner, clientA)('/api/profile');
    expect(profile.body.business_description).toBe('Edited by member');
    const other = await as(server, people.owner, clientB)('/api/profile');
    expect(other.body.business_description).toBeNull();
  });

  it('POST /api/audits: writers may start one (or find one running); a client may not', async () => {
    const started: string[] = [];
    for (const role of ROLES) {
      const response = await as(server, people[role], clientA)('/api/audits', { body: { url: 'https://acme.example/', scope: 'page' } });
      if (['owner', 'admin', 'member'].includes(role)) expect([202, 409], `${role} ${JSON.stringify(response.body)}`).toContain(response.status);
      else expect(response.status, role).toBe(role === 'client' ? 403 : 404);
      if (response.status === 202) started.push(response.body.id);
    }
    // The run belongs to the client, not to whoever started it: the client reads it by its id,
    // whether it is still running or has already ended (acme.example does not resolve).
    expect(started.length).toBeGreaterThan(0);
    for (const id of started) expect((await as(server, people.client, clientA)(`/api/audits/${id}`)).status).toBe(200);
    const ownAudits = await as(server, people.member)('/api/audits');
    expect(ownAudits.body.current).toBeNull();
    expect(ownAudits.body.audits).toEqual([]);
  });

  it('a client-role user cannot act in a client not shared with them', async () => {
    for (const path of reads) {
      const response = await as(server, people.client, clientB)(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe(WORKSPACE_ERRORS.clientNotFound);
    }
    expect((await as(server, people.client, clientB)('/api/profile', { method: 'PATCH', body: { business_description: 'x' } })).status).toBe(404);
    expect((await as(server, people.client)(`/api/workspaces/${workspaceId}/clients/${clientB}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(403);
  });

  it('a client of another workspace is unknown here', async () => {
    const created = await as(server, people.outsider)('/api/workspaces', { body: { name: 'Other agency' } });
    expect(created.status).toBe(201);
    const foreign = await as(server, people.outsider)(`/api/workspaces/${created.body.workspace.id}/clients`, { body: { name: 'Initech', website: 'https://initech.example' } });
    expect(foreign.status).toBe(201);
    expect((await as(server, people.owner, foreign.body.client.id)('/api/profile')).status).toBe(404);
    expect((await as(server, people.owner)(`/api/workspaces/${workspaceId}/clients/${foreign.body.client.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await as(server, people.outsider, clientA)('/api/profile')).status).toBe(404);
  });

  it('better-auth’s own organization endpoints are refused', async () => {
    for (const path of ['/api/auth/organization/create', '/api/auth/organization/update-member-role', '/api/auth/organization/invite-member', '/api/auth/organization/remove-member']) {
      const response = await as(server, people.admin)(path, { body: { organizationId: workspaceId, memberId: 'x', role: 'owner', name: 'x', slug: 'x', email: 'a@example.com' } });
      expect(response.status, path).toBe(404);
    }
    const listed = await as(server, people.admin)('/api/auth/organization/list');
    expect(listed.status).toBe(404);
  });
});

describe('workspace creation', () => {
  it('needs the agency plan, and a user owns at most one', async () => {
    const free = await person(server, 'free-user');
    const refused = await as(server, free)('/api/workspaces', { body: { name: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredPlan).toBe('agency');
    const second = await as(server, people.owner)('/api/workspaces', { body: { name: 'Second' } });
    expect(second.status).toBe(409);
    expect((await as(server, people.owner)('/api/workspaces', { body: { name: '' } })).status).toBe(400);
  });
});

describe('workspace deletion', () => {
  it('is the owner’s only, and takes every client’s data with it', async () => {
    for (const role of ['admin', 'member', 'client'] as Role[]) {
      expect((await as(server, people[role])(`/api/workspaces/${workspaceId}`, { method: 'DELETE' })).status, role).toBe(403);
    }
    for (const role of ['outsider', 'removed'] as Role[]) {
      expect((await as(server, people[role])(`/api/workspaces/${workspaceId}`, { method: 'DELETE' })).status, role).toBe(404);
    }
    expect((await as(server, people.owner)(`/api/workspaces/${workspaceId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(server, people.member, clientA)('/api/profile')).status).toBe(404);
    expect((await as(server, people.owner, clientA)('/api/profile')).status).toBe(404);
    expect((await as(server, people.member)('/api/workspaces')).body.workspaces).toEqual([]);
    // The people keep their own accounts, and the owner may start again.
    expect((await as(server, people.member)('/api/profile')).status).toBe(200);
    expect((await as(server, people.owner)('/api/workspaces', { body: { name: 'Fresh start' } })).status).toBe(201);
  });
});
