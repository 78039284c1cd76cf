import { eq, sql } from 'drizzle-orm';
import { canUse, normalizePlan, requiredPlanFor, upgradeMessage, type AreaId, type Gate, type PlanId, type ToolId } from '@citable/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema';
import { workspaceClients, workspaceSettings } from '../workspaces';
import { HttpError } from '../../lib/http-error';

/**
 * The user's plan as stored now. Read on every gated request rather than cached in the session,
 * so a webhook or `citable admin set-plan` applies to the very next request. A workspace client's
 * data principal has the plan of the workspace's owner (issue #11), so background jobs keyed by
 * the principal (reports, monitoring) get the agency's gates too.
 */
export async function currentPlan(db: Db, userId: string): Promise<PlanId> {
  const ownerOfClient = db
    .select({ owner: workspaceSettings.ownerUserId })
    .from(workspaceClients)
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, workspaceClients.organizationId))
    .where(eq(workspaceClients.principalUserId, userId));
  const [row] = await db
    .select({ plan: userProfiles.plan })
    .from(userProfiles)
    .where(eq(userProfiles.userId, sql`coalesce((${ownerOfClient}), ${userId})`));
  return normalizePlan(row?.plan);
}

/** 403 `{ error, requiredPlan }` unless the plan passes the gate. */
export function assertEntitled(plan: PlanId, gate: Gate): void {
  if (canUse(plan, gate)) return;
  const requiredPlan = requiredPlanFor(gate);
  throw new HttpError(403, { error: upgradeMessage(requiredPlan), requiredPlan });
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the gate pre-handlers: the acting owner's id (the signed-in user's, or the selected
     * workspace client's data principal) and the scope's plan as read for this request.
     */
    entitlement?: { userId: string; plan: PlanId };
  }
}

/**
 * A preHandler for routes gated on a plan, tool or area: 401 without a session, 403 with the plan
 * required otherwise. The handler finds the user and plan in `request.entitlement`.
 *
 *   app.post('/api/functions/entity-coverage-analyzer', { preHandler: requireTool(app, 'entities') }, handler)
 */
export function requireEntitlement(app: FastifyInstance, gate: Gate): preHandlerAsyncHookHandler {
  return async function entitlementGate(this: FastifyInstance, request: FastifyRequest) {
    // The scope (not the person) is what is gated: a member acting in an agency's client gets the agency plan.
    const owner = await app.requireOwner(request);
    assertEntitled(owner.plan, gate);
    request.entitlement = { userId: owner.ownerId, plan: owner.plan };
  };
}

export const requirePlan = (app: FastifyInstance, plan: PlanId) => requireEntitlement(app, { plan });
export const requireTool = (app: FastifyInstance, tool: ToolId) => requireEntitlement(app, { tool });
export const requireArea = (app: FastifyInstance, area: AreaId) => requireEntitlement(app, { area });
