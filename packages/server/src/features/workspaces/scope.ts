import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_SCOPE_HEADER, isWorkspaceRole, WORKSPACE_ERRORS, type PlanId, type Profile, type WorkspaceRole } from '@citable/contract';
import { currentPlan } from '../billing';
import { getOrCreateProfile, profileFromRow } from '../profile';
import { member } from '../../db/schema';
import { workspaceClients, workspaceMemberClients, workspaceSettings } from './schema';
import { HttpError } from '../../lib/http-error';
import { clientNotFound, hasTwoFactor, isUuid, twoFactorRequired } from './access';

/**
 * The acting scope of a data request. `ownerId` is the user_id every data query must use: the
 * caller's own id, or the data principal of the client named by the X-Citable-Client header.
 */
export interface OwnerScope {
  ownerId: string;
  /** The signed-in person (for activity, audit trails and identity). */
  userId: string;
  workspaceId: string | null;
  clientId: string | null;
  role: WorkspaceRole | null;
  /** The plan whose gates and caps apply: the caller's own, or the workspace owner's. */
  plan: PlanId;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The acting scope of a data route (401 without a session; 404/403 for a client scope the
     * caller may not act in). Call it instead of requireUser in every route that reads or writes
     * user-owned records, and scope queries by `ownerId`.
     */
    requireOwner(request: FastifyRequest): Promise<OwnerScope>;
    /** The acting owner's profile (requireOwner first), reusing the row read with the session. */
    ownerProfile(request: FastifyRequest): Promise<Profile>;
  }
  interface FastifyRequest {
    /** requireOwner's answer for this request, so a gate and its handler resolve the scope once. */
    ownerScope?: OwnerScope;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

function requestedClientId(request: FastifyRequest): string | null {
  const raw = request.headers[CLIENT_SCOPE_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : null;
}

/** Resolves a scope afresh from the database: membership, sharing, 2FA and plan as they are now. */
export async function resolveOwnerScope(app: FastifyInstance, request: FastifyRequest): Promise<OwnerScope> {
  const sessionUser = await app.requireUser(request);
  const clientId = requestedClientId(request);
  if (!clientId) {
    // The person's own plan came with the session (requireUser reads it in the same statement).
    const plan = request.session?.plan ?? (await currentPlan(app.db, sessionUser.id));
    return { ownerId: sessionUser.id, userId: sessionUser.id, workspaceId: null, clientId: null, role: null, plan };
  }
  if (!isUuid(clientId)) throw clientNotFound();
  const [row] = await app.db
    .select({
      principalUserId: workspaceClients.principalUserId,
      workspaceId: workspaceClients.organizationId,
      ownerUserId: workspaceSettings.ownerUserId,
      requireTwoFactor: workspaceSettings.requireTwoFactor,
      memberId: member.id,
      role: member.role,
    })
    .from(workspaceClients)
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, workspaceClients.organizationId))
    .innerJoin(member, and(eq(member.organizationId, workspaceClients.organizationId), eq(member.userId, sessionUser.id)))
    .where(eq(workspaceClients.id, clientId))
    .limit(1);
  // Not a member (or removed a moment ago), unknown client, or a client of another workspace: all look alike.
  if (!row || !isWorkspaceRole(row.role)) throw clientNotFound();
  if (row.role === 'client') {
    const [shared] = await app.db
      .select({ clientId: workspaceMemberClients.clientId })
      .from(workspaceMemberClients)
      .where(and(eq(workspaceMemberClients.memberId, row.memberId), eq(workspaceMemberClients.clientId, clientId)));
    if (!shared) throw clientNotFound();
  }
  if (row.requireTwoFactor && !(await hasTwoFactor(app.db, sessionUser.id))) throw twoFactorRequired();
  if (row.role === 'client' && !READ_METHODS.has(request.method)) throw new HttpError(403, { error: WORKSPACE_ERRORS.readOnly });
  return {
    ownerId: row.principalUserId,
    userId: sessionUser.id,
    workspaceId: row.workspaceId,
    clientId,
    role: row.role,
    plan: await currentPlan(app.db, row.ownerUserId),
  };
}

/** Decorates `app.requireOwner`; registered right after the auth plugin so every route can use it. */
export const scopePlugin = fp(
  async (app) => {
    app.decorateRequest('ownerScope', undefined);
    app.decorate('requireOwner', async (request: FastifyRequest) => {
      if (request.ownerScope) return request.ownerScope;
      const scope = await resolveOwnerScope(app, request);
      request.ownerScope = scope;
      return scope;
    });
    app.decorate('ownerProfile', async (request: FastifyRequest) => {
      const scope = await app.requireOwner(request);
      const session = request.session;
      const known = session && scope.ownerId === session.user.id ? profileFromRow(session.profile, session.user, scope.plan) : null;
      return known ?? getOrCreateProfile(app.db, scope.ownerId, scope.plan);
    });
  },
  { name: 'workspace-scope', dependencies: ['auth', 'db'] },
);
