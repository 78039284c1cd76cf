import { SafeFetcher } from '@citable/crawler';
import type { FastifyInstance } from 'fastify';
import type { AuditEngineSettings } from '../../config';
import { auditEngine, holdAuditEngine } from './engine/audit-engine';
import type { PageJobPayload } from './crawl/site-crawl';
import { auditPageDeadLetterJob, auditPageJob } from './jobs/audit-page';
import { auditRunJob } from './jobs/audit-run';
import type { AuditDeps } from './lifecycle';

/**
 * Defines the audit jobs on `app.jobs`: `audit-run` (a page audit, or a site audit's coordinator),
 * `audit-page` (one page of a site crawl) and its dead-letter queue, and holds the process's
 * audit engine (engine/audit-engine.ts) for the app. Returns the run job, which the audit routes,
 * the public API and MCP send.
 */
export async function defineAuditJobs(app: FastifyInstance, deps: AuditDeps, engine: AuditEngineSettings): Promise<ReturnType<typeof auditRunJob>> {
  // Page jobs share one fetcher (connection pool) per process, closed with the app once running
  // page jobs have drained (closing it earlier would cut their requests on SIGTERM).
  const pageFetcher = new SafeFetcher({ allowHosts: deps.allowHosts });
  app.jobs.afterDrain(() => pageFetcher.close());
  // The engine threads every audit of the process uses (jobs, routes, monitoring), started on
  // first use and closed after the jobs (and, before them, the requests) have drained.
  app.jobs.afterDrain(holdAuditEngine({ threads: engine.threads, heapMb: engine.heapMb }));
  // Started with the app (built and loaded in the background: ~0.3 s in esbuild's process, then a
  // worker), so the first audit after a start does not wait for it.
  app.addHook('onReady', async () => auditEngine().warm());
  // A site audit's coordinator and its page jobs send page jobs; the definition is read when they run.
  const crawlDeps = { ...deps, fetcher: pageFetcher, jobConcurrency: engine.jobConcurrency, enqueuePage: (payload: PageJobPayload) => app.jobs.send(pageJob, payload) };
  const pageJob = auditPageJob(crawlDeps);
  const runJob = auditRunJob(crawlDeps);
  await app.jobs.define(runJob);
  await app.jobs.define(auditPageDeadLetterJob(crawlDeps));
  await app.jobs.define(pageJob);
  return runJob;
}
