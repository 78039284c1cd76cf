import { z } from 'zod';
import type { JobDefinition } from '../../../jobs/jobs-plugin';
import type { CrawlDeps } from '../crawl/site-crawl';
import { executeRun } from '../execute-run';

const payload = z.strictObject({ runId: z.uuid(), userId: z.string().min(1) });

/**
 * A page audit, or the coordinator of a site audit (it opens the crawl and hands the pages to
 * `audit-page` jobs). Either reads a page or two and the site context, so a short expiry brings
 * the job of a worker that died back quickly; retries only matter then (the handler fails runs
 * itself otherwise) and are safe, since the handler is idempotent.
 */
export function auditRunJob(deps: CrawlDeps): JobDefinition<typeof payload> {
  return {
    id: 'audit-run',
    payload,
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    handler: ({ runId, userId }) => executeRun(deps, userId, runId),
  };
}
