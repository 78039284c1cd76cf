import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, monitoredSitesSchema, type MonitoredSites } from '@citable/contract';
import type { Db } from '../../../db/client';
import { auditRuns, monitorRuns, monitorSchedules } from '../../../db/schema';
import { profileSites, type ProfileSite } from '../site-roles';

/**
 * Each site's schedule and the outcome of its latest scheduled audit, all of them the owner's own
 * rows: `failure` is that run's message when it failed, null otherwise (no run, still running, or
 * completed).
 */
export async function monitoredSites(db: Db, ownerId: string, sites: ProfileSite[]): Promise<MonitoredSites> {
  if (sites.length === 0) return { sites: [] };
  const urls = sites.map((site) => site.url);
  const schedules = await db
    .select({ url: monitorSchedules.url, lastRunAt: monitorSchedules.lastRunAt, nextRunAt: monitorSchedules.nextRunAt })
    .from(monitorSchedules)
    .where(and(eq(monitorSchedules.userId, ownerId), inArray(monitorSchedules.url, urls)));
  const latest = await db
    .selectDistinctOn([monitorRuns.url], { url: monitorRuns.url, status: auditRuns.status, error: auditRuns.error })
    .from(monitorRuns)
    .innerJoin(auditRuns, and(eq(auditRuns.id, monitorRuns.runId), eq(auditRuns.userId, ownerId)))
    .where(and(eq(monitorRuns.userId, ownerId), inArray(monitorRuns.url, urls)))
    .orderBy(monitorRuns.url, desc(monitorRuns.createdAt));
  const scheduleOf = new Map(schedules.map((row) => [row.url, row]));
  const runOf = new Map(latest.map((row) => [row.url, row]));
  return {
    sites: sites.map((site) => {
      const schedule = scheduleOf.get(site.url);
      const run = runOf.get(site.url);
      return {
        url: site.url,
        role: site.role,
        lastRunAt: schedule?.lastRunAt?.toISOString() ?? null,
        nextRunAt: schedule?.nextRunAt.toISOString() ?? null,
        failure: run?.status === 'failed' ? (run.error ?? null) : null,
      };
    }),
  };
}

/** The overview's site card: how monitoring is going for each website and competitor. */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built from the owner's profile, schedules and runs only, whose writes all reach the read cache's change feed.
  app.get('/api/monitoring/sites', { config: { cachedRead: true }, schema: { response: { 200: monitoredSitesSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const profile = await app.ownerProfile(request);
    return monitoredSites(app.db, owner.ownerId, profileSites(profile));
  });
};
