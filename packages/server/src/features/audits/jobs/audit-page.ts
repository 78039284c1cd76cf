import { z } from 'zod';
import { defaultAuditJobConcurrency } from '../../../config';
import type { JobDefinition } from '../../../jobs/jobs-plugin';
import { giveUpPage, runPageJob, type CrawlDeps } from '../crawl/site-crawl';
import { AUDIT_JOB_POLLING } from './audit-run';

const payload = z.strictObject({ runId: z.uuid(), userId: z.string().min(1), url: z.url().max(4096) });

const PAGE_DEAD_LETTER = 'audit-page-failed';
const PAGE_BATCH = 4;

/**
 * One page of a site audit (features/audits/crawl). Page jobs are short, so a short expiry brings
 * the jobs of a worker that died back within a couple of minutes; the heartbeat every queue has
 * (plugins/jobs, config.jobTiming) does so sooner for a job whose worker stops answering. Each
 * worker handles several at once (AUDIT_JOB_CONCURRENCY), woken when they are sent, since a crawl
 * is hundreds of small jobs.
 */
export function auditPageJob(deps: CrawlDeps): JobDefinition<typeof payload> {
  return {
    id: 'audit-page',
    payload,
    // A job pg-boss gives up on (its worker died on every delivery) goes to audit-page-failed.
    queue: { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, deadLetter: PAGE_DEAD_LETTER, notify: true },
    // About AUDIT_JOB_CONCURRENCY page jobs at once, in batches of 4 (at least two batches).
    work: { batchSize: PAGE_BATCH, localConcurrency: Math.max(2, Math.ceil((deps.jobConcurrency ?? defaultAuditJobConcurrency()) / PAGE_BATCH)), ...AUDIT_JOB_POLLING },
    handler: (job, meta) => runPageJob(deps, job, meta.retryCount),
  };
}

/**
 * Page jobs pg-boss gave up on: their page is recorded as failed and the crawl goes on, instead of
 * waiting for it for ever. Defined before auditPageJob, whose queue names this one.
 */
export function auditPageDeadLetterJob(deps: CrawlDeps): JobDefinition<typeof payload> {
  return {
    id: PAGE_DEAD_LETTER,
    payload,
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
    handler: (job) => giveUpPage(deps, job),
  };
}
