import { ALERT_RULES, planAtLeast, revealsSubscores, SUBSCORE_IDS, SUBSCORE_LABELS, SUBSCORE_TOOL, TOOLS, type AlertSeverity, type AlertType, type PlanId, type Subscores } from '@citable/contract';
import { linearFit, predict, type LinearFit } from './linear-fit';

/**
 * The smart alert rules of spec 001 §9, as pure functions of measured data: every alert names
 * the audits it was computed from, and none is drawn at random. Each draft carries a dedupe key,
 * unique per user, so a rule evaluated again after the next audit does not repeat itself.
 */

export interface ScorePoint {
  auditId: string;
  overall: number;
  subscores: Subscores;
  createdAt: Date;
}

export interface AlertDraft {
  key: string;
  type: AlertType;
  title: string;
  message: string;
  severity: AlertSeverity;
  /** 0-100. Measured facts (a drop, a milestone) are certain; predictions carry the fit's R². */
  confidence: number;
  impact: string | null;
  timeframe: string | null;
  steps: string[];
  /** A dashboard section the action opens. */
  actionUrl: string | null;
  actionLabel: string | null;
  data: Record<string, unknown>;
}

export interface SiteRef {
  url: string;
  name: string;
}

const draft = (fields: Omit<AlertDraft, 'impact' | 'timeframe' | 'steps' | 'actionUrl' | 'actionLabel'> & Partial<AlertDraft>): AlertDraft => ({
  impact: null,
  timeframe: null,
  steps: [],
  actionUrl: null,
  actionLabel: null,
  ...fields,
});

const lastTwo = (series: readonly ScorePoint[]) => (series.length >= 2 ? [series[series.length - 2], series[series.length - 1]] : null);

/** The latest audit scored at least 10 below the previous one; needs 3 audits so a first re-audit's noise is not an alarm. */
export function scoreDropAlert(series: readonly ScorePoint[], site: SiteRef, plan: PlanId): AlertDraft | null {
  const pair = lastTwo(series);
  if (!pair || series.length < ALERT_RULES.scoreDropMinAudits) return null;
  const [previous, latest] = pair;
  const drop = previous.overall - latest.overall;
  if (drop < ALERT_RULES.scoreDrop) return null;
  // Pro and agency get the anomaly label (spec 001 §6); the measurement is the same.
  const anomaly = planAtLeast(plan, 'pro');
  return draft({
    key: `score-drop:${latest.auditId}`,
    type: anomaly ? 'anomaly' : 'score_change',
    title: anomaly ? `Anomaly: ${site.name} dropped ${drop} points` : `${site.name} dropped ${drop} points`,
    message: `The AI Visibility Score of ${site.url} fell from ${previous.overall} to ${latest.overall} since the previous audit.`,
    severity: drop >= ALERT_RULES.scoreDropCritical ? 'critical' : 'high',
    confidence: 100,
    impact: 'Answer engines may cite your pages less often.',
    timeframe: 'Since the previous audit',
    steps: ['Open the audit and compare its recommendations with the previous one.', 'Fix the checks that newly fail.', 'Run the audit again.'],
    actionUrl: 'history',
    actionLabel: 'View history',
    data: { auditId: latest.auditId, previousAuditId: previous.auditId, previous: previous.overall, current: latest.overall, drop, url: site.url },
  });
}

/**
 * Each subscore that fell by 15 or more since the previous audit; none for a plan that does not
 * reveal subscores (the alert names the subscore and its values, and reaches digests and e-mails).
 */
export function subscoreDropAlerts(series: readonly ScorePoint[], site: SiteRef, plan: PlanId): AlertDraft[] {
  if (!revealsSubscores(plan)) return [];
  const pair = lastTwo(series);
  if (!pair) return [];
  const [previous, latest] = pair;
  return SUBSCORE_IDS.flatMap((id) => {
    const drop = previous.subscores[id] - latest.subscores[id];
    if (drop < ALERT_RULES.subscoreDrop) return [];
    const tool = SUBSCORE_TOOL[id];
    return [
      draft({
        key: `subscore-drop:${latest.auditId}:${id}`,
        type: 'score_change',
        title: `${SUBSCORE_LABELS[id]} dropped ${drop} points`,
        message: `${SUBSCORE_LABELS[id]} of ${site.url} fell from ${previous.subscores[id]} to ${latest.subscores[id]} since the previous audit.`,
        severity: 'high',
        confidence: 100,
        timeframe: 'Since the previous audit',
        steps: [`Run the ${TOOLS[tool].name} on the affected pages.`],
        actionUrl: tool,
        actionLabel: `Open ${TOOLS[tool].name}`,
        data: { auditId: latest.auditId, subscore: id, previous: previous.subscores[id], current: latest.subscores[id], drop, url: site.url },
      }),
    ];
  });
}

export interface TrendDecision {
  direction: 'improving' | 'declining';
  prediction: number;
  confidence: number;
}

