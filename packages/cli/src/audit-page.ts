import { ERROR_PAGE_MESSAGES, type AuditResult, type ErrorPage, type PageInput, type SiteSnapshot } from '@citable/contract';
import { NotHtmlError, snapshotPage } from '@citable/crawler';
import { auditContent, auditFetchedPage, errorPageReason } from '@citable/engine';
import type { AuditTarget } from './audit-target';
import { ErrorPageError } from './cli-error';
import { readContentFile } from './read-content-file';

/**
 * Fetches (a URL, with its site context) or reads (a file, as pasted content) and audits it.
 * Throws ErrorPageError when the URL is an error page (4xx, 5xx, a soft 404): it is not audited.
 */
export async function auditPage(target: AuditTarget): Promise<AuditResult> {
  // Freshness checks compare dates with "now"; the engine never reads the clock itself.
  const now = Date.now();
  if (target.kind === 'url') {
    const audited = auditFetchedPage(await fetchPage(target.url), { now });
    if (audited.type === 'error-page') throw errorPageError(audited.errorPage);
    return audited.result;
  }
  const file = readContentFile(target.path);
  return auditContent(file.text, { format: file.format }, { now });
}

/** The page and its site context; an HTTP error stops before the site context is read. */
async function fetchPage(url: string): Promise<SiteSnapshot> {
  try {
    return await snapshotPage(url, { checkPage: refuseHttpError });
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
  return new ErrorPageError(ERROR_PAGE_MESSAGES.notAudited(errorPage.url, errorPage.reason));
}
