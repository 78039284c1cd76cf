import { expectedFailureMessage, INTERNAL_FAILURE_MESSAGE } from './audit-failure';
import { AuditEngineClosed } from './engine/engine-pool';
import { runSiteCrawl, type CrawlDeps } from './crawl/site-crawl';
import { failAudit, finishRun, type AuditDeps } from './lifecycle';
import { auditPageUrl, auditSite } from './run-audit';
import { getRun, markRunning, writeProgress } from './runs';
import type { StoredAudit } from './stored-audit';

/**
 * The background job's work: crawl, audit, save (a site crawl: see crawl/site-crawl.ts). A run that is already finished is left alone, so
 * a retried or duplicated job does nothing twice. Expected failures (the site cannot be read)
 * fail the run with the crawler's message; a bug fails it with a generic one and is logged,
 * since retrying the same input would fail the same way.
 */
export async function executeRun(deps: AuditDeps & Partial<Pick<CrawlDeps, 'enqueuePage'>>, userId: string, runId: string): Promise<void> {
  const run = await getRun(deps.db, userId, runId);
  if (!run || run.status === 'completed' || run.status === 'failed' || run.websiteUrl === null) return;
  // With the page queue (the job workers), a site is crawled by page jobs spread over the workers;
  // a direct call without it crawls in this process.
  if (run.scope === 'site' && deps.enqueuePage) return runSiteCrawl({ ...deps, enqueuePage: deps.enqueuePage }, userId, { ...run, websiteUrl: run.websiteUrl });
  await markRunning(deps.db, userId, runId);
  try {
    const stored: StoredAudit =
      run.scope === 'site'
        ? await auditSite(run.websiteUrl, {
            allowHosts: deps.allowHosts,
            maxPages: run.maxPages,
            onProgress: (progress) => writeProgress(deps.db, userId, runId, progress),
          })
        : await auditPageUrl(run.websiteUrl, { allowHosts: deps.allowHosts });
    // The save is part of the work: a save that fails fails the run, never leaves it running (#35).
    await finishRun(deps, userId, run, stored);
  } catch (error) {
    // The process is stopping: the job runs again after the restart, so the run is left in flight.
    if (error instanceof AuditEngineClosed) throw error;
    const message = expectedFailureMessage(error);
    if (message === null) deps.log.error({ err: error, auditId: runId }, 'audit failed');
    await failAudit(deps, userId, runId, message ?? INTERNAL_FAILURE_MESSAGE);
  }
}
