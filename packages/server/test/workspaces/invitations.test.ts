import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ERRORS } from '@citable/contract';
import { invitation } from '../../src/db/schema';
import { signInvitationToken, verifyInvitationToken } from '../../src/features/workspaces/invitation-token';
import { startTestServer } from '../helpers';
import { as, person, type Person } from './fixtures';

// Many sign-ups per test on a machine shared with other suites: generous, never timing assertions.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const server = await startTestServer();
afterAll(() => server.close());

let owner: Person;
let workspaceId: string;
let clientId: string;

async function invite(email: string, role: 'admin' | 'member' | 'client' = 'member', clientIds?: string[]) {
  const response = await as(server, owner)(`/api/workspaces/${workspaceId}/invitations`, { body: { email, role, clientIds } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: response.body.invitation.id as string, link: response.body.link as string, token: new URL(response.body.link).searchParams.get('token')! };
}

beforeAll(async () => {
  owner = await person(server, 'owner', 'agency');
  workspaceId = (await as(server, owner)('/api/workspaces', { body: { name: 'Initech Agency' } })).body.workspace.id;
  clientId = (await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme', website: 'https://acme.example' } })).body.client.id;
}, 120_000);

describe('invitation links', () => {
  it('are e-mailed, previewable without a session, and accepted once by the invited address', async () => {
    const invitee = await person(server, 'invitee');
    const { token, link } = await invite(invitee.email, 'client', [clientId]);
    expect(link).toBe(`${server.config.publicUrl}/invite?token=${encodeURIComponent(token)}`);
    const [mail] = await server.outbox(invitee.email);
    expect(mail.subject).toContain('Initech Agency');
    expect(mail.links).toContain(link);

    const preview = await as(server, null)(`/api/invitations/preview?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ workspaceName: 'Initech Agency', inviterName: 'owner', email: invitee.email, role: 'client' });

    const accepted = await as(server, invitee)('/api/invitations/accept', { body: { token } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.workspace).toMatchObject({ id: workspaceId, role: 'client' });
    const clients = await as(server, invitee)(`/api/workspaces/${workspaceId}/clients`);
    expect(clients.body.clients.map((entry: { id: string }) => entry.id)).toEqual([clientId]);

    // Reused: the link works once.
    const again = await as(server, invitee)('/api/invitations/accept', { body: { token } });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(WORKSPACE_ERRORS.invitationUsed);
    expect((await as(server, null)(`/api/invitations/preview?token=${encodeURIComponent(token)}`)).status).toBe(410);
  });

  it('refuse another signed-in address', async () => {
    const invitee = await person(server, 'wanted');
    const stranger = await person(server, 'stranger');
    const { token } = await invite(invitee.email);
    const response = await as(server, stranger)('/api/invitations/accept', { body: { token } });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(WORKSPACE_ERRORS.invitationWrongEmail);
    // Still usable by the right person.
    expect((await as(server, invitee)('/api/invitations/accept', { body: { token } })).status).toBe(200);
  });

  it('refuse forged tokens: tampered signature, tampered payload, garbage', async () => {
    const invitee = await person(server, 'forged');
    const { token, id } = await invite(invitee.email);
    const [payload, signature] = token.split('.');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const longer = Buffer.from(`${id}.${Date.now() + 365 * 86_400_000}`).toString('base64url');
    const otherSecret = signInvitationToken('not-the-server-secret-at-all-0123456789', id, new Date(Date.now() + 86_400_000));
    for (const forged of [`${payload}.${flipped}`, `${longer}.${signature}`, otherSecret, 'garbage', `${payload}.`, '.']) {
      const preview = await as(server, null)(`/api/invitations/preview?token=${encodeURIComponent(forged)}`);
      expect(preview.status, forged).toBe(400);
      expect(preview.body.error).toBe(WORKSPACE_ERRORS.invitationInvalid);
      expect((await as(server, invitee)('/api/invitations/accept', { body: { token: forged } })).status).toBe(400);
    }
    // A genuine signature over an unknown invitation is no better.
    const unknown = signInvitationToken(server.config.authSecret, 'does-not-exist', new Date(Date.now() + 86_400_000));
    expect((await as(server, invitee)('/api/invitations/accept', { body: { token: unknown } })).status).toBe(400);
  });

  it('expire: a token signed with a past expiry, and an invitation whose stored expiry passed', async () => {
    const invitee = await person(server, 'late');
    const { id } = await invite(invitee.email);
    const pastToken = signInvitationToken(server.config.authSecret, id, new Date(Date.now() - 1000));
    const past = await as(server, invitee)('/api/invitations/accept', { body: { token: pastToken } });
    expect(past.status).toBe(410);
    expect(past.body.error).toBe(WORKSPACE_ERRORS.invitationExpired);

    const second = await invite(invitee.email);
    await server.db.update(invitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitation.id, second.id));
    const stale = await as(server, invitee)('/api/invitations/accept', { body: { token: second.token } });
    expect(stale.status).toBe(410);
    expect(stale.body.error).toBe(WORKSPACE_ERRORS.invitationExpired);
    const listed = await as(server, owner)(`/api/workspaces/${workspaceId}/members`);
    expect(listed.body.invitations.find((entry: { id: string }) => entry.id === second.id).status).toBe('expired');
  });

  it('verify on an injected clock: valid for 7 days, not a second more', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const expires = new Date(issued.getTime() + 7 * 86_400_000);
    const token = signInvitationToken('secret-secret-secret-secret-secret-32', 'inv-1', expires);
    expect(verifyInvitationToken('secret-secret-secret-secret-secret-32', token, new Date(expires.getTime() - 1))).toMatchObject({ ok: true, invitationId: 'inv-1' });
    expect(verifyInvitationToken('secret-secret-secret-secret-secret-32', token, expires)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyInvitationToken('another-secret-another-secret-another', token, issued)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('revoked or replaced invitations are used up', async () => {
    const invitee = await person(server, 'revoked');
    const first = await invite(invitee.email);
    const second = await invite(invitee.email);
    // A new invitation to the same address replaces the pending one.
    expect((await as(server, invitee)('/api/invitations/accept', { body: { token: first.token } })).status).toBe(410);
    expect((await as(server, owner)(`/api/workspaces/${workspaceId}/invitations/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await as(server, invitee)('/api/invitations/accept', { body: { token: second.token } });
    expect(revoked.status).toBe(410);
    expect(revoked.body.error).toBe(WORKSPACE_ERRORS.invitationUsed);
  });

  it('accepting needs a session; inviting a member again is refused', async () => {
    const invitee = await person(server, 'nosession');
    const { token } = await invite(invitee.email);
    expect((await as(server, null)('/api/invitations/accept', { body: { token } })).status).toBe(401);
    expect((await as(server, invitee)('/api/invitations/accept', { body: { token } })).status).toBe(200);
    const again = await as(server, owner)(`/api/workspaces/${workspaceId}/invitations`, { body: { email: invitee.email, role: 'member' } });
    expect(again.status).toBe(409);
  });
});

describe('workspace ids that name nothing', () => {
  // Found by the hostile fuzz: a NUL byte in the id reached PostgreSQL, which refuses it (500).
  it('answer 404 for a NUL byte in the id, never 500', async () => {
    for (const id of ['%00', 'a%00b']) {
      expect((await as(server, owner)(`/api/workspaces/${id}/members`)).status).toBe(404);
      expect((await as(server, owner)(`/api/workspaces/${id}/clients/${clientId}`, { method: 'DELETE' })).status).toBe(404);
    }
  });
});
