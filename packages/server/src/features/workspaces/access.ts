import { and, eq, inArray } from 'drizzle-orm';
import { isWorkspaceRole, seesAllClients, TWO_FACTOR_REQUIRED_CODE, WORKSPACE_ERRORS, type WorkspaceRole } from '@citable/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema';
import { workspaceClients, workspaceMemberClients, workspaceSettings } from './schema';
import { HttpError } from '../../lib/http-error';
import type { SessionUser } from '../../auth/auth-plugin';

/**
 * Who may see and do what in a workspace. Every function reads the database afresh: membership,
 * role and sharing are never cached in the session, so a removal or role change applies to the
 * very next request. Shared with the roll-up and client reporting (W2).
 */

export interface WorkspaceMembership {
  memberId: string;
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  /** Clients shared with a member of role client; empty for the other roles (they see all). */
  clientIds: string[];
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  ownerUserId: string;
  requireTwoFactor: boolean;
}

export interface ClientPrincipal {
  clientId: string;
  workspaceId: string;
  name: string;
  principalUserId: string;
  createdAt: Date;
}

export const workspaceNotFound = () => new HttpError(404, { error: WORKSPACE_ERRORS.workspaceNotFound });
export const clientNotFound = () => new HttpError(404, { error: WORKSPACE_ERRORS.clientNotFound });
export const roleForbidden = () => new HttpError(403, { error: WORKSPACE_ERRORS.roleForbidden });
export const twoFactorRequired = () => new HttpError(403, { error: WORKSPACE_ERRORS.twoFactorRequired, code: TWO_FACTOR_REQUIRED_CODE });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** better-auth's organization ids are short printable strings; anything else names no workspace (and a NUL byte would fail the query). */
const isPlausibleWorkspaceId = (value: string) => value.length > 0 && value.length <= 128 && !value.includes('\u0000');

export async function loadWorkspace(db: Db, workspaceId: string): Promise<WorkspaceRecord | null> {
  if (!isPlausibleWorkspaceId(workspaceId)) return null;
  const [row] = await db
    .select({ id: organization.id, name: organization.name, ownerUserId: workspaceSettings.ownerUserId, requireTwoFactor: workspaceSettings.requireTwoFactor })
    .from(organization)
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, organization.id))
    .where(eq(organization.id, workspaceId));
  return row ?? null;
}

/** The user's membership of the workspace, or null when they are not (or no longer) a member. */
export async function loadWorkspaceMembership(db: Db, userId: string, workspaceId: string): Promise<WorkspaceMembership | null> {
  if (!isPlausibleWorkspaceId(workspaceId)) return null;
  const [row] = await db
    .select({ memberId: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId)))
    .limit(1);
  if (!row || !isWorkspaceRole(row.role)) return null;
  const shared =
    row.role === 'client'
      ? await db.select({ clientId: workspaceMemberClients.clientId }).from(workspaceMemberClients).where(eq(workspaceMemberClients.memberId, row.memberId))
      : [];
  return { memberId: row.memberId, workspaceId, userId, role: row.role, clientIds: shared.map((entry) => entry.clientId) };
}

/** Every client of the workspace with its data principal, oldest first. */
export async function listClientPrincipals(db: Db, workspaceId: string): Promise<ClientPrincipal[]> {
  return db
    .select({
      clientId: workspaceClients.id,
      workspaceId: workspaceClients.organizationId,
      name: workspaceClients.name,
      principalUserId: workspaceClients.principalUserId,
      createdAt: workspaceClients.createdAt,
    })
    .from(workspaceClients)
    .where(eq(workspaceClients.organizationId, workspaceId))
    .orderBy(workspaceClients.createdAt, workspaceClients.id);
}

/** The clients this membership may see: all of them, or only the shared ones for role client. */
export async function visibleClientPrincipals(db: Db, membership: WorkspaceMembership): Promise<ClientPrincipal[]> {
  const all = await listClientPrincipals(db, membership.workspaceId);
  if (seesAllClients(membership.role)) return all;
  const shared = new Set(membership.clientIds);
  return all.filter((client) => shared.has(client.clientId));
}