/** Whether a fit is a trend worth an alert: slope beyond ±1 point per audit and R² above 0.7 (both strict). */
export function trendDecision(fit: LinearFit, count: number): TrendDecision | null {
  if (Math.abs(fit.slope) <= ALERT_RULES.trendSlope || fit.r2 <= ALERT_RULES.trendConfidence) return null;
  return {
    direction: fit.slope > 0 ? 'improving' : 'declining',
    prediction: Math.round(predict(fit, count, ALERT_RULES.trendStepsAhead)),
    confidence: Math.round(fit.r2 * 100),
  };
}

/** The linear trend over the last 5 audits and where it leads two audits ahead. */
export function trendAlert(series: readonly ScorePoint[], site: SiteRef): AlertDraft | null {
  if (series.length < ALERT_RULES.trendWindow) return null;
  const window = series.slice(-ALERT_RULES.trendWindow);
  const fit = linearFit(window.map((point) => point.overall));
  const decision = trendDecision(fit, window.length);
  if (!decision) return null;
  const latest = window[window.length - 1];
  const perAudit = Math.abs(Math.round(fit.slope * 10) / 10);
  return draft({
    key: `trend:${latest.auditId}`,
    type: 'predictive',
    title: decision.direction === 'improving' ? `${site.name} is improving` : `${site.name} is declining`,
    message: `Over the last ${window.length} audits the score moved ${decision.direction === 'improving' ? 'up' : 'down'} about ${perAudit} points per audit. At this pace it reaches ${decision.prediction} in two more audits.`,
    severity: decision.prediction < ALERT_RULES.trendLowPrediction ? 'high' : decision.direction === 'declining' ? 'medium' : 'low',
    confidence: decision.confidence,
    impact: `Predicted score ${decision.prediction}`,
    timeframe: 'Next two audits',
    steps: decision.direction === 'declining' ? ['Review the latest recommendations.', 'Fix the highest-priority issues first.'] : ['Keep the changes that worked.'],
    actionUrl: 'history',
    actionLabel: 'View trends',
    data: { auditId: latest.auditId, slope: fit.slope, r2: fit.r2, prediction: decision.prediction, url: site.url },
  });
}

/** Each of 70, 80 and 90 that the latest audit reached and the previous one had not; once per site and milestone. */
export function milestoneAlerts(series: readonly ScorePoint[], site: SiteRef): AlertDraft[] {
  const pair = lastTwo(series);
  if (!pair) return [];
  const [previous, latest] = pair;
  return ALERT_RULES.milestones
    .filter((milestone) => previous.overall < milestone && latest.overall >= milestone)
    .map((milestone) =>
      draft({
        key: `milestone:${site.url}:${milestone}`,
        type: 'milestone',
        title: `${site.name} reached ${milestone}`,
        message: `The AI Visibility Score of ${site.url} rose from ${previous.overall} to ${latest.overall}, passing ${milestone}.`,
        severity: 'low',
        confidence: 100,
        actionUrl: 'history',
        actionLabel: 'View history',
        data: { auditId: latest.auditId, milestone, score: latest.overall, url: site.url },
      }),
    );
}

/** A competitor's score rose 15 or more since its previous audit (pro and agency). */
export function competitorSurgeAlert(series: readonly ScorePoint[], competitor: SiteRef, plan: PlanId): AlertDraft | null {
  if (!planAtLeast(plan, 'pro')) return null;
  const pair = lastTwo(series);
  if (!pair) return null;
  const [previous, latest] = pair;
  const gain = latest.overall - previous.overall;
  if (gain < ALERT_RULES.competitorSurge) return null;
  return draft({
    key: `competitor-surge:${latest.auditId}`,
    type: 'competitor_update',
    title: `${competitor.name} gained ${gain} points`,
    message: `Competitor ${competitor.url} rose from ${previous.overall} to ${latest.overall} since its previous audit.`,
    severity: 'high',
    confidence: 100,
    impact: 'The competitor may be cited instead of you.',
    steps: ['Compare your scores in Competitive Insights.', 'Run the Competitive Analysis on their pages.'],
    actionUrl: 'competitive-viz',
    actionLabel: 'Compare',
    data: { auditId: latest.auditId, previous: previous.overall, current: latest.overall, gain, url: competitor.url },
  });
}

/** More than 7 days without using a tool; one reminder per idle stretch (keyed by when it began). */
export function reminderAlert(lastToolUseAt: Date | null, accountCreatedAt: Date, now: Date): AlertDraft | null {
  const since = lastToolUseAt ?? accountCreatedAt;
  const idleMs = now.getTime() - since.getTime();
  if (idleMs <= ALERT_RULES.reminderAfterMs) return null;
  const days = Math.floor(idleMs / 86_400_000);
  return draft({
    key: `reminder:${since.toISOString()}`,
    type: 'recommendation',
    title: 'Time for an optimization pass',
    message: lastToolUseAt ? `You have not used a tool for ${days} days. Monitoring keeps scoring your sites; the tools are how the scores go up.` : `You have not used a tool yet. The audit's recommendations say where to start.`,
    severity: 'low',
    confidence: 100,
    steps: ['Open the overview and pick the first recommendation.', 'Run the suggested tool.'],
    actionUrl: 'overview',
    actionLabel: 'See recommendations',
    data: { lastToolUseAt: lastToolUseAt?.toISOString() ?? null, idleDays: days },
  });
}

