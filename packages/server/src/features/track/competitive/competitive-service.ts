import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { COMPETITIVE_LIMITS, COMPETITIVE_PERIOD_DAYS, isSiteScore, type CompetitiveData, type CompetitivePeriod, type CompetitiveSite, type Profile } from '@citable/contract';
import { extractEntities } from '@citable/engine';
import type { Db } from '../../../db/client';
import { auditHistory } from '../../../db/schema';
import type { AuditHistoryRow, StoredAudit } from '../../audits';
import { profileSites, siteForUrl, type ProfileSite } from '../site-roles';

const WEEK_MS = 7 * 86_400_000;
const NAMED_ENTITIES_DETAIL = 'Named entities in the text';

/**
 * The entities an audit found. A page audit keeps the entity-clarity check's list of named
 * entities; a site audit keeps one line per check without details, so its pages' titles are read
 * for entities instead. Either way the names come from the site's own text.
 */
export function auditEntities(stored: StoredAudit): string[] {
  if (stored.kind !== 'site') {
    const detail = stored.result.checks.find((check) => check.id === 'entity-clarity')?.details.find((item) => item.label === NAMED_ENTITIES_DETAIL);
    if (!detail?.value || detail.value === 'none') return [];
    return detail.value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  }
  const titles = stored.result.pages.map((page) => page.title ?? '').join('. ');
  return extractEntities(titles)
    .filter((entity) => entity.type !== 'topic' || entity.count > 1)
    .map((entity) => entity.text);
}

function view(site: ProfileSite, latest: AuditHistoryRow | undefined): CompetitiveSite {
  return {
    name: site.name,
    url: site.url,
    role: site.role === 'website' ? 'user' : 'competitor',
    overallScore: latest?.overallScore ?? null,
    subscores: latest
      ? {
          aiUnderstanding: latest.aiUnderstanding,
          citationLikelihood: latest.citationLikelihood,
          conversationalReadiness: latest.conversationalReadiness,
          contentStructure: latest.contentStructure,
        }
      : null,
    lastUpdated: latest?.createdAt.toISOString() ?? null,
  };
}

const mean = (values: number[]) => (values.length === 0 ? null : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length));

/**
 * Competitive Intelligence (spec 002 §2.5, §3) from the user's real audits of their first website
 * and their competitors in the period: the latest scores, the entities each names, and weekly
 * points (at most 20, the newest) of the user's score against the competitors' average.
 *
 * Each audit counts for the site it belongs to under the matching rule (contract/site-match.ts),
 * so a competitor on the user's host under its own path keeps its own name and score. Like with
 * like: only site audits count, the user's and the competitors' (a page audit is one page's score,
 * not a site's); a site with none in the period shows no score.
 */
export async function competitiveData(db: Db, userId: string, profile: Profile, period: CompetitivePeriod, now = new Date()): Promise<CompetitiveData> {
  const sites = profileSites(profile);
  const userSite = sites.find((site) => site.role === 'website');
  const competitors = sites.filter((site) => site.role === 'competitor');
  const empty = { userSite: null, competitors: [], competitorAverage: null, entities: [], trends: [] };
  if (!userSite || competitors.length === 0) return { status: 'no-sites', ...empty };

  const since = new Date(now.getTime() - COMPETITIVE_PERIOD_DAYS[period] * 86_400_000);
  const compared = [userSite, ...competitors];
  const origins = [...new Set(compared.map((site) => site.origin))];
  const candidates = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), inArray(auditHistory.websiteOrigin, origins), gte(auditHistory.createdAt, since)))
    .orderBy(asc(auditHistory.createdAt));
  // Every site's audits, oldest first, of the kind it is compared on.
  const bySite = new Map<ProfileSite, AuditHistoryRow[]>(compared.map((site) => [site, []]));
  for (const row of candidates) {
    const site = siteForUrl(sites, row.websiteUrl);
    if (site) bySite.get(site)?.push(row);
  }
  // Site against site (contract your-score.ts, issue 30): a page audit is never a site's score here.
  for (const [site, rows] of bySite) bySite.set(site, rows.filter((row) => isSiteScore({ kind: row.kind ?? row.auditData.kind })));
  const rows = [...bySite.values()].flat().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const latest = new Map<ProfileSite, AuditHistoryRow>();
  for (const [site, siteRows] of bySite) if (siteRows.length > 0) latest.set(site, siteRows[siteRows.length - 1]);
  const siteOf = new Map<AuditHistoryRow, ProfileSite>();
  for (const [site, siteRows] of bySite) for (const row of siteRows) siteOf.set(row, site);

  const userView = view(userSite, latest.get(userSite));
  const competitorViews = competitors.map((site) => view(site, latest.get(site)));
  if (rows.length === 0) return { status: 'no-audits', ...empty, userSite: userView, competitors: competitorViews };

  const entityCoverage = new Map<string, Record<string, number>>();
  for (const site of compared) {
    const audit = latest.get(site);
    if (!audit) continue;
    for (const name of new Set(auditEntities(audit.auditData))) {
      const key = name.toLowerCase();
      const coverage = entityCoverage.get(key) ?? {};
      coverage[site.url] = 1;
      entityCoverage.set(key, coverage);
    }
  }
  const displayName = new Map<string, string>();
  for (const row of latest.values()) for (const name of auditEntities(row.auditData)) if (!displayName.has(name.toLowerCase())) displayName.set(name.toLowerCase(), name);
  // Entities most sites name first: those are the ones a gap matters for.
  const entities = [...entityCoverage.entries()]
    .sort((a, b) => Object.keys(b[1]).length - Object.keys(a[1]).length || a[0].localeCompare(b[0]))
    .slice(0, COMPETITIVE_LIMITS.entities)
    .map(([key, coverage]) => ({ name: displayName.get(key) ?? key, coverage }));

  const weeks = new Map<number, { user: number[]; competitors: Map<ProfileSite, number[]> }>();
  for (const row of rows) {
    const site = siteOf.get(row)!;
    const week = Math.floor((row.createdAt.getTime() - since.getTime()) / WEEK_MS);
    const bucket = weeks.get(week) ?? { user: [], competitors: new Map<ProfileSite, number[]>() };
    if (site === userSite) bucket.user.push(row.overallScore);
    else bucket.competitors.set(site, [...(bucket.competitors.get(site) ?? []), row.overallScore]);
    weeks.set(week, bucket);
  }
  const trends = [...weeks.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(-COMPETITIVE_LIMITS.trendPoints)
    .map(([week, bucket]) => ({
      date: new Date(since.getTime() + week * WEEK_MS).toISOString().slice(0, 10),
      userScore: mean(bucket.user),
      // Each competitor's weekly mean counts once, however often it was audited that week.
      competitorAverage: mean([...bucket.competitors.values()].flatMap((scores) => mean(scores) ?? [])),
    }));

  const scored = competitorViews.flatMap((site) => (site.overallScore === null ? [] : [site.overallScore]));
  return { status: 'ready', userSite: userView, competitors: competitorViews, competitorAverage: mean(scored), entities, trends };
}
