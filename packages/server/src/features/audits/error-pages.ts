import { ERROR_PAGE_MESSAGES, type ErrorPage, type PageInput } from '@citable/contract';
import { NotHtmlError } from '@citable/crawler';
import { errorPageReason } from '@citable/engine';
import { AuditFailure } from './audit-failure';

/**
 * Error pages in audits (issue 18). Whether a page is one is decided by the engine's
 * `errorPageReason` alone; this module turns its verdict into the server's outcomes: a page audit
 * of an error page fails (422 on the API, an error result over MCP, a failed run for a job), and a
 * site audit lists it as a crawl error, outside the score and the page counts.
 */

/** A page audit refused because the page is an error page; the message is one line for the user. */
export class ErrorPageFailure extends AuditFailure {
  constructor(readonly errorPage: ErrorPage) {
    super(ERROR_PAGE_MESSAGES.notAudited(errorPage.url, errorPage.reason));
  }
}

/** The error page a status alone makes (4xx, 5xx), or null. */
export function httpErrorPage(url: string, status: number | undefined): ErrorPage | null {
  const verdict = errorPageReason(status);
  return verdict ? { url, status: verdict.status, reason: verdict.reason } : null;
}

/** For snapshotPage's `checkPage`: an HTTP error stops the audit before the site context is read. */
export function refuseHttpErrorPage(page: PageInput): void {
  const errorPage = httpErrorPage(page.url ?? '', page.status);
  if (errorPage) throw new ErrorPageFailure(errorPage);
}

/** A response refused as not HTML that answered an HTTP error is an error page all the same. */
export function errorPageOfNotHtml(error: unknown, url: string): ErrorPage | null {
  return error instanceof NotHtmlError ? httpErrorPage(error.url ?? url, error.status) : null;
}

/** A site audit where every page read was an error page fails, rather than scoring nothing as 0. */
export function allErrorPagesFailure(url: string, errorPages: ErrorPage[]): AuditFailure {
  if (errorPages.length === 1) return new ErrorPageFailure(errorPages[0]);
  return new AuditFailure(ERROR_PAGE_MESSAGES.everyPage(url, errorPages.length));
}
