import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { canUseArea, sameMeasurement, siteAddress, siteScoreAudit, HISTORY_PERIOD_DAYS, HISTORY_RULES, type HistoryPeriod, type Profile, type TrendSeries } from '@citable/contract';
import type { Db } from '../../../db/client';
import { auditHistory } from '../../../db/schema';
import { measuredAudit } from '../../audits';
import { profileSites, siteForUrl } from '../site-roles';

/**
 * Score series for the Trends view, one per requested site (the first website by default). A
 * series holds the audits that belong to that site (a competitor under another path of the same
 * host is not it) and keeps what the site's score measured (its newest site audit, or its newest
 * audit while it has none: kind, address and page set), so a line never joins page and site
 * audits, nor two pages, nor crawls of other pages (issues 19 and 30: like with like).
 */
export async function trendSeries(db: Db, userId: string, profile: Profile, urls: string[], period: HistoryPeriod, now = new Date()): Promise<TrendSeries[]> {
  const sites = profileSites(profile);
  const wanted = urls.length > 0 ? urls : sites.filter((site) => site.role === 'website').slice(0, 1).map((site) => site.url);
  // Subscores are revealed by plan here as in the audit history.
  const reveal = canUseArea(profile.plan, 'subscores');
  const series: TrendSeries[] = [];
  for (const url of wanted) {
    const address = siteAddress(url);
    if (address === null) continue;
    const key = `${address.origin}${address.path}`;
    const listed = sites.find((candidate) => `${candidate.origin}${candidate.path}` === key);
    // A site missing from the profile is matched as one more of the user's.
    const target = listed ?? { name: address.origin, url, ...address, role: 'website' as const };
    const candidates = listed ? sites : [...sites, target];
    const scope: SQL[] = [eq(auditHistory.userId, userId), eq(auditHistory.websiteOrigin, address.origin)];
    if (period !== 'all') scope.push(gte(auditHistory.createdAt, new Date(now.getTime() - HISTORY_PERIOD_DAYS[period] * 86_400_000)));
    const rows = (
      await db
        .select()
        .from(auditHistory)
        .where(and(...scope))
        .orderBy(asc(auditHistory.createdAt))
        .limit(HISTORY_RULES.maxEntries * 5)
    ).filter((row) => siteForUrl(candidates, row.websiteUrl) === target);
    const newestFirst = [...rows].reverse();
    const newest = siteScoreAudit(newestFirst.map((row) => ({ kind: row.auditData.kind, row })))?.row ?? newestFirst[0];
    const reference = newest ? measuredAudit(newest) : null;
    series.push({
      name: target.name,
      url: target.url,
      points: rows
        .filter((row) => reference !== null && row.createdAt <= newest!.createdAt && sameMeasurement(measuredAudit(row), reference))
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
