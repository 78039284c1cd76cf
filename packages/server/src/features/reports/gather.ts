import { and, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import {
  HISTORY_PERIOD_DAYS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_TEMPLATES,
  reportSectionInPlan,
  SUBSCORE_IDS,
  SUBSCORE_LABELS,
  sameMeasurement,
  siteAddress,
  YOUR_SCORE_MESSAGES,
  type PlanId,
  type Profile,
  type ReportDocument,
  type ReportFormat,
  type ReportSection,
  type ReportSiteScores,
  type ReportTemplateId,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { auditHistory } from '../../db/schema';
import { type AuditHistoryRow, measuredAudit, pageCountOf, reportCheck } from '../audits';
import { hostOf, scheduledRuns, trackingRun } from '../citations';
import { ownAuditCondition, siteAuditCondition, siteParams, profileSites, siteScoreCondition } from '../track';
import { resolveBranding } from './branding';
import { computeRoi } from './roi';
import type { StoredReportConfig } from './stored-config';

export class ReportDataError extends Error {}

export interface ReportRequest {
  id: string;
  userId: string;
  plan: PlanId;
  profile: Profile;
  name: string;
  template: ReportTemplateId;
  format: ReportFormat;
  config: StoredReportConfig;
  now: Date;
}

type ScorePoint = NonNullable<ReportSiteScores['latest']>;


function scorePoint(row: AuditHistoryRow): ScorePoint {
  return {
    date: row.createdAt.toISOString(),
    overallScore: row.overallScore,
    subscores: { aiUnderstanding: row.aiUnderstanding, citationLikelihood: row.citationLikelihood, conversationalReadiness: row.conversationalReadiness, contentStructure: row.contentStructure },
  };
}

/**
 * A site's score: its newest site audit (contract your-score.ts, issue 30), or with `anyKind` its
 * newest audit of any kind (the report's fallback to a page audit, reported as one). Which audits
 * are a site's is decided as everywhere else (contract/site-match.ts, issue 19): a competitor under
 * another path of the same host keeps its audits. `website` need not be in the profile: it is
 * matched as one more of the user's.
 */
async function latestFor(db: Db, userId: string, profile: Profile, website: string | null, anyKind = false): Promise<AuditHistoryRow | null> {
  const ofSite = website === null ? null : siteAuditCondition(profile, website);
  if (ofSite === null) return null;
  const [row] = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), ofSite, anyKind ? undefined : siteScoreCondition))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  return row ?? null;
}

/** The newest of the user's own audits of an address (never a competitor's, never pasted content): a site audit first. */
async function newestOwnAudit(db: Db, userId: string, profile: Profile): Promise<AuditHistoryRow | null> {
  const newest = async (kind: SQL | undefined) => {
    const [row] = await db
      .select()
      .from(auditHistory)
      .where(and(eq(auditHistory.userId, userId), isNotNull(auditHistory.websiteOrigin), ownAuditCondition(siteParams(profileSites(profile))), kind))
      .orderBy(desc(auditHistory.createdAt))
      .limit(1);
    return row ?? null;
  };
  return (await newest(siteScoreCondition)) ?? (await newest(undefined));
}

/**
 * The audits in the period that measured what `reported` measured (same kind, address and page
 * set; issue 30), oldest first, ending with it, at most the chart's number of points. Any score
 * change the report states is between these, never between a page audit and a site crawl.
 */
async function historyFor(db: Db, userId: string, ofSite: SQL, since: Date | null, reported: AuditHistoryRow): Promise<ScorePoint[]> {
  const scope = and(eq(auditHistory.userId, userId), ofSite, since ? gte(auditHistory.createdAt, since) : undefined);
  // Bounded: a report reads a period's audits once, and most of them are skipped as not comparable.
  const rows = await db.select().from(auditHistory).where(scope).orderBy(desc(auditHistory.createdAt)).limit(REPORT_LIMITS.historyPoints * 10);
  const reference = measuredAudit(reported);
  const comparable = rows.filter((row) => row.createdAt <= reported.createdAt && (row.id === reported.id || sameMeasurement(measuredAudit(row), reference)));
  if (!comparable.some((row) => row.id === reported.id)) comparable.unshift(reported);
  return comparable.slice(0, REPORT_LIMITS.historyPoints).reverse().map(scorePoint);
}

async function sitesScores(db: Db, userId: string, profile: Profile, sites: Profile['websites']): Promise<ReportSiteScores[]> {
  const out: ReportSiteScores[] = [];
  for (const site of sites.slice(0, REPORT_LIMITS.sites)) {
    const row = await latestFor(db, userId, profile, site.url);
    out.push({ name: site.name, url: site.url, latest: row ? scorePoint(row) : null });
  }
  return out;
}

