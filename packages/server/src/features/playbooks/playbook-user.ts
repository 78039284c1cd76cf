import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userProfiles } from '../../db/schema';
import type { PlaybookUser } from './service';

/** The acting owner (own account or workspace client) with the scope's plan, the goals and sites stored now (401 without a session). */
export async function playbookUser(app: FastifyInstance, request: FastifyRequest): Promise<PlaybookUser> {
  const owner = await app.requireOwner(request);
  const [row] = await app.db
    .select({ goals: userProfiles.goals, websites: userProfiles.websites, competitors: userProfiles.competitors })
    .from(userProfiles)
    .where(eq(userProfiles.userId, owner.ownerId));
  return { userId: owner.ownerId, plan: owner.plan, goals: row?.goals ?? [], sites: { websites: row?.websites ?? [], competitors: row?.competitors ?? [] } };
}
