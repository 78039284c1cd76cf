import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditHistory, userProfiles } from '../../db/schema';

/**
 * The latest overall score of every site audited on this installation by a user whose profile is
 * in `industry`: one score per site (its newest audit, whoever ran it), so a site audited daily
 * does not outweigh the others.
 */
export async function industryScores(db: Db, industry: string): Promise<number[]> {
  const rows = await db
    .selectDistinctOn([auditHistory.websiteOrigin], { score: auditHistory.overallScore })
    .from(auditHistory)
    .innerJoin(userProfiles, eq(userProfiles.userId, auditHistory.userId))
    .where(and(eq(userProfiles.industry, industry), isNotNull(auditHistory.websiteOrigin)))
    .orderBy(auditHistory.websiteOrigin, desc(auditHistory.createdAt));
  return rows.map((row) => row.score);
}
