import { ERROR_PAGE_MESSAGES, type AuditReport, type AuditResult, type ErrorPage } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from '@citable/engine';
import { CliError } from '../cli-error';

/** A check's weight in the engine's default scoring config (the server scores with it). */
const WEIGHTS = new Map(Object.values(DEFAULT_SCORING_CONFIG.subscores).flatMap((subscore) => subscore.checks.map((ref) => [ref.id, ref.weight] as const)));

/**
 * The server's report of a page audit in the CLI's contract, the engine's audit result, so the
 * same formats, gates and baselines work on it. The report leaves out what the dashboard does
 * not show: a check's details (empty here), the page's author, language and dates (null), its
 * word count (0); a check that could not run reads as not applicable.
 */
export function reportToResult(report: AuditReport, url: string, serverName: string): AuditResult {
  if (report.detail !== 'full' || report.subscores === undefined || report.checks === undefined || report.issues === undefined) {
    throw new CliError(
      `${url} was audited on ${serverName} (${report.overallScore}/100, in the dashboard's history), but the account's plan reveals only the overall score; subscores and checks need the ${report.requiredPlan ?? 'core'} plan or above`,
    );
  }
  const page = report.pages?.[0];
  return {
    overallScore: report.overallScore,
    subscores: report.subscores,
    recommendations: report.recommendations,
    issues: report.issues,
    checks: report.checks.map((check) => ({
      id: check.id,
      title: check.title,
      subscore: check.subscore,
      weight: WEIGHTS.get(check.id) ?? 0,
      score: check.score,
      applicable: check.score !== null,
      explanation: check.explanation,
      details: [],
      pointsLost: check.pointsLost,
      priority: check.priority,
      category: check.category,
      suggestion: check.suggestion,
      learnMore: check.learnMore,
    })),
    page: { url: page?.url ?? url, title: page?.title ?? null, author: null, lang: null, publishedAt: null, modifiedAt: null, wordCount: 0 },
  };
}

const NOT_AUDITED = /^(\S+) (.+); error pages are not audited\.$/;

/** A failed run's message, when it says the page is an error page (ERROR_PAGE_MESSAGES.notAudited). */
export function errorPageOf(message: string): ErrorPage | undefined {
  const match = NOT_AUDITED.exec(message);
  if (!match) return undefined;
  const [, url, reason] = match;
  // A soft 404 answered a success status; its reason names no status.
  const status = Number(/answered (\d{3})/.exec(reason)?.[1] ?? 200);
  return ERROR_PAGE_MESSAGES.notAudited(url, reason) === message ? { url, status, reason } : undefined;
}
