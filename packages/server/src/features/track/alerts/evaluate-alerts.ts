import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { ALERT_RULES } from '@citable/contract';
import type { Db } from '../../../db/client';
import { auditHistory, userActivity, userProfiles } from '../../../db/schema';
import { getAuditHistory, pageCountOf, scoreColumns, type AuditHistoryRow, type StoredAudit } from '../../audits';
import { getOrCreateProfile } from '../../profile';
import { addressVariants, siteScoreCondition } from '../own-audits';
import { profileSites, siteForUrl } from '../site-roles';
import {
  competitorSurgeAlert,
  freshnessAlert,
  industryTrendAlert,
  milestoneAlerts,
  reminderAlert,
  scoreDropAlert,
  subscoreDropAlerts,
  trendAlert,
  type AlertDraft,
  type IndustryStats,
  type ScorePoint,
  type StalePage,
} from './alert-rules';
import { storeAlerts } from './alert-store';

/** Activities that mean the user worked on their content (an audit alone, which monitoring also runs, does not). */
const TOOL_ACTIVITIES = ['tool_used', 'content_optimized', 'content_generated', 'content_analyzed', 'playbook_step_completed'];
const INDUSTRY_WINDOW_DAYS = 30;

type ScoreColumns = Pick<AuditHistoryRow, 'id' | 'overallScore' | 'aiUnderstanding' | 'citationLikelihood' | 'conversationalReadiness' | 'contentStructure' | 'createdAt'>;

export function toScorePoint(row: ScoreColumns): ScorePoint {
  return {
    auditId: row.id,
    overall: row.overallScore,
    subscores: {
      aiUnderstanding: row.aiUnderstanding,
      citationLikelihood: row.citationLikelihood,
      conversationalReadiness: row.conversationalReadiness,
      contentStructure: row.contentStructure,
    },
    createdAt: row.createdAt,
  };
}

/**
 * The audits comparable with this one, oldest first: the same address and the same kind (issue 19:
 * like with like). A one-page audit and a site crawl score different things, and so do two pages
 * of one site, or a competitor listed under another path of the same host.
 */
async function seriesFor(db: Db, userId: string, audit: AuditHistoryRow): Promise<ScorePoint[]> {
  if (audit.websiteOrigin === null || audit.websiteUrl === null) return [toScorePoint(audit)];
  // Score columns only, and the kind from its column: the series never reads the stored audits
  // (audit_data is read only for rows written before the column existed).
  const rows = await db
    .select({ ...scoreColumns, createdAt: auditHistory.createdAt })
    .from(auditHistory)
    .where(
      and(
        eq(auditHistory.userId, userId),
        eq(auditHistory.websiteOrigin, audit.websiteOrigin),
        inArray(auditHistory.websiteUrl, addressVariants(audit.websiteUrl)),
        sql`coalesce(${auditHistory.kind}, ${auditHistory.auditData}->>'kind') = ${audit.auditData.kind}`,
        // A crawl that scored another number of pages measured something else (issue 30).
        audit.auditData.kind === 'site' ? sql`coalesce(${auditHistory.pageCount}, (${auditHistory.auditData}->'result'->>'pageCount')::int) = ${pageCountOf(audit.auditData)}` : undefined,
        sql`${auditHistory.createdAt} <= ${audit.createdAt.toISOString()}`,
      ),
    )
    .orderBy(desc(auditHistory.createdAt))
    .limit(ALERT_RULES.trendWindow);
  return rows.reverse().map(toScorePoint);
}

/** A page's URL and the date it declares (modified, else published), or null when it declares none. */
function declaredDates(stored: StoredAudit): { url: string; date: string | null }[] | null {
  if (stored.kind === 'page') {
    const { url, modifiedAt, publishedAt } = stored.result.page;
    return url === null ? [] : [{ url, date: modifiedAt ?? publishedAt }];
  }
  if (stored.kind !== 'site') return [];
  const pages = stored.result.pages;
  // Site audits saved before issue 30 kept no dates per page.
  if (!pages.every((page) => 'modifiedAt' in page || 'publishedAt' in page)) return null;
  return pages.flatMap((page) => (page.url === null ? [] : [{ url: page.url, date: page.modifiedAt ?? page.publishedAt ?? null }]));
}

/**
 * The audit's pages by the date they declare: `stale`, last modified (or published) over a year
 * before the audit; `futureDated`, dated after the audit, which says nothing of their age (a date
 * to correct, not a page to update). Undated pages are neither. A site audit saved before its pages
 * kept their dates has only the content-freshness check's failing pages, listed as stale.
 */
export function datedPagesOf(stored: StoredAudit, auditedAt: Date): { stale: StalePage[]; futureDated: StalePage[] } {
  const dated = declaredDates(stored);
  if (dated === null) {
    const freshness = stored.kind === 'site' ? stored.result.recommendationsByCheck.find((rec) => rec.checkId === 'content-freshness') : undefined;
    return { stale: (freshness?.pages ?? []).map((url) => ({ url, modifiedAt: null })), futureDated: [] };
  }
  const stale: StalePage[] = [];
  const futureDated: StalePage[] = [];
  for (const { url, date } of dated) {
    const at = date === null ? Number.NaN : Date.parse(date);
    if (!Number.isFinite(at)) continue;
    const age = auditedAt.getTime() - at;
    if (age > ALERT_RULES.staleContentMs) stale.push({ url, modifiedAt: date });
    else if (-age > ALERT_RULES.futureDateMs) futureDated.push({ url, modifiedAt: date });
  }
  return { stale, futureDated };
}