export async function loadClientPrincipal(db: Db, workspaceId: string, clientId: string): Promise<ClientPrincipal | null> {
  if (!isUuid(clientId)) return null;
  const [row] = await db
    .select({
      clientId: workspaceClients.id,
      workspaceId: workspaceClients.organizationId,
      name: workspaceClients.name,
      principalUserId: workspaceClients.principalUserId,
      createdAt: workspaceClients.createdAt,
    })
    .from(workspaceClients)
    .where(and(eq(workspaceClients.id, clientId), eq(workspaceClients.organizationId, workspaceId)));
  return row ?? null;
}

/** Whether the membership may see this client (404 material when not). */
export function canSeeClient(membership: WorkspaceMembership, clientId: string): boolean {
  return seesAllClients(membership.role) || membership.clientIds.includes(clientId);
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.enabled === true;
}

export interface WorkspaceAccess {
  user: SessionUser;
  workspace: WorkspaceRecord;
  membership: WorkspaceMembership;
}

/**
 * The signed-in user's access to workspace `workspaceId`: 401 without a session, 404 when the
 * workspace does not exist or they are not a member (the two are indistinguishable on purpose),
 * 403 TWO_FACTOR_REQUIRED when the workspace requires 2FA they have not enabled, 403 when their
 * role is not in `allowed`.
 */
export async function requireWorkspaceRole(
  app: FastifyInstance,
  request: FastifyRequest,
  workspaceId: string,
  allowed: readonly WorkspaceRole[],
  options: { skipTwoFactor?: boolean } = {},
): Promise<WorkspaceAccess> {
  const sessionUser = await app.requireUser(request);
  const workspace = await loadWorkspace(app.db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  const membership = await loadWorkspaceMembership(app.db, sessionUser.id, workspaceId);
  if (!membership) throw workspaceNotFound();
  if (!options.skipTwoFactor && workspace.requireTwoFactor && !(await hasTwoFactor(app.db, sessionUser.id))) throw twoFactorRequired();
  if (!allowed.includes(membership.role)) throw roleForbidden();
  return { user: sessionUser, workspace, membership };
}

/** The workspace a user owns, if any (a user owns at most one). */
export async function ownedWorkspaceId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: workspaceSettings.organizationId }).from(workspaceSettings).where(eq(workspaceSettings.ownerUserId, userId));
  return row?.id ?? null;
}

/** The workspace whose client this principal is, with its owner; null for an ordinary user. */
export async function principalWorkspace(db: Db, principalUserId: string): Promise<{ workspaceId: string; ownerUserId: string; clientId: string } | null> {
  const [row] = await db
    .select({ workspaceId: workspaceClients.organizationId, ownerUserId: workspaceSettings.ownerUserId, clientId: workspaceClients.id })
    .from(workspaceClients)
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, workspaceClients.organizationId))
    .where(eq(workspaceClients.principalUserId, principalUserId));
  return row ?? null;
}

/**
 * The principals whose usage counts against one plan's caps: a workspace's owner and every client
 * principal of it when `principalId` is either, else just `principalId`. Caps count per workspace.
 */
export async function workspacePrincipalIds(db: Db, principalId: string): Promise<string[]> {
  const asClient = await principalWorkspace(db, principalId);
  const workspaceId = asClient?.workspaceId ?? (await ownedWorkspaceId(db, principalId));
  if (!workspaceId) return [principalId];
  const workspace = await loadWorkspace(db, workspaceId);
  if (!workspace) return [principalId];
  const clients = await db.select({ id: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.organizationId, workspaceId));
  return [workspace.ownerUserId, ...clients.map((client) => client.id)];
}

/** Keeps only the ids that are clients of the workspace; used to validate sharing lists. */
export async function clientIdsOfWorkspace(db: Db, workspaceId: string, clientIds: string[]): Promise<string[]> {
  const wanted = [...new Set(clientIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: workspaceClients.id })
    .from(workspaceClients)
    .where(and(eq(workspaceClients.organizationId, workspaceId), inArray(workspaceClients.id, wanted)));
  return rows.map((row) => row.id);
}
