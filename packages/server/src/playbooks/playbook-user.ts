import { eq } from 'drizzle-orm';
import { normalizePlan } from '@citable/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userProfiles } from '../db/schema';
import type { PlaybookUser } from './service';

/** The signed-in user with the plan and goals stored now (401 without a session). */
export async function playbookUser(app: FastifyInstance, request: FastifyRequest): Promise<PlaybookUser> {
  const user = await app.requireUser(request);
  const [row] = await app.db.select({ plan: userProfiles.plan, goals: userProfiles.goals }).from(userProfiles).where(eq(userProfiles.userId, user.id));
  return { userId: user.id, plan: normalizePlan(row?.plan), goals: row?.goals ?? [] };
}
