import { and, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import {
  HISTORY_PERIOD_DAYS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_TEMPLATES,
  reportSectionInPlan,
  SUBSCORE_IDS,
  SUBSCORE_LABELS,
  siteAddress,
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
import { type AuditHistoryRow, pageCountOf, reportCheck } from '../audits';
import { hostOf, scheduledRuns, trackingRun } from '../citations';
import { ownAuditCondition, siteAuditCondition, siteParams, profileSites } from '../track';
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
 * Which audits are a site's is decided as everywhere else (contract/site-match.ts, issue 19): a
 * competitor under another path of the same host keeps its audits, and the website keeps its own,
 * whichever is newer. `website` need not be in the profile: it is matched as one more of the user's.
 */
async function latestFor(db: Db, userId: string, profile: Profile, website: string | null): Promise<AuditHistoryRow | null> {
  const ofSite = website === null ? null : siteAuditCondition(profile, website);
  if (ofSite === null) return null;
  const [row] = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), ofSite))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  return row ?? null;
}

/** The newest of the user's own audits of an address (never a competitor's, never pasted content). */
async function newestOwnAudit(db: Db, userId: string, profile: Profile): Promise<AuditHistoryRow | null> {
  const [row] = await db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.userId, userId), isNotNull(auditHistory.websiteOrigin), ownAuditCondition(siteParams(profileSites(profile)))))
    .orderBy(desc(auditHistory.createdAt))
    .limit(1);
  return row ?? null;
}

/** The site's audits in the period, oldest first, at most the chart's number of points (the newest ones). */
async function historyFor(db: Db, userId: string, ofSite: SQL, since: Date | null): Promise<ScorePoint[]> {
  const scope = and(eq(auditHistory.userId, userId), ofSite, since ? gte(auditHistory.createdAt, since) : undefined);
  const rows = await db.select().from(auditHistory).where(scope).orderBy(desc(auditHistory.createdAt)).limit(REPORT_LIMITS.historyPoints);
  return rows.reverse().map(scorePoint);
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
  const scope = site.auditKind === 'site' ? `a site audit of ${site.pageCount} page${site.pageCount === 1 ? '' : 's'}` : 'a single-page audit';
  const lines = [`${site.name} scored ${latest.overallScore}/100 for AI visibility in ${scope} on ${date}.`];
  const ranked = SUBSCORE_IDS.map((id) => ({ id, value: latest.subscores[id] })).sort((a, b) => a.value - b.value);
  const weakest = ranked[0]!;
  const strongest = ranked[ranked.length - 1]!;
  lines.push(`Weakest area: ${SUBSCORE_LABELS[weakest.id]} (${weakest.value}/100). Strongest: ${SUBSCORE_LABELS[strongest.id]} (${strongest.value}/100).`);
  const count = (priority: keyof typeof PRIORITY_ORDER) => issues.filter((issue) => issue.priority === priority).length;
  lines.push(issues.length === 0 ? 'The latest audit found no failing checks.' : `${issues.length} issue${issues.length === 1 ? '' : 's'} to fix: ${count('High')} high, ${count('Medium')} medium and ${count('Low')} low priority.`);
  if (history.length >= 2) {
    const first = history[0]!;
    const change = latest.overallScore - first.overallScore;
    const movement = change === 0 ? 'held steady at' : change > 0 ? `rose ${change} point${change === 1 ? '' : 's'} to` : `fell ${-change} point${change === -1 ? '' : 's'} to`;
    lines.push(`Over ${history.length} audits since ${first.date.slice(0, 10)}, the overall score ${movement} ${latest.overallScore}.`);
  } else {
    lines.push('Only one audit in this period: audit again after making changes to measure progress.');
  }
  const audited = competitors.filter((competitor) => competitor.latest !== null);
  if (audited.length > 0) {
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
  const latestRow = target === null ? await newestOwnAudit(db, userId, profile) : await latestFor(db, userId, profile, target);
  if (!latestRow || latestRow.websiteOrigin === null) throw new ReportDataError(REPORT_MESSAGES.noAudits);
  const origin = latestRow.websiteOrigin;
  // The site reported on: the one asked for, or without a website the origin of the newest own audit.
  const siteUrl = target ?? origin;
  const ofSite = siteAuditCondition(profile, siteUrl);
  if (ofSite === null) throw new ReportDataError(REPORT_MESSAGES.noAudits);
  const profileEntry = profile.websites.find((site) => sameSite(site.url, siteUrl));
  const since = config.period === 'all' ? null : new Date(now.getTime() - HISTORY_PERIOD_DAYS[config.period] * 86_400_000);
  const history = await historyFor(db, userId, ofSite, since);
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
  const competitorAverage = audited.length === 0 ? null : audited.reduce((sum, competitor) => sum + competitor.latest!.overallScore, 0) / audited.length;
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
