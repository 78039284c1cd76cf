import { z } from 'zod';
import { defaultAuditJobConcurrency } from '../../../config';
import type { JobDefinition } from '../../../jobs/jobs-plugin';
import type { CrawlDeps } from '../crawl/site-crawl';
import { executeRun } from '../execute-run';

const payload = z.strictObject({ runId: z.uuid(), userId: z.string().min(1) });

/**
 * A page audit, or the coordinator of a site audit (it opens the crawl and hands the pages to
 * `audit-page` jobs). Either reads a page or two and the site context, so a short expiry brings
 * the job of a worker that died back quickly; retries only matter then (the handler fails runs
 * itself otherwise) and are safe, since the handler is idempotent.
 *
 * Started promptly (AUDIT_JOB_POLLING) and several at once (AUDIT_JOB_CONCURRENCY): the engine's CPU
 * work goes to the engine threads (engine/), so the jobs of one process overlap their network waits.
 */
export function auditRunJob(deps: CrawlDeps): JobDefinition<typeof payload> {
  return {
    id: 'audit-run',
    payload,
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300, notify: true },
    // Each loop works through a backlog job after job (fetchAgainAfterJob), not one per poll.
    work: { ...AUDIT_JOB_POLLING, localConcurrency: deps.jobConcurrency ?? defaultAuditJobConcurrency(), fetchAgainAfterJob: true },
    handler: ({ runId, userId }) => executeRun(deps, userId, runId),
  };
}

/**
 * How the audit queues (`audit-run`, `audit-page`, both `notify` queues) are polled. A job sent
 * wakes every process working the queue at once (pg-boss's LISTEN/NOTIFY, jobs-plugin.ts); polling
 * is the backstop: every 2 s while the listener is up, and every 0.5 s (pg-boss's minimum) while it
 * is down (PgBouncer in transaction mode, a dropped connection), so an audit starts within a
 * second either way.
 */
export const AUDIT_JOB_POLLING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 2 } as const;
