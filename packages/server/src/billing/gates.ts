import { eq } from 'drizzle-orm';
import { canUse, normalizePlan, requiredPlanFor, upgradeMessage, type AreaId, type Gate, type PlanId, type ToolId } from '@citable/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { userProfiles } from '../db/schema';
import { HttpError } from '../lib/http-error';

/**
 * The user's plan as stored now. Read on every gated request rather than cached in the session,
 * so a webhook or `citable admin set-plan` applies to the very next request.
 */
export async function currentPlan(db: Db, userId: string): Promise<PlanId> {
  const [row] = await db.select({ plan: userProfiles.plan }).from(userProfiles).where(eq(userProfiles.userId, userId));
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
    /** Set by the gate pre-handlers: the signed-in user's id and plan as read for this request. */
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
    const user = await app.requireUser(request);
    const plan = await currentPlan(app.db, user.id);
    assertEntitled(plan, gate);
    request.entitlement = { userId: user.id, plan };
  };
}

export const requirePlan = (app: FastifyInstance, plan: PlanId) => requireEntitlement(app, { plan });
export const requireTool = (app: FastifyInstance, tool: ToolId) => requireEntitlement(app, { tool });
export const requireArea = (app: FastifyInstance, area: AreaId) => requireEntitlement(app, { area });