/** Whether two addresses name the same site: the same origin and path. */
function sameSite(a: string, b: string): boolean {
  const left = siteAddress(a);
  const right = siteAddress(b);
  return left !== null && right !== null && left.origin === right.origin && left.path === right.path;
}

function checksOf(row: AuditHistoryRow): ReportDocument['checks'] {
  const stored = row.auditData;
  const checks = stored.kind === 'site' ? stored.checks : stored.result.checks.map(reportCheck);
  return checks
    .map((check) => ({ id: check.id, title: check.title, subscore: SUBSCORE_LABELS[check.subscore], score: check.score, passed: check.passed, pointsLost: check.pointsLost, explanation: check.explanation }))
    .sort((a, b) => b.pointsLost - a.pointsLost);
}

const PRIORITY_ORDER = { High: 0, Medium: 1, Low: 2 } as const;

function summaryLines(site: ReportDocument['site'], issues: ReportDocument['issues'], history: ScorePoint[], competitors: ReportSiteScores[], citations: ReportDocument['citations']): string[] {
  const latest = site.latest!;
  const date = new Date(site.auditedAt).toISOString().slice(0, 10);
  const isSite = site.auditKind === 'site';
  const pages = `${site.pageCount} page${site.pageCount === 1 ? '' : 's'}`;
  // A page audit is reported as one page's score, with its address, never as the site's (issue 30).
  const lines = [
    isSite
      ? `${site.name} scored ${latest.overallScore}/100 for AI visibility in a site audit of ${pages} on ${date}.`
      : `${site.name} has no site audit yet. The page ${site.url} scored ${latest.overallScore}/100 for AI visibility in a single-page audit on ${date}; that is one page's score, not the site's.`,
  ];
  const ranked = SUBSCORE_IDS.map((id) => ({ id, value: latest.subscores[id] })).sort((a, b) => a.value - b.value);
  const weakest = ranked[0]!;
  const strongest = ranked[ranked.length - 1]!;
  lines.push(`Weakest area: ${SUBSCORE_LABELS[weakest.id]} (${weakest.value}/100). Strongest: ${SUBSCORE_LABELS[strongest.id]} (${strongest.value}/100).`);
  const count = (priority: keyof typeof PRIORITY_ORDER) => issues.filter((issue) => issue.priority === priority).length;
  lines.push(issues.length === 0 ? 'The latest audit found no failing checks.' : `${issues.length} issue${issues.length === 1 ? '' : 's'} to fix: ${count('High')} high, ${count('Medium')} medium and ${count('Low')} low priority.`);
  // `history` holds only audits that measured what this one did (historyFor): the change is like with like.
  if (history.length >= 2) {
    const first = history[0]!;
    const change = latest.overallScore - first.overallScore;
    const movement = change === 0 ? 'held steady at' : change > 0 ? `rose ${change} point${change === 1 ? '' : 's'} to` : `fell ${-change} point${change === -1 ? '' : 's'} to`;
    const kind = isSite ? `site audits of the same ${pages}` : `audits of this page`;
    lines.push(`Over ${history.length} ${kind} since ${first.date.slice(0, 10)}, the overall score ${movement} ${latest.overallScore}.`);
  } else {
    lines.push(`No change to report: ${YOUR_SCORE_MESSAGES.nothingToCompare}`);
  }
  // Competitors' scores are their site audits (sitesScores): only a site is ranked against them.
  const audited = competitors.filter((competitor) => competitor.latest !== null);
  if (audited.length > 0 && !isSite) {
    lines.push('No competitor ranking: competitors are compared site audit against site audit, and this site has no site audit yet.');
  } else if (audited.length > 0) {
    const ahead = audited.filter((competitor) => latest.overallScore > competitor.latest!.overallScore).length;
    lines.push(`Ahead of ${ahead} of ${audited.length} audited competitor${audited.length === 1 ? '' : 's'}.`);
  }
  const run = citations?.runs[0];
  const answered = run?.engines.filter((engine) => engine.samples > 0) ?? [];
  if (run && answered.length > 0) {
    const samples = answered.reduce((sum, engine) => sum + engine.samples, 0);
    const mentions = answered.reduce((sum, engine) => sum + engine.mentions, 0);
    lines.push(`Answer engines mentioned ${site.name} in ${mentions} of ${samples} answers (${Math.round((mentions / samples) * 100)}%) to the tracked prompts on ${run.created_at.slice(0, 10)}.`);
  }
  return lines;
}

