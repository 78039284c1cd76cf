import { runPageJob, runSiteCrawl, type CrawlDeps, type PageJobPayload } from '../../src/features/audits/crawl/site-crawl';
import { executeRun } from '../../src/features/audits/execute-run';
import { getRun } from '../../src/features/audits/runs';
import type { TestServer } from '../helpers';

/**
 * A queued run (started through the API on a server with JOBS=off) driven to its end in this
 * process, as the jobs would: a page audit at once; a site audit's coordinator, then every page
 * job it queued. Fetches may reach 127.0.0.1, where the tests serve their sites.
 */
export async function driveRunToEnd(server: TestServer, userId: string, runId: string): Promise<void> {
  const deps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log };
  const queue: PageJobPayload[] = [];
  const crawlDeps: CrawlDeps = { ...deps, enqueuePage: async (payload) => void queue.push(payload) };
  const run = (await getRun(server.db, userId, runId))!;
  if (run.scope === 'site') {
    await runSiteCrawl(crawlDeps, userId, { ...run, websiteUrl: run.websiteUrl! });
    while (queue.length > 0) await runPageJob(crawlDeps, queue.shift()!);
  } else {
    await executeRun(deps, userId, runId);
  }
}
