import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Profile } from '@citable/contract';
import type { Db } from '../db/client';
import { preparedOn } from '../db/prepared';
import { auditHistory } from '../db/schema';
import { scoreColumns, type AuditHistoryRow } from '../services/audits/history';
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
  // Prepared (the insights card asks on every page load): competitors are one array parameter.
  const statement = preparedOn(db, 'latest_own_scores', (db, name) =>
    db
      .select(scoreColumns)
      .from(auditHistory)
      .where(
        and(
          eq(auditHistory.userId, sql.placeholder('userId')),
          sql`(${auditHistory.websiteOrigin} is null or not (${auditHistory.websiteOrigin} = any(${sql.placeholder('competitors')}::text[])))`,
        ),
      )
      .orderBy(desc(auditHistory.createdAt))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, competitors: competitorOrigins(profile) });
  return row ?? null;
}

const competitorOrigins = (profile: Pick<Profile, 'websites' | 'competitors'>) =>
  profileSites(profile)
    .filter((site) => site.role === 'competitor')
    .map((site) => site.origin);

function ownAuditsOf(userId: string, profile: Pick<Profile, 'websites' | 'competitors'>): SQL | undefined {
  const competitors = competitorOrigins(profile);
  const notCompetitor =
    competitors.length === 0
      ? undefined
      : sql`(${auditHistory.websiteOrigin} is null or ${auditHistory.websiteOrigin} not in (${sql.join(
          competitors.map((origin) => sql`${origin}`),
          sql`, `,
        )}))`;
  return and(eq(auditHistory.userId, userId), notCompetitor);
}
