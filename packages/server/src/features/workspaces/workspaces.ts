import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { isWorkspaceRole, WORKSPACE_ERRORS, type WorkspaceSummary } from '@citable/contract';
import type { Db } from '../../db/client';
import { member, organization } from '../../db/schema';
import type { ReportStorage } from '../reports';
import { workspaceSettings } from './schema';
import { HttpError } from '../../lib/http-error';
import { listClientPrincipals, ownedWorkspaceId, type WorkspaceRecord } from './access';
import { deleteClient } from './clients';

/** The workspaces the user belongs to, with their role in each, oldest membership first. */
export async function listWorkspaces(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  const rows = await db
    .select({ id: organization.id, name: organization.name, role: member.role, requireTwoFactor: workspaceSettings.requireTwoFactor })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, organization.id))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(member.id));
  return rows.flatMap((row) => (isWorkspaceRole(row.role) ? [{ id: row.id, name: row.name, role: row.role, requireTwoFactor: row.requireTwoFactor }] : []));
}

/**
 * Creates the user's workspace with them as owner. The plan check is the caller's; the unique
 * owner_user_id makes a second (or concurrent) creation fail with 409.
 */
export async function createWorkspace(db: Db, ownerUserId: string, name: string, now = new Date()): Promise<WorkspaceSummary> {
  if (await ownedWorkspaceId(db, ownerUserId)) throw new HttpError(409, { error: WORKSPACE_ERRORS.alreadyOwnsWorkspace });
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      // The slug is better-auth's unique handle; ours never shows it, so the id keeps it unique.
      await tx.insert(organization).values({ id, name, slug: `ws-${id}`, createdAt: now });
      await tx.insert(workspaceSettings).values({ organizationId: id, ownerUserId });
      await tx.insert(member).values({ id: randomUUID(), organizationId: id, userId: ownerUserId, role: 'owner', createdAt: now });
    });
  } catch (error) {
    if (await ownedWorkspaceId(db, ownerUserId)) throw new HttpError(409, { error: WORKSPACE_ERRORS.alreadyOwnsWorkspace });
    throw error;
  }
  return { id, name, role: 'owner', requireTwoFactor: false };
}

export async function updateWorkspace(db: Db, workspace: WorkspaceRecord, changes: { name?: string; requireTwoFactor?: boolean }): Promise<WorkspaceRecord> {
  if (changes.name !== undefined) await db.update(organization).set({ name: changes.name }).where(eq(organization.id, workspace.id));
  if (changes.requireTwoFactor !== undefined) {
    await db.update(workspaceSettings).set({ requireTwoFactor: changes.requireTwoFactor }).where(eq(workspaceSettings.organizationId, workspace.id));
  }
  return { ...workspace, ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.requireTwoFactor !== undefined ? { requireTwoFactor: changes.requireTwoFactor } : {}) };
}

/**
 * Deletes the workspace: every client with all its data (principal cascade, report files), then
 * the organization, whose members, invitations and settings go by cascade. The members' own
 * accounts are untouched.
 */
export async function deleteWorkspace(db: Db, workspaceId: string, storage: ReportStorage, log: { warn(obj: object, msg: string): void }): Promise<void> {
  for (const client of await listClientPrincipals(db, workspaceId)) await deleteClient(db, client, storage, log);
  await db.delete(organization).where(eq(organization.id, workspaceId));
}
