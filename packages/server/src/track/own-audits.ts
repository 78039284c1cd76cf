import { and, desc, eq, sql } from 'drizzle-orm';
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
  return db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), notCompetitor))
    .orderBy(desc(auditHistory.createdAt))
    .limit(limit);
}
