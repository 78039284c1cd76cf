import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  isWorkspaceRole,
  WORKSPACE_ERRORS,
  type InvitableRole,
  type InvitationPreview,
  type WorkspaceInvitation,
  type WorkspaceInvitationStatus,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { invitation, member, organization, user } from '../../db/schema';
import { workspaceInvitationClients, workspaceMemberClients } from './schema';
import { HttpError } from '../../lib/http-error';
import type { MailMessage } from '../../mail/mailer';
import { clientIdsOfWorkspace, type WorkspaceRecord } from './access';
import { signInvitationToken, verifyInvitationToken } from './invitation-token';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationDeps {
  db: Db;
  secret: string;
  publicUrl: string;
}

type InvitationRow = typeof invitation.$inferSelect;

function statusOf(row: InvitationRow, now: Date): WorkspaceInvitationStatus {
  if (row.status === 'accepted' || row.status === 'revoked') return row.status;
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function invitationLink(publicUrl: string, token: string): string {
  const url = new URL('/invite', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function invitationEmail(to: string, inviterName: string, workspaceName: string, link: string): MailMessage {
  return {
    to,
    subject: `${inviterName} invited you to ${workspaceName} on Citable`,
    text: `Hello,\n\n${inviterName} invited you to join the workspace "${workspaceName}" on Citable.\n\nAccept the invitation here (sign in or create an account with this e-mail address first):\n\n${link}\n\nThe link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this, you can ignore this message.\n`,
  };
}

/** 400 for clientIds that are not clients of the workspace; role client needs at least one. */
export async function validateSharing(db: Db, workspaceId: string, role: InvitableRole, clientIds: string[] | undefined): Promise<string[]> {
  if (role !== 'client') return [];
  const wanted = [...new Set(clientIds ?? [])];
  if (wanted.length === 0) throw new HttpError(400, { error: 'Choose at least one client to share with this person.' });
  const known = await clientIdsOfWorkspace(db, workspaceId, wanted);
  if (known.length !== wanted.length) throw new HttpError(400, { error: WORKSPACE_ERRORS.unknownClients });
  return known;
}

/**
 * Creates an invitation (replacing any pending one to the same address) and returns it with its
 * signed link. Sending the e-mail is the caller's, so the link is known to the response too.
 */
export async function createInvitation(
  deps: InvitationDeps,
  workspace: WorkspaceRecord,
  inviterId: string,
  input: { email: string; role: InvitableRole; clientIds: string[] },
  now = new Date(),
): Promise<{ invitation: WorkspaceInvitation; link: string }> {
  const { db } = deps;
  const [existing] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, workspace.id), eq(user.email, input.email)));
  if (existing) throw new HttpError(409, { error: 'This person is already a member of the workspace.' });
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(invitation)
      .set({ status: 'revoked' })
      .where(and(eq(invitation.organizationId, workspace.id), eq(invitation.email, input.email), eq(invitation.status, 'pending')));
    await tx.insert(invitation).values({ id, organizationId: workspace.id, email: input.email, role: input.role, status: 'pending', expiresAt, createdAt: now, inviterId });
    if (input.clientIds.length > 0) await tx.insert(workspaceInvitationClients).values(input.clientIds.map((clientId) => ({ invitationId: id, clientId })));
  });
  const token = signInvitationToken(deps.secret, id, expiresAt);
  return {
    invitation: { id, email: input.email, role: input.role, clientIds: input.clientIds, expiresAt: expiresAt.toISOString(), status: 'pending' },
    link: invitationLink(deps.publicUrl, token),
  };
}

/** Pending and expired invitations of the workspace, newest first (accepted ones are members now). */
export async function listInvitations(db: Db, workspaceId: string, now = new Date()): Promise<WorkspaceInvitation[]> {
  const rows = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.organizationId, workspaceId), eq(invitation.status, 'pending')))
    .orderBy(desc(invitation.createdAt));
  if (rows.length === 0) return [];
  const shared = await db
    .select()
    .from(workspaceInvitationClients)
    .where(
      inArray(
        workspaceInvitationClients.invitationId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: isWorkspaceRole(row.role) ? row.role : 'member',
    clientIds: shared.filter((entry) => entry.invitationId === row.id).map((entry) => entry.clientId),
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
  }));
}