export interface StalePage {
  url: string;
  /** The declared date, where the audit kept it; site audits saved before issue 30 kept only which pages. */
  modifiedAt: string | null;
}

const pageWithDate = (label: string) => (page: StalePage) => (page.modifiedAt ? `${page.url} (${label} ${page.modifiedAt.slice(0, 10)})` : page.url);
const firstThree = (pages: readonly StalePage[], label: string) => `${pages.slice(0, 3).map(pageWithDate(label)).join(', ')}${pages.length > 3 ? ' and others' : ''}`;

/**
 * Pages of the latest audit whose declared date is more than a year old. Pages dated in the future
 * are not stale: their date says nothing of their age, so they are named apart, as dates to
 * correct (answer engines may take such a page as undated, or distrust its date).
 */
export function freshnessAlert(stalePages: readonly StalePage[], site: SiteRef, auditId: string, futureDated: readonly StalePage[] = []): AlertDraft | null {
  if (stalePages.length === 0 && futureDated.length === 0) return null;
  const pages = stalePages.map((page) => page.url).sort();
  const future = futureDated.map((page) => page.url).sort();
  const futureNote =
    futureDated.length === 0
      ? ''
      : ` ${futureDated.length === 1 ? 'One page declares a date' : `${futureDated.length} pages declare dates`} in the future, which says nothing of ${futureDated.length === 1 ? 'its' : 'their'} age: answer engines may treat ${futureDated.length === 1 ? 'it' : 'them'} as undated. Correct ${futureDated.length === 1 ? 'it' : 'them'}: ${firstThree(futureDated, 'dated')}.`;
  const futureStep = 'Correct dates that lie in the future (datePublished, dateModified, <time>).';
  if (stalePages.length === 0) {
    return draft({
      key: `freshness:${site.url}:future:${future.join('|')}`,
      type: 'recommendation',
      title: futureDated.length === 1 ? 'A page declares a date in the future' : `${futureDated.length} pages declare dates in the future`,
      message: `No page is out of date.${futureNote}`,
      severity: 'low',
      confidence: 100,
      steps: [futureStep, 'Declare the real dateModified in the page’s JSON-LD.'],
      actionUrl: 'schema',
      actionLabel: 'Open Schema Generator',
      data: { auditId, pages: [], futureDated, url: site.url },
    });
  }
  return draft({
    // Keyed by the set of stale pages: the same pages do not alert again, a newly stale one does.
    key: `freshness:${site.url}:${pages.join('|')}${future.length > 0 ? `:future:${future.join('|')}` : ''}`,
    type: 'recommendation',
    title: stalePages.length === 1 ? 'A page has not been updated for over a year' : `${stalePages.length} pages have not been updated for over a year`,
    message: `Answer engines favour recent sources. ${firstThree(stalePages, 'last modified')}.${futureNote}`,
    severity: 'medium',
    confidence: 100,
    steps: ['Review and update the content.', 'Declare dateModified in the page’s JSON-LD.', ...(futureDated.length > 0 ? [futureStep] : [])],
    actionUrl: 'optimizer',
    actionLabel: 'Open Content Optimizer',
    data: { auditId, pages: stalePages, ...(futureDated.length > 0 ? { futureDated } : {}), url: site.url },
  });
}

export interface IndustryStats {
  industry: string;
  /** Distinct sites of this industry on this installation with two audits in the window. */
  sites: number;
  /** Mean change of those sites' scores over the window. */
  meanChange: number;
  /** Share (0-100) of those sites that moved in the mean's direction. */
  agreement: number;
  windowDays: number;
}

/** Computed from real audits of 5+ sites of the user's industry; absent otherwise (spec 001 §9 made it random). */
export function industryTrendAlert(stats: IndustryStats | null, plan: PlanId, now: Date): AlertDraft | null {
  if (!stats || !planAtLeast(plan, 'pro') || stats.sites < ALERT_RULES.industryMinSites) return null;
  if (stats.agreement < ALERT_RULES.industryConfidence || Math.abs(stats.meanChange) < 1) return null;
  const up = stats.meanChange > 0;
  const change = Math.abs(Math.round(stats.meanChange * 10) / 10);
  const week = Math.floor(now.getTime() / (7 * 86_400_000));
  return draft({
    key: `industry:${stats.industry}:${week}`,
    type: 'industry_trend',
    title: `${stats.industry} scores are ${up ? 'rising' : 'falling'}`,
    message: `Across ${stats.sites} ${stats.industry} sites monitored here, scores moved ${up ? 'up' : 'down'} ${change} points on average over ${stats.windowDays} days.`,
    severity: up ? 'medium' : 'low',
    confidence: Math.round(stats.agreement),
    timeframe: `Last ${stats.windowDays} days`,
    actionUrl: 'competitive-viz',
    actionLabel: 'Compare',
    data: { ...stats },
  });
}
