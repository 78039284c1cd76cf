import { z } from 'zod';
import { auditKindSchema } from './audits-api';
import { subscoresSchema } from './audit-result';
import type { PlanId } from './plans';
import { httpUrlSchema } from './profile';

/**
 * The Track half of the product: monitoring schedules, the history with its insights, trends,
 * smart alerts, dashboard insights and competitive intelligence (spec 001 §2-§4 and §9, spec 002
 * §2.2, §2.5, §3, §4 and §9). Thresholds live here so the server's rules and the UI's labels agree.
 */

/** Monitoring cadence by plan: daily for pro and agency, weekly otherwise (issue 7). */
export const MONITOR_INTERVAL_MS: Record<PlanId, number> = {
  free: 7 * 86_400_000,
  core: 7 * 86_400_000,
  pro: 86_400_000,
  agency: 86_400_000,
};

/** Spec 001 §9 alert thresholds. */
export const ALERT_RULES = {
  maxAlerts: 15,
  refreshIntervalMs: 600_000,
  scoreDrop: 10,
  scoreDropCritical: 20,
  scoreDropMinAudits: 3,
  subscoreDrop: 15,
  trendWindow: 5,
  trendSlope: 1,
  trendConfidence: 0.7,
  trendStepsAhead: 2,
  trendLowPrediction: 60,
  milestones: [70, 80, 90] as readonly number[],
  competitorSurge: 15,
  reminderAfterMs: 7 * 86_400_000,
  staleContentMs: 365 * 86_400_000,
  /**
   * A declared date later than the audit by more than this is in the future: not fresh, not stale,
   * a date to correct (the content-freshness check allows the same two days for time zones).
   */
  futureDateMs: 2 * 86_400_000,
  industryMinSites: 5,
  industryConfidence: 70,
} as const;

export const ALERT_TYPES = ['anomaly', 'predictive', 'competitor_update', 'industry_trend', 'milestone', 'recommendation', 'score_change', 'citation_change'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * The monitoring state of one website or competitor of the profile (GET /api/monitoring/sites), for
 * the overview's site card: when it was last and will next be audited on schedule, and why the
 * latest scheduled audit failed, if it did (e.g. an address the address policy refuses).
 */
export const monitoredSiteSchema = z.object({
  url: z.string(),
  role: z.enum(['website', 'competitor']),
  /** Null until the monitor has started an audit of the site. */
  lastRunAt: z.string().nullable(),
  /** Null until the monitor has scheduled the site (its next tick). */
  nextRunAt: z.string().nullable(),
  /** The user-facing reason the latest scheduled audit failed; null when it did not (or is still running). */
  failure: z.string().nullable(),
});
export type MonitoredSite = z.infer<typeof monitoredSiteSchema>;
export const monitoredSitesSchema = z.object({ sites: z.array(monitoredSiteSchema) });
export type MonitoredSites = z.infer<typeof monitoredSitesSchema>;

/** Spec 001 §3 Alert. */
export const alertSchema = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  title: z.string(),
  message: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  confidence: z.number().min(0).max(100),
  impact: z.string().nullable(),
  timeframe: z.string().nullable(),
  steps: z.array(z.string()),
  actionUrl: z.string().nullable(),
  actionLabel: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ alerts: z.array(alertSchema), unread: z.number().int().min(0) });
export type AlertList = z.infer<typeof alertListSchema>;

/** Alert confidence colours of the bell panel (spec 001 §2). */
export function confidenceTone(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence >= 90) return 'high';
  if (confidence >= 70) return 'medium';
  return 'low';
}

