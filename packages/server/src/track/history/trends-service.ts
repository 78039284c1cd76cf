import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { canUseArea, HISTORY_PERIOD_DAYS, HISTORY_RULES, type HistoryPeriod, type Profile, type TrendSeries } from '@citable/contract';
import type { Db } from '../../db/client';
import { auditHistory } from '../../db/schema';
import { originOf } from '../../services/audits/history';
import { profileSites } from '../site-roles';

/**
 * Score series for the Trends view, one per requested site (the first website by default). A
 * series keeps the kind of the site's newest audit, so page and site audits are not joined in one line.
 */
export async function trendSeries(db: Db, userId: string, profile: Profile, urls: string[], period: HistoryPeriod, now = new Date()): Promise<TrendSeries[]> {
  const sites = profileSites(profile);
  const wanted = urls.length > 0 ? urls : sites.filter((site) => site.role === 'website').slice(0, 1).map((site) => site.url);
  // Subscores are revealed by plan here as in the audit history.
  const reveal = canUseArea(profile.plan, 'subscores');
  const series: TrendSeries[] = [];
  for (const url of wanted) {
    const origin = originOf(url);
    if (origin === null) continue;
    const scope: SQL[] = [eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, origin)];
    if (period !== 'all') scope.push(gte(auditHistory.createdAt, new Date(now.getTime() - HISTORY_PERIOD_DAYS[period] * 86_400_000)));
    const rows = await db
      .select()
      .from(auditHistory)
      .where(and(...scope))
      .orderBy(asc(auditHistory.createdAt))
      .limit(HISTORY_RULES.maxEntries * 5);
    const kind = rows[rows.length - 1]?.auditData.kind;
    const site = sites.find((candidate) => candidate.origin === origin);
    series.push({
      name: site?.name ?? origin,
      url: site?.url ?? url,
      points: rows
        .filter((row) => row.auditData.kind === kind)
        .slice(-HISTORY_RULES.maxEntries)
        .map((row) => ({
          date: row.createdAt.toISOString(),
          overallScore: row.overallScore,
          aiUnderstanding: reveal ? row.aiUnderstanding : null,
          citationLikelihood: reveal ? row.citationLikelihood : null,
          conversationalReadiness: reveal ? row.conversationalReadiness : null,
          contentStructure: reveal ? row.contentStructure : null,
        })),
    });
  }
  return series;
}
