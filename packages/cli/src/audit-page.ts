import { ERROR_PAGE_MESSAGES, type AuditResult, type ErrorPage, type PageInput, type SiteSnapshot } from '@citable/contract';
import { NotHtmlError, snapshotPage, type SafeFetcher } from '@citable/crawler';
import { auditContent, auditFetchedPage, detectFormat, errorPageReason, type ScoringConfig } from '@citable/engine';
import type { AuditTarget } from './audit-target';
import { CliError, ErrorPageError } from './cli-error';
import { readContentFile } from './read-content-file';

export interface AuditPageOptions {
  /** The scoring config (the engine's default, or without the skipped checks). */
  config?: ScoringConfig;
  /** A fetcher shared by the pages of one run (one connection pool); one is made per page otherwise. */
  fetcher?: SafeFetcher;
}

/**
 * Fetches (a URL, with its site context) or reads (a file or standard input, as pasted content)
 * and audits it. A fetched page's result carries the HTTP status it answered (`page.httpStatus`).
 * Throws ErrorPageError when the URL is an error page (4xx, 5xx, a soft 404): it is not audited.
 */
export async function auditPage(target: AuditTarget, options: AuditPageOptions = {}): Promise<AuditResult> {
  // Freshness checks compare dates with "now"; the engine never reads the clock itself.
  const auditOptions = { now: Date.now(), config: options.config };
  if (target.kind === 'url') {
    const snapshot = await fetchPage(target.url, options.fetcher);
    const audited = auditFetchedPage(snapshot, auditOptions);
    if (audited.type === 'error-page') throw errorPageError(audited.errorPage);
    const result = audited.result;
    return snapshot.page.status === undefined ? result : { ...result, page: { ...result.page, httpStatus: snapshot.page.status } };
  }
  if (target.kind === 'stdin') {
    if (target.text.trim() === '') throw new CliError('standard input is empty (pipe a page into citable audit -)');
    return auditContent(target.text, { format: detectFormat(target.text) }, auditOptions);
  }
  const file = readContentFile(target.path);
  return auditContent(file.text, { format: file.format }, auditOptions);
}

/** The page and its site context; an HTTP error stops before the site context is read. */
async function fetchPage(url: string, fetcher: SafeFetcher | undefined): Promise<SiteSnapshot> {
  try {
    return await snapshotPage(url, { checkPage: refuseHttpError, fetcher });
  } catch (error) {
    // A 404 answered as text/plain or JSON is an error page too, not a "not HTML" failure.
    if (error instanceof NotHtmlError) refuseHttpError({ url: error.url ?? url, status: error.status, body: '', format: 'html' });
    throw error;
  }
}

function refuseHttpError(page: PageInput): void {
  const verdict = errorPageReason(page.status);
  if (verdict) throw errorPageError({ url: page.url ?? '', status: verdict.status, reason: verdict.reason });
}

function errorPageError(errorPage: ErrorPage): ErrorPageError {
  return new ErrorPageError(ERROR_PAGE_MESSAGES.notAudited(errorPage.url, errorPage.reason), errorPage);
}