export async function revokeInvitation(db: Db, workspaceId: string, invitationId: string): Promise<void> {
  const revoked = await db
    .update(invitation)
    .set({ status: 'revoked' })
    .where(and(eq(invitation.id, invitationId), eq(invitation.organizationId, workspaceId), eq(invitation.status, 'pending')))
    .returning({ id: invitation.id });
  if (revoked.length === 0) throw new HttpError(404, { error: WORKSPACE_ERRORS.invitationNotFound });
}

const invalid = () => new HttpError(400, { error: WORKSPACE_ERRORS.invitationInvalid });
const expired = () => new HttpError(410, { error: WORKSPACE_ERRORS.invitationExpired });
const used = () => new HttpError(410, { error: WORKSPACE_ERRORS.invitationUsed });

/** The invitation a token stands for, when the token is genuine, unexpired and still pending. */
async function pendingInvitation(deps: InvitationDeps, token: string, now: Date): Promise<InvitationRow> {
  const check = verifyInvitationToken(deps.secret, token, now);
  if (!check.ok) throw check.reason === 'expired' ? expired() : invalid();
  const [row] = await deps.db.select().from(invitation).where(eq(invitation.id, check.invitationId));
  if (!row) throw invalid();
  if (row.status !== 'pending') throw used();
  if (row.expiresAt.getTime() <= now.getTime()) throw expired();
  return row;
}

export async function previewInvitation(deps: InvitationDeps, token: string, now = new Date()): Promise<InvitationPreview> {
  const row = await pendingInvitation(deps, token, now);
  const [details] = await deps.db
    .select({ workspaceName: organization.name, inviterName: user.name })
    .from(organization)
    .innerJoin(user, eq(user.id, row.inviterId))
    .where(eq(organization.id, row.organizationId));
  if (!details) throw invalid();
  return { workspaceName: details.workspaceName, inviterName: details.inviterName, email: row.email, role: isWorkspaceRole(row.role) ? row.role : 'member', expiresAt: row.expiresAt.toISOString() };
}

/**
 * Accepts for the signed-in user. Single use: the pending→accepted update is conditional, so of
 * two concurrent accepts only one finds the row pending; the other answers "already used".
 */
export async function acceptInvitation(deps: InvitationDeps, account: { id: string; email: string }, token: string, now = new Date()): Promise<{ workspaceId: string }> {
  const row = await pendingInvitation(deps, token, now);
  if (row.email.toLowerCase() !== account.email.toLowerCase()) throw new HttpError(403, { error: WORKSPACE_ERRORS.invitationWrongEmail });
  const role = isWorkspaceRole(row.role) && row.role !== 'owner' ? row.role : 'member';
  await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(invitation)
      .set({ status: 'accepted' })
      .where(and(eq(invitation.id, row.id), eq(invitation.status, 'pending')))
      .returning({ id: invitation.id });
    if (claimed.length === 0) throw used();
    const [already] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, row.organizationId), eq(member.userId, account.id)));
    if (already) throw new HttpError(409, { error: WORKSPACE_ERRORS.alreadyMember });
    const memberId = randomUUID();
    await tx.insert(member).values({ id: memberId, organizationId: row.organizationId, userId: account.id, role, createdAt: now });
    if (role === 'client') {
      const shared = await tx.select({ clientId: workspaceInvitationClients.clientId }).from(workspaceInvitationClients).where(eq(workspaceInvitationClients.invitationId, row.id));
      if (shared.length > 0) await tx.insert(workspaceMemberClients).values(shared.map((entry) => ({ memberId, clientId: entry.clientId })));
    }
  });
  return { workspaceId: row.organizationId };
}