/** The sections this report holds: the template's, less the ones the options turn off or the plan does not carry. */
function sectionsFor(template: ReportTemplateId, config: StoredReportConfig, plan: PlanId): ReportSection[] {
  return REPORT_TEMPLATES[template].sections.filter((section) => {
    if (!reportSectionInPlan(section, plan)) return false;
    if (section === 'recommendations') return config.includeRecommendations;
    if (section === 'history') return config.includeHistory;
    if (section === 'roi') return config.includeROI;
    // The competitive template is about competitors; elsewhere benchmarks are the pro option.
    if (section === 'competitors') return template === 'competitive-intelligence' || config.includeCompetitorBenchmarks;
    return true;
  });
}

/**
 * The website's scheduled Citation Tracker runs (issue 21), newest first: only runs of its tracked
 * prompts on their schedule, never a one-off run from the tool, so every run asks the same prompts.
 */
async function citationsFor(db: Db, userId: string, siteUrl: string): Promise<NonNullable<ReportDocument['citations']>> {
  const domain = hostOf(siteUrl);
  if (domain === null) return { domain: new URL(siteUrl).hostname, runs: [] };
  const runs = await scheduledRuns(db, userId, domain, REPORT_LIMITS.citationRuns);
  return { domain, runs: runs.map(trackingRun) };
}

/**
 * Gathers the report's real data: the site's latest audit (issues, checks, recommendations), its
 * history in the period, the latest audit of each website and competitor, the ROI computed
 * from those and the user's inputs, and the website's tracked-prompt runs on the answer engines.
 */
export async function gatherReport(db: Db, request: ReportRequest): Promise<ReportDocument> {
  const { userId, profile, config, template, now } = request;
  const target = config.website ?? profile.websites[0]?.url ?? null;
  // The site's score is its latest site audit; with none, its latest page audit is reported as a page audit.
  const latestRow = target === null ? await newestOwnAudit(db, userId, profile) : ((await latestFor(db, userId, profile, target)) ?? (await latestFor(db, userId, profile, target, true)));
  if (!latestRow || latestRow.websiteOrigin === null) throw new ReportDataError(REPORT_MESSAGES.noAudits);
  const origin = latestRow.websiteOrigin;
  // The site reported on: the one asked for, or without a website the origin of the newest own audit.
  const siteUrl = target ?? origin;
  const ofSite = siteAuditCondition(profile, siteUrl);
  if (ofSite === null) throw new ReportDataError(REPORT_MESSAGES.noAudits);
  const profileEntry = profile.websites.find((site) => sameSite(site.url, siteUrl));
  const since = config.period === 'all' ? null : new Date(now.getTime() - HISTORY_PERIOD_DAYS[config.period] * 86_400_000);
  const history = await historyFor(db, userId, ofSite, since, latestRow);
  const sections = sectionsFor(template, config, request.plan);
  const competitors = sections.includes('competitors') || sections.includes('roi') ? await sitesScores(db, userId, profile, profile.competitors) : [];
  const site: ReportDocument['site'] = {
    name: profileEntry?.name || new URL(origin).host,
    url: latestRow.websiteUrl ?? origin,
    latest: scorePoint(latestRow),
    auditedAt: latestRow.createdAt.toISOString(),
    pageCount: pageCountOf(latestRow.auditData),
    auditKind: latestRow.auditData.kind,
  };
  const issues = latestRow.issues
    .map((issue) => ({ title: issue.title, priority: issue.priority, category: issue.category, suggestion: issue.suggestion, checkId: issue.checkId }))
    .sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority]);
  const audited = competitors.filter((competitor) => competitor.latest !== null);
  // Site against site: a page audit is never set against competitors' crawls, in the ROI either.
  const competitorAverage = audited.length === 0 || latestRow.auditData.kind !== 'site' ? null : audited.reduce((sum, competitor) => sum + competitor.latest!.overallScore, 0) / audited.length;
  const roi = sections.includes('roi') && config.roiInputs ? computeRoi(history, config.roiInputs, request.plan, competitorAverage) : null;
  const citations = sections.includes('citations') ? await citationsFor(db, userId, siteUrl) : null;
  return {
    report: {
      id: request.id,
      name: request.name,
      template,
      templateName: REPORT_TEMPLATES[template].name,
      format: request.format,
      generatedAt: now.toISOString(),
      period: config.period,
      sections,
      charts: config.includeCharts,
    },
    branding: await resolveBranding(db, userId, config.brandingOptions),
    site,
    summary: summaryLines(site, issues, history, competitors, citations),
    issues,
    checks: sections.includes('checks') ? checksOf(latestRow) : [],
    recommendations: sections.includes('recommendations') ? latestRow.recommendations : [],
    history: sections.includes('history') ? history : [],
    websites: await sitesScores(db, userId, profile, profile.websites),
    competitors: sections.includes('competitors') ? competitors : [],
    roi,
    citations,
  };
}
