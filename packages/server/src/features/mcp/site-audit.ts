import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditProgress, AuditRun } from '@citable/contract';
import type { FastifyInstance } from 'fastify';
import { type auditRunJob, failRun, getRun } from '../audits';
import { readAudit, startAudit } from '../public-api';

/** How often the run's row is read while the crawl goes on (page jobs may run in other processes). */
const POLL_MS = 500;

export const CANCELLED_MESSAGE = 'The site audit was cancelled by the assistant that started it.';

export interface FollowOptions {
  /** Aborted when the caller stops waiting (the client cancelled or went away). */
  signal: AbortSignal;
  /** True when the client asked to cancel the call: the crawl is stopped then, not only left. */
  cancelled: () => boolean;
  /** Called whenever the crawl has audited more pages. */
  onProgress: (progress: AuditProgress) => Promise<void>;
}

/**
 * A site audit started as `POST /api/v1/audits` with scope "site" starts one (the same run,
 * allowance, queue and history, so it shows up in the dashboard), then followed until it ends.
 * Returns the run as `GET /api/v1/audits/{id}` shows it, or null when the caller stopped waiting:
 * a client that went away leaves the crawl to finish into the history, one that cancelled the call
 * ends it (the run fails with CANCELLED_MESSAGE, which stops its page jobs and releases its crawl).
 */
export async function auditSiteAndFollow(
  app: FastifyInstance,
  job: ReturnType<typeof auditRunJob>,
  userId: string,
  body: { url: string; maxPages?: number },
  options: FollowOptions,
): Promise<AuditRun | null> {
  const started = await startAudit(app, job, userId, { url: body.url, scope: 'site', maxPages: body.maxPages });
  let reported = -1;
  for (;;) {
    if (options.signal.aborted) {
      if (options.cancelled()) await failRun(app.db, userId, started.id, CANCELLED_MESSAGE);
      return null;
    }
    const run = await getRun(app.db, userId, started.id);
    if (!run || run.status === 'completed' || run.status === 'failed') return readAudit(app, userId, started.id);
    if (run.progressDone > reported) {
      reported = run.progressDone;
      await options.onProgress({ done: run.progressDone, ...(run.progressTotal === null ? {} : { total: run.progressTotal }) });
    }
    await sleep(POLL_MS, undefined, { signal: options.signal }).catch(() => undefined);
  }
}