/** The bell badge: "9+" above 9 (spec 001 §2). */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** Spec 001 §9 history filters and insights. */
export const HISTORY_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export const HISTORY_PERIOD_DAYS: Record<Exclude<HistoryPeriod, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const HISTORY_TYPES = ['site', 'page', 'scheduled', 'manual'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const HISTORY_RULES = {
  positiveChange: 5,
  highlightSpan: 4,
  highlightChange: 10,
  weakSubscore: 70,
  recommendationsShown: 3,
  /** The history lists at most this many entries, whatever the period. */
  maxEntries: 100,
} as const;

export const historyQuerySchema = z.strictObject({
  period: z.enum(HISTORY_PERIODS).default('30d'),
  type: z.enum(HISTORY_TYPES).optional(),
  sort: z.enum(['date', 'score']).default('date'),
  order: z.enum(['desc', 'asc']).default('desc'),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** A history entry: a completed audit, or a scheduled run that failed after its retries. */
export const historyEntrySchema = z.object({
  id: z.string(),
  status: z.enum(['completed', 'failed']),
  kind: auditKindSchema,
  trigger: z.enum(['scheduled', 'manual']),
  /** Whose site it is: one of the user's websites, a competitor, or neither (an ad-hoc page). */
  role: z.enum(['website', 'competitor', 'other']),
  website_url: z.string().nullable(),
  overall_score: z.number().nullable(),
  subscores: subscoresSchema.optional(),
  recommendations: z.array(z.string()),
  page_count: z.number().int().min(0),
  error: z.string().optional(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyInsightSchema = z.object({
  id: z.string(),
  tone: z.enum(['positive', 'negative', 'neutral', 'highlight']),
  title: z.string(),
  message: z.string(),
  /** A dashboard section that acts on it (a tool id). */
  section: z.string().optional(),
});
export type HistoryInsight = z.infer<typeof historyInsightSchema>;

export const historyResponseSchema = z.object({
  entries: z.array(historyEntrySchema),
  insights: z.array(historyInsightSchema),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** Spec 002 §3 history score series point; subscores are null where the plan does not reveal them. */
export const seriesPointSchema = z.object({
  date: z.string(),
  overallScore: z.number(),
  aiUnderstanding: z.number().nullable(),
  citationLikelihood: z.number().nullable(),
  conversationalReadiness: z.number().nullable(),
  contentStructure: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const TREND_METRICS = ['overallScore', 'aiUnderstanding', 'citationLikelihood', 'conversationalReadiness', 'contentStructure'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];
export const TREND_METRIC_LABELS: Record<TrendMetric, string> = {
  overallScore: 'Overall',
  aiUnderstanding: 'AI Understanding',
  citationLikelihood: 'Citation',
  conversationalReadiness: 'Conversational',
  contentStructure: 'Structure',
};
/** Spec 002 §5, §9 chart constants. */
export const TREND_CHART = { ticks: [0, 25, 50, 75, 100] as readonly number[], padding: 10, minPoints: 3 } as const;

export const trendsQuerySchema = z.strictObject({
  period: z.enum(HISTORY_PERIODS).default('all'),
  /** Comma-separated website URLs; more than one, or any besides the first website, needs trends-compare. */
  websites: z.string().max(4000).optional(),
});
export const trendSeriesSchema = z.object({ name: z.string(), url: z.string(), points: z.array(seriesPointSchema) });
export type TrendSeries = z.infer<typeof trendSeriesSchema>;
export const trendsResponseSchema = z.object({ series: z.array(trendSeriesSchema) });
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;

/** The chart's y range: the data's range padded by 10 points, clipped to 0-100 (spec 002 §5). */
export function chartDomain(values: number[]): [number, number] {
  if (values.length === 0) return [0, 100];
  const low = Math.max(0, Math.min(...values) - TREND_CHART.padding);
  const high = Math.min(100, Math.max(...values) + TREND_CHART.padding);
  return [Math.floor(low), Math.ceil(high)];
}

/** The textual trend of spec 002 §9: points gained or lost from the first to the last point, or stable. */
export function trendSummary(values: number[]): { direction: 'up' | 'down' | 'stable'; points: number } | null {
  if (values.length < TREND_CHART.minPoints) return null;
  const points = Math.round(values[values.length - 1] - values[0]);
  return { direction: points > 0 ? 'up' : points < 0 ? 'down' : 'stable', points: Math.abs(points) };
}

/** Spec 002 §3 Insight and §9 thresholds. */
export const INSIGHT_RULES = {
  max: 3,
  throttleMs: 60_000,
  urgentBelow: 60,
  opportunityBelow: 75,
  weakSubscoreBelow: 70,
  highPerformerAt: 85,
  upgradeAfterAudits: 2,
  inactiveAfterMs: 7 * 86_400_000,
  refreshAfterToolMs: 1000,
  refreshAfterSettingsMs: 500,
} as const;
export const insightSchema = z.object({
  id: z.string(),
  type: z.enum(['urgent', 'opportunity', 'suggestion']),
  title: z.string(),
  description: z.string(),
  action: z.string(),
  /** A dashboard section id the action switches to. */
  actionUrl: z.string(),
  contextualTip: z.string().optional(),
  learnMoreLink: z.string().optional(),
});
export type Insight = z.infer<typeof insightSchema>;
export const insightListSchema = z.object({ insights: z.array(insightSchema), generatedAt: z.string() });
/** `GET /api/insights?website=`: the insights of the website selected on the overview (its own latest audit); all own audits without it. */
export const insightsQuerySchema = z.strictObject({ website: httpUrlSchema.optional() });
export type InsightList = z.infer<typeof insightListSchema>;

/** Spec 002 §3 competitive data, from real audits only. */
export const COMPETITIVE_PERIODS = ['30d', '90d', '1y'] as const;
export type CompetitivePeriod = (typeof COMPETITIVE_PERIODS)[number];
export const COMPETITIVE_PERIOD_DAYS: Record<CompetitivePeriod, number> = { '30d': 30, '90d': 90, '1y': 365 };
export const COMPETITIVE_LIMITS = { entities: 15, trendPoints: 20 } as const;

export const competitiveSiteSchema = z.object({
  name: z.string(),
  url: z.string(),
  role: z.enum(['user', 'competitor']),
  /** Null until the site has an audit. */
  overallScore: z.number().nullable(),
  subscores: subscoresSchema.nullable(),
  lastUpdated: z.string().nullable(),
});
export type CompetitiveSite = z.infer<typeof competitiveSiteSchema>;
export const competitiveDataSchema = z.object({
  status: z.enum(['ready', 'no-sites', 'no-audits']),
  userSite: competitiveSiteSchema.nullable(),
  competitors: z.array(competitiveSiteSchema),
  /** Mean of the competitors' latest scores; null without any. */
  competitorAverage: z.number().nullable(),
  /** Entities named on the audited pages and which sites name them. */
  entities: z.array(z.object({ name: z.string(), coverage: z.record(z.string(), z.number()) })),
  trends: z.array(z.object({ date: z.string(), userScore: z.number().nullable(), competitorAverage: z.number().nullable() })),
});
export type CompetitiveData = z.infer<typeof competitiveDataSchema>;
export const competitiveQuerySchema = z.strictObject({ period: z.enum(COMPETITIVE_PERIODS).default('30d') });

/**
 * What Competitive Insights and the overview say about an audit in flight (issue 19): one audit
 * runs at a time per account, so a second start answers 409 and the page names the one running.
 */
export const AUDIT_RUN_MESSAGES = {
  alreadyRunning: (site: string) => `An audit of ${site} is already running; this one can start when it ends.`,
  running: (site: string) => `Auditing ${site}...`,
  progress: (site: string, done: number, total: number | undefined) => `Auditing ${site}: ${done} of ${total ?? '?'} pages`,
  finished: (site: string, score: number) => `The audit of ${site} finished with a score of ${score}.`,
  failed: (site: string, reason: string | undefined) => `The audit of ${site} failed${reason ? `: ${reason}` : '.'}`,
  /** The overview when the selected website has no audit yet. */
  noAuditYet: (site: string) => `${site} has no audit yet`,
} as const;

/** Export toasts and file names (spec 002 §8, §9). */
export const EXPORT_MESSAGES = {
  success: { title: 'Export Successful', message: 'Your performance history has been exported to CSV', duration: 3000 },
  failure: { title: 'Export Failed', message: 'There was a problem exporting your data', duration: 4000 },
  revokeAfterMs: 100,
} as const;
export const historyExportFileName = (date: Date) => `performance_history_${date.toISOString().slice(0, 10)}.csv`;

/** The tool that works on each subscore: what a weak subscore suggests (spec 001 §9) and what its alerts open. */
export const SUBSCORE_TOOL = {
  aiUnderstanding: 'summaries',
  citationLikelihood: 'optimizer',
  conversationalReadiness: 'voice',
  contentStructure: 'schema',
} as const;