async function lastToolUse(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: userActivity.createdAt })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), inArray(userActivity.activityType, TOOL_ACTIVITIES)))
    .orderBy(desc(userActivity.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * industryStats aggregates every audit of an industry in 30 days, after every audit saved: with
 * thousands of audits it was the costliest statement of an audit submission under load. A 30-day
 * trend does not move in minutes, so each process reuses an industry's figures for 5 minutes.
 * Keyed by database, since tests run several servers in one process.
 */
const INDUSTRY_STATS_TTL_MS = 5 * 60_000;
const industryStatsCache = new WeakMap<Db, Map<string, { at: number; stats: Promise<IndustryStats> }>>();

export function cachedIndustryStats(db: Db, industry: string, now: Date): Promise<IndustryStats> {
  let byIndustry = industryStatsCache.get(db);
  if (!byIndustry) industryStatsCache.set(db, (byIndustry = new Map()));
  const cached = byIndustry.get(industry);
  if (cached && Math.abs(now.getTime() - cached.at) < INDUSTRY_STATS_TTL_MS) return cached.stats;
  const stats = industryStats(db, industry, now);
  byIndustry.set(industry, { at: now.getTime(), stats });
  // A failed read is not kept: the next audit asks again.
  stats.catch(() => byIndustry.delete(industry));
  return stats;
}

/**
 * How the scores of this industry's sites moved over the last 30 days, across this installation.
 * This is the one deliberately cross-user read: it returns only aggregates, never a site or a user.
 */
export async function industryStats(db: Db, industry: string, now: Date): Promise<IndustryStats> {
  const since = new Date(now.getTime() - INDUSTRY_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({
      change: sql<number>`((array_agg(${auditHistory.overallScore} order by ${auditHistory.createdAt} desc))[1] - (array_agg(${auditHistory.overallScore} order by ${auditHistory.createdAt} asc))[1])::int`,
    })
    .from(auditHistory)
    .innerJoin(userProfiles, eq(userProfiles.userId, auditHistory.userId))
    // Site audits only: a site's change is between its crawls, never from a page audit to a crawl (issue 30).
    .where(and(eq(userProfiles.industry, industry), isNotNull(auditHistory.websiteOrigin), gte(auditHistory.createdAt, since), siteScoreCondition))
    .groupBy(auditHistory.websiteOrigin)
    .having(sql`count(*) >= 2`);
  const changes = rows.map((row) => Number(row.change));
  const meanChange = changes.length === 0 ? 0 : changes.reduce((sum, change) => sum + change, 0) / changes.length;
  const agreeing = changes.filter((change) => Math.sign(change) === Math.sign(meanChange) && change !== 0).length;
  return { industry, sites: changes.length, meanChange, agreement: changes.length === 0 ? 0 : (agreeing / changes.length) * 100, windowDays: INDUSTRY_WINDOW_DAYS };
}

/** Every rule that applies to this audit, most important first. */
export async function alertsForAudit(db: Db, userId: string, audit: AuditHistoryRow, now: Date): Promise<AlertDraft[]> {
  const profile = await getOrCreateProfile(db, userId);
  const site = siteForUrl(profileSites(profile), audit.websiteUrl);
  const series = await seriesFor(db, userId, audit);
  const ref = { url: site?.url ?? audit.websiteOrigin ?? audit.websiteUrl ?? 'Pasted content', name: site?.name ?? audit.websiteOrigin ?? 'Your content' };
  const drafts: (AlertDraft | null)[] = [];
  if (site?.role === 'competitor') {
    drafts.push(competitorSurgeAlert(series, ref, profile.plan));
  } else {
    drafts.push(scoreDropAlert(series, ref, profile.plan), ...subscoreDropAlerts(series, ref, profile.plan), trendAlert(series, ref), ...milestoneAlerts(series, ref));
    const { stale, futureDated } = datedPagesOf(audit.auditData, audit.createdAt);
    drafts.push(freshnessAlert(stale, ref, audit.id, futureDated));
  }
  drafts.push(reminderAlert(await lastToolUse(db, userId), new Date(profile.created_at), now));
  if (profile.industry) drafts.push(industryTrendAlert(await cachedIndustryStats(db, profile.industry, now), profile.plan, now));
  return drafts.filter((draft): draft is AlertDraft => draft !== null);
}

/** Runs after an audit is saved: evaluates the rules and stores what is new. Returns how many alerts were added. */
export async function evaluateAlerts(db: Db, userId: string, auditId: string, now = new Date()): Promise<number> {
  const audit = await getAuditHistory(db, userId, auditId);
  if (!audit) return 0;
  return storeAlerts(db, userId, await alertsForAudit(db, userId, audit, now), now);
}
