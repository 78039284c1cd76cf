import { SafeFetcher } from '@citable/crawler';
import type { FastifyInstance } from 'fastify';
import type { PageJobPayload } from './crawl/site-crawl';
import { auditPageDeadLetterJob, auditPageJob } from './jobs/audit-page';
import { auditRunJob } from './jobs/audit-run';
import type { AuditDeps } from './lifecycle';

/**
 * Defines the audit jobs on `app.jobs`: `audit-run` (a page audit, or a site audit's coordinator),
 * `audit-page` (one page of a site crawl) and its dead-letter queue. Returns the run job, which
 * the audit routes, the public API and MCP send.
 */
export async function defineAuditJobs(app: FastifyInstance, deps: AuditDeps): Promise<ReturnType<typeof auditRunJob>> {
  // Page jobs share one fetcher (connection pool) per process, closed with the app once running
  // page jobs have drained (closing it earlier would cut their requests on SIGTERM).
  const pageFetcher = new SafeFetcher({ allowHosts: deps.allowHosts });
  app.jobs.afterDrain(() => pageFetcher.close());
  // A site audit's coordinator and its page jobs send page jobs; the definition is read when they run.
  const crawlDeps = { ...deps, fetcher: pageFetcher, enqueuePage: (payload: PageJobPayload) => app.jobs.send(pageJob, payload) };
  const pageJob = auditPageJob(crawlDeps);
  const runJob = auditRunJob(crawlDeps);
  await app.jobs.define(runJob);
  await app.jobs.define(auditPageDeadLetterJob(crawlDeps));
  await app.jobs.define(pageJob);
  return runJob;
}
