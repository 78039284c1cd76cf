import { isCrawlerError, SafeFetcher } from '@citable/crawler';
import type { AuditResult, ErrorPage } from '@citable/contract';
import type { ScoringConfig } from '@citable/engine';
import { auditPage } from './audit-page';
import type { AuditTarget } from './audit-target';
import { CliError, ErrorPageError } from './cli-error';

/** Pages fetched and audited at once in a run of many pages. */
const CONCURRENCY = 3;

export interface AuditedPage {
  target: AuditTarget;
  /** How messages name it: its URL (after redirects), file path or "stdin". */
  label: string;
  result: AuditResult;
}

export interface PagesAudit {
  audited: AuditedPage[];
  /** Pages that answered 4xx/5xx or are soft 404s: not audited. */
  errorPages: ErrorPage[];
  /** Pages that could not be audited (unreachable, refused, robots.txt, not HTML, missing file). */
  failed: { url: string; message: string }[];
}

/**
 * Audits many pages, a few at a time over one connection pool, each as `citable audit` would
 * audit it alone (its own site context). A page that fails is recorded and the run goes on;
 * results keep the order of the targets.
 */
export async function auditPages(targets: AuditTarget[], config: ScoringConfig): Promise<PagesAudit> {
  const fetcher = new SafeFetcher();
  const outcomes: ({ audited: AuditedPage } | { errorPage: ErrorPage } | { failed: { url: string; message: string } })[] = [];
  let next = 0;
  const work = async () => {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index];
      try {
        const result = await auditPage(target, { config, fetcher });
        outcomes[index] = { audited: { target, label: labelOf(target, result), result } };
      } catch (error) {
        if (error instanceof ErrorPageError) outcomes[index] = { errorPage: error.errorPage };
        else if (error instanceof CliError || isCrawlerError(error)) outcomes[index] = { failed: { url: nameOf(target), message: error.message } };
        else throw error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, work));
  } finally {
    await fetcher.close();
  }
  return {
    audited: outcomes.flatMap((outcome) => ('audited' in outcome ? [outcome.audited] : [])),
    errorPages: outcomes.flatMap((outcome) => ('errorPage' in outcome ? [outcome.errorPage] : [])),
    failed: outcomes.flatMap((outcome) => ('failed' in outcome ? [outcome.failed] : [])),
  };
}

/** The target as the user named it. */
export function nameOf(target: AuditTarget): string {
  return target.kind === 'url' ? target.url : target.kind === 'file' ? target.path : 'stdin';
}

/** A page's name in messages: the URL it was read from (after redirects), else as named. */
export function labelOf(target: AuditTarget, result: AuditResult): string {
  return target.kind === 'url' ? (result.page.url ?? target.url) : nameOf(target);
}
