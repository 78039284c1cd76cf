import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import { HISTORY_PERIOD_DAYS, sameMeasurement, HISTORY_RULES, type HistoryEntry, type HistoryQuery, type HistoryResponse, type PlanId, type Profile } from '@citable/contract';
import type { Db } from '../../../db/client';
import { auditHistory, auditRuns, monitorRuns } from '../../../db/schema';
import { failingChecksGain, measuredAudit, type StoredAudit, toHistoryItem } from '../../audits';
import { profileSites, siteForUrl } from '../site-roles';
import { historyInsights } from './history-insights';

function since(period: HistoryQuery['period'], now: Date): Date | null {
  return period === 'all' ? null : new Date(now.getTime() - HISTORY_PERIOD_DAYS[period] * 86_400_000);
}

/**
 * The history page: completed audits plus scheduled runs that failed after their retries, in the
 * period, filtered by type and sorted. Subscores are revealed by plan as everywhere else.
 */
export async function listHistory(db: Db, userId: string, profile: Profile, query: HistoryQuery, now = new Date()): Promise<HistoryResponse> {
  const from = since(query.period, now);
  const sites = profileSites(profile);
  const roleOf = (url: string | null) => siteForUrl(sites, url)?.role ?? 'other';

  const completedScope: SQL[] = [eq(auditHistory.userId, userId)];
  if (from) completedScope.push(gte(auditHistory.createdAt, from));
  const completed = await db
    .select({ row: auditHistory, monitored: monitorRuns.runId })
    .from(auditHistory)
    .leftJoin(monitorRuns, and(eq(monitorRuns.runId, auditHistory.id), eq(monitorRuns.userId, userId)))
    .where(and(...completedScope))
    .orderBy(desc(auditHistory.createdAt))
    .limit(HISTORY_RULES.maxEntries);

  const failedScope: SQL[] = [eq(auditRuns.userId, userId), eq(auditRuns.status, 'failed')];
  if (from) failedScope.push(gte(auditRuns.createdAt, from));
  const failed = await db
    .select({ run: auditRuns })
    .from(auditRuns)
    .innerJoin(monitorRuns, and(eq(monitorRuns.runId, auditRuns.id), eq(monitorRuns.userId, userId)))
    .where(and(...failedScope))
    .orderBy(desc(auditRuns.createdAt))
    .limit(HISTORY_RULES.maxEntries);

  const entries: HistoryEntry[] = [
    ...completed.map(({ row, monitored }): HistoryEntry => {
      const item = toHistoryItem(row, profile.plan as PlanId);
      return {
        id: row.id,
        status: 'completed',
        kind: item.kind,
        trigger: monitored ? 'scheduled' : 'manual',
        role: roleOf(row.websiteUrl),
        website_url: row.websiteUrl,
        overall_score: row.overallScore,
        ...(item.subscores ? { subscores: item.subscores } : {}),
        recommendations: item.recommendations,
        page_count: item.page_count,
        created_at: item.created_at,
      };
    }),
    ...failed.map(({ run }): HistoryEntry => ({
      id: run.id,
      status: 'failed',
      kind: run.scope === 'site' ? 'site' : 'page',
      trigger: 'scheduled',
      role: roleOf(run.websiteUrl),
      website_url: run.websiteUrl,
      overall_score: null,
      recommendations: [],
      page_count: 0,
      ...(run.error ? { error: run.error } : {}),
      created_at: run.createdAt.toISOString(),
    })),
  ];

  const filtered = entries.filter((entry) => {
    switch (query.type) {
      case undefined:
        return true;
      case 'site':
        return entry.kind === 'site';
      case 'page':
        return entry.kind !== 'site';
      default:
        return entry.trigger === query.type;
    }
  });
  const direction = query.order === 'asc' ? 1 : -1;
  filtered.sort((a, b) => {
    if (query.sort === 'score') {
      // Failed runs have no score: they sort last either way.
      if (a.overall_score === null || b.overall_score === null) return (a.overall_score === null ? 1 : 0) - (b.overall_score === null ? 1 : 0);
      if (a.overall_score !== b.overall_score) return (a.overall_score - b.overall_score) * direction;
    }
    return a.created_at.localeCompare(b.created_at) * direction;
  });
  // The projection reads the stored audit's points lost (the rows are already read in full).
  const stored = new Map<string, StoredAudit>(completed.map(({ row }) => [row.id, row.auditData]));
  const insights = historyInsights(comparableSeries(filtered, stored), (entry) => failingChecksGain(stored.get(entry.id)));
  return { entries: filtered.slice(0, HISTORY_RULES.maxEntries), insights };
}

/**
 * The newest own audit and every completed own entry that measured what it measured, oldest
 * first, ending with it: like with like (issues 19 and 30, contract sameMeasurement), so a page
 * audit is never compared with a site crawl, nor one page with another, nor crawls of different
 * pages, nor the user's site with a competitor's audit. Ordered by time, not by the list's
 * order (the page may sort the list by score).
 */
export function comparableSeries(entries: readonly HistoryEntry[], stored: ReadonlyMap<string, StoredAudit>): HistoryEntry[] {
  const own = entries.filter((entry) => entry.status === 'completed' && entry.role !== 'competitor' && stored.has(entry.id));
  own.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const latest = own[own.length - 1];
  if (!latest) return [];
  const measured = (entry: HistoryEntry) => measuredAudit({ websiteUrl: entry.website_url, auditData: stored.get(entry.id)! });
  const reference = measured(latest);
  return own.filter((entry) => entry === latest || sameMeasurement(measured(entry), reference));
}
