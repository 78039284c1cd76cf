import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Profile } from '@citable/contract';
import type { Db } from '../db/client';
import { auditHistory } from '../db/schema';
import type { AuditHistoryRow } from '../services/audits/history';
import { profileSites } from './site-roles';

/**
 * The user's own audits, newest first: everything but the audits of their competitors, whose
 * scores must not pass for theirs in insights and goals.
 */
export async function ownAudits(db: Db, userId: string, profile: Pick<Profile, 'websites' | 'competitors'>, limit: number): Promise<AuditHistoryRow[]> {
  return db.select().from(auditHistory).where(ownAuditsOf(userId, profile)).orderBy(desc(auditHistory.createdAt)).limit(limit);
}

/** The newest own audit's scores only: what the insights need, without reading the stored audit. */
export async function latestOwnScores(db: Db, userId: string, profile: Pick<Profile, 'websites' | 'competitors'>) {
  const [row] = await db
    .select({
      id: auditHistory.id,
      overallScore: auditHistory.overallScore,
      aiUnderstanding: auditHistory.aiUnderstanding,
      citationLikelihood: auditHistory.citationLikelihood,
      conversationalReadiness: auditHistory.conversationalReadiness,
      contentStructure: auditHistory.contentStructure,
    })
    .from(auditHistory)
    .where(ownAuditsOf(userId, profile))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  return row ?? null;
}

function ownAuditsOf(userId: string, profile: Pick<Profile, 'websites' | 'competitors'>): SQL | undefined {
  const competitorOrigins = profileSites(profile)
    .filter((site) => site.role === 'competitor')
    .map((site) => site.origin);
  const notCompetitor =
    competitorOrigins.length === 0
      ? undefined
      : sql`(${auditHistory.websiteOrigin} is null or ${auditHistory.websiteOrigin} not in (${sql.join(
          competitorOrigins.map((origin) => sql`${origin}`),
          sql`, `,
        )}))`;
  return and(eq(auditHistory.userId, userId), notCompetitor);
}
