import { and, asc, eq, inArray } from 'drizzle-orm';
import { isWorkspaceRole, WORKSPACE_ERRORS, type InvitableRole, type WorkspaceMember } from '@citable/contract';
import type { Db } from '../../db/client';
import { member, user } from '../../db/schema';
import { disableEndpointsCreatedBy } from '../webhooks';
import { workspaceClients, workspaceMemberClients } from './schema';
import { HttpError } from '../../lib/http-error';
import { clientIdsOfWorkspace, type WorkspaceMembership } from './access';

const memberNotFound = () => new HttpError(404, { error: WORKSPACE_ERRORS.memberNotFound });

export async function listMembers(db: Db, workspaceId: string): Promise<WorkspaceMember[]> {
  const rows = await db
    .select({ id: member.id, userId: member.userId, role: member.role, createdAt: member.createdAt, name: user.name, email: user.email, twoFactorEnabled: user.twoFactorEnabled })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, workspaceId))
    .orderBy(asc(member.createdAt), asc(member.id));
  const shared =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(workspaceMemberClients)
          .where(
            inArray(
              workspaceMemberClients.memberId,
              rows.map((row) => row.id),
            ),
          );
  return rows.flatMap((row) =>
    isWorkspaceRole(row.role)
      ? [
          {
            id: row.id,
            userId: row.userId,
            name: row.name,
            email: row.email,
            role: row.role,
            clientIds: shared.filter((entry) => entry.memberId === row.id).map((entry) => entry.clientId),
            twoFactorEnabled: row.twoFactorEnabled === true,
            joinedAt: row.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

async function loadMember(db: Db, workspaceId: string, memberId: string) {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, role: member.role })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.organizationId, workspaceId)));
  return row ?? null;
}

/**
 * Changes a member's role and/or shared clients. Owner and admin only (the route checks); the
 * owner's role never changes and nobody becomes owner (the schema has no 'owner'). Sharing only
 * means something for role client, so other roles keep none.
 */
export async function updateMember(db: Db, workspaceId: string, memberId: string, changes: { role?: InvitableRole; clientIds?: string[] }): Promise<WorkspaceMember> {
  const target = await loadMember(db, workspaceId, memberId);
  if (!target) throw memberNotFound();
  if (target.role === 'owner') throw new HttpError(403, { error: WORKSPACE_ERRORS.ownerRoleFixed });
  const role = changes.role ?? (isWorkspaceRole(target.role) ? target.role : 'member');
  let clientIds: string[] | undefined;
  if (role !== 'client') clientIds = [];
  else if (changes.clientIds !== undefined) {
    const wanted = [...new Set(changes.clientIds)];
    const known = await clientIdsOfWorkspace(db, workspaceId, wanted);
    if (known.length !== wanted.length) throw new HttpError(400, { error: WORKSPACE_ERRORS.unknownClients });
    clientIds = known;
  }
  await db.transaction(async (tx) => {
    if (changes.role !== undefined) await tx.update(member).set({ role }).where(eq(member.id, memberId));
    if (clientIds !== undefined) {
      await tx.delete(workspaceMemberClients).where(eq(workspaceMemberClients.memberId, memberId));
      if (clientIds.length > 0) await tx.insert(workspaceMemberClients).values(clientIds.map((clientId) => ({ memberId, clientId })));
    }
  });
  const updated = (await listMembers(db, workspaceId)).find((entry) => entry.id === memberId);
  if (!updated) throw memberNotFound();
  return updated;
}

/** Who left a workspace, and the webhook endpoints of its clients that went with them. */
export interface RemovedMember {
  userId: string;
  /** The endpoints they had added in the clients' scopes, now disabled, with their client's name. */
  disabledEndpoints: { clientName: string; url: string }[];
}

/**
 * Removes a member: owner/admin may remove anyone but the owner; anyone else only themself
 * (leaving). Access ends with the row: every scope check reads membership afresh. The webhook
 * endpoints they added for the workspace's clients are disabled in the same transaction (issue #35),
 * since a receiver of their choosing would otherwise keep getting the clients' events.
 */
export async function removeMember(db: Db, actor: WorkspaceMembership, memberId: string): Promise<RemovedMember> {
  const target = await loadMember(db, actor.workspaceId, memberId);
  if (!target) throw memberNotFound();
  if (target.role === 'owner') throw new HttpError(403, { error: WORKSPACE_ERRORS.ownerCannotBeRemoved });
  const leaving = target.id === actor.memberId;
  if (!leaving && actor.role !== 'owner' && actor.role !== 'admin') throw new HttpError(403, { error: WORKSPACE_ERRORS.roleForbidden });
  return db.transaction(async (tx) => {
    await tx.delete(member).where(eq(member.id, memberId));
    const clients = await tx
      .select({ name: workspaceClients.name, principalUserId: workspaceClients.principalUserId })
      .from(workspaceClients)
      .where(eq(workspaceClients.organizationId, actor.workspaceId));
    const disabled = await disableEndpointsCreatedBy(
      tx,
      target.userId,
      clients.map((client) => client.principalUserId),
    );
    const clientName = new Map(clients.map((client) => [client.principalUserId, client.name]));
    return { userId: target.userId, disabledEndpoints: disabled.map((endpoint) => ({ clientName: clientName.get(endpoint.userId) ?? '', url: endpoint.url })) };
  });
}
