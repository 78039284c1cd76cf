import type { Profile, ToolId } from '@citable/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { requireTool } from '../billing';
import { getOrCreateProfile } from '../profile';

export interface ToolCaller {
  userId: string;
  /** Read after the gate: the websites and competitors the tool falls back on. */
  profile: Profile;
}

const callers = new WeakMap<FastifyRequest, ToolCaller>();

/**
 * The billing gate of a tool (401 without a session, 403 `{ error, requiredPlan }` below the
 * tool's plan), run before the body is validated, so a caller who may not use the tool learns
 * that whatever they sent.
 */
export function toolGate(app: FastifyInstance, toolId: ToolId): preValidationAsyncHookHandler {
  const entitled = requireTool(app, toolId);
  return async function gate(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await entitled.call(this, request, reply);
    const userId = request.entitlement!.userId;
    callers.set(request, { userId, profile: await getOrCreateProfile(app.db, userId) });
  };
}

/** The caller the gate admitted; the gate runs on every tool route, so it is always there. */
export function toolCaller(request: FastifyRequest): ToolCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('toolCaller() on a route without toolGate()');
  return caller;
}
