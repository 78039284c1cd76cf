import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { createDb, type DbHandle } from '../../src/db/client';
import { crawlPages, siteCrawls } from '../../src/features/audits/crawl/schema';
import { auditHistory } from '../../src/db/schema';
import type { StoredAudit } from '../../src/features/audits/stored-audit';
import { setPlan } from '../../src/features/profile/profile';
import { api, createTestStorage, signUpVerified, STRONG_PASSWORD, uniqueEmail, type TestStorage } from '../helpers';
import { startCrawlSite, type CrawlSite } from './crawl-site';
import { killAll, spawnServer, spawnWorker, until, type CitableProcess, type ServerProcess } from './processes';

/**
 * A site crawl is split into page jobs spread over every process that works jobs. A worker
 * SIGKILLed in the middle of a crawl leaves its page jobs to pg-boss, which hands them to another
 * process once their heartbeat stops; the crawl then completes with every page of the site audited
 * once and one audit saved. Real processes (`src/server.ts`, `src/worker.ts`) on a fresh
 * PostgreSQL database, crawling a site served on 127.0.0.1.
 */

const storages: TestStorage[] = [];
const sites: CrawlSite[] = [];
const handles: DbHandle[] = [];
afterAll(async () => {
  await killAll();
  for (const handle of handles) await handle.close();
  for (const site of sites) await site.close();
  for (const storage of storages) await storage.remove();
});

const env = { FETCH_ALLOW_HOSTS: '127.0.0.1' };

interface Crawl {
  api: ServerProcess;
  cookie: string;
  runId: string;
}

/** An agency user (500 pages per site audit) starts a site audit of `site` through `server`. */
async function startCrawl(server: ServerProcess, db: DbHandle['db'], site: CrawlSite, maxPages: number): Promise<Crawl> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Agency', email: uniqueEmail('crawl'), password: STRONG_PASSWORD });
  const userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(db, userId, 'agency');
  const onboarding = await api(server.baseUrl, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: site.url, scope: 'site', maxPages } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return { api: server, cookie, runId: started.body.id };
}

async function runOf(server: ServerProcess, cookie: string, runId: string): Promise<AuditRun> {
  const response = await api<AuditRun>(server.baseUrl, `/api/audits/${runId}`, { cookie });
  if (response.status !== 200) throw new Error(`GET /api/audits/${runId}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Every page once: one row per URL, each page of the site audited, one saved audit listing each page once. */
async function expectEveryPageOnce(db: DbHandle['db'], site: CrawlSite, runId: string): Promise<void> {
  const perUrl = await db
    .select({ url: crawlPages.url, rows: sql<number>`count(*)::int`, status: sql<string>`min(${crawlPages.status})` })
    .from(crawlPages)
    .where(eq(crawlPages.runId, runId))
    .groupBy(crawlPages.url);
  expect(perUrl.filter((row) => Number(row.rows) !== 1)).toEqual([]);
  const done = perUrl.filter((row) => row.status === 'done').map((row) => row.url);
  expect(done.sort()).toEqual([...site.pageUrls].sort());
  const [crawl] = await db.select().from(siteCrawls).where(eq(siteCrawls.runId, runId));
  expect(crawl.pagesAudited).toBe(site.pageUrls.length);

  const history = await db.select().from(auditHistory).where(eq(auditHistory.id, runId));
  expect(history).toHaveLength(1);
  const stored = history[0].auditData as StoredAudit;
  expect(stored.kind).toBe('site');
  if (stored.kind !== 'site') return;
  expect(stored.result.pageCount).toBe(site.pageUrls.length);
  const listed = stored.result.pages.map((page) => page.url);
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed.sort()).toEqual([...site.pageUrls].sort());
  expect(stored.failedPages).toEqual([]);
}

/** Page jobs of the run that pg-boss had to hand out again (their worker died holding them). */
async function retriedPageJobs(db: DbHandle['db'], runId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from pgboss.job where name = 'audit-page' and data->>'runId' = ${runId} and retry_count > 0`);
  return Number((result as unknown as { rows: { count: number }[] }).rows[0].count);
}

/** Waits until the crawl is past `done` pages, then SIGKILLs `victim` while it holds page jobs. */
async function killMidway(crawl: Crawl, victim: CitableProcess, done: number): Promise<void> {
  await until('the crawl to be under way', async () => {
    const run = await runOf(crawl.api, crawl.cookie, crawl.runId);
    if (run.status === 'completed' || run.status === 'failed') throw new Error(`the crawl ended before the kill: ${JSON.stringify(run)}`);
    return run.progress.done >= done ? run : undefined;
  }, 180_000);
  victim.signal('SIGKILL');
  expect((await victim.exited).signal).toBe('SIGKILL');
}

async function waitForEnd(crawl: Crawl, server: ServerProcess = crawl.api): Promise<AuditRun> {
  return until('the crawl to end', async () => {
    const run = await runOf(server, crawl.cookie, crawl.runId);
    return run.status === 'completed' || run.status === 'failed' ? run : undefined;
  }, 360_000, 500);
}

async function storage(): Promise<{ storage: TestStorage; db: DbHandle['db'] }> {
  const created = await createTestStorage();
  storages.push(created);
  const handle = await createDb({ dataDir: created.dataDir, databaseUrl: created.databaseUrl });
  handles.push(handle);
  return { storage: created, db: handle.db };
}

describe.runIf(process.env.DATABASE_URL)('a site crawl over page jobs, with a worker SIGKILLed midway', () => {
  it('two workers: the crawl completes with every page audited once and one audit saved', { timeout: 600_000 }, async () => {
    const site = await startCrawlSite({ pages: 120, delayMs: 150 });
    sites.push(site);
    const { storage: store, db } = await storage();
    // Migrations first, in the API process, so the workers start on a ready database.
    const server = await spawnServer({ storage: store, env: { ...env, JOBS: 'off' } });
    const [first, second] = await Promise.all([spawnWorker({ storage: store, env }), spawnWorker({ storage: store, env })]);

    const crawl = await startCrawl(server, db, site, 500);
    await killMidway(crawl, first, 30);
    const run = await waitForEnd(crawl);
    expect(run.status, JSON.stringify(run)).toBe('completed');
    expect(run.progress).toEqual({ done: 120, total: 120 });
    await expectEveryPageOnce(db, site, crawl.runId);
    // The kill did interrupt page jobs, which another worker finished.
    expect(await retriedPageJobs(db, crawl.runId)).toBeGreaterThan(0);
    expect(second.hasExited()).toBe(false);
  });

  it('two API processes and two workers complete a 500-page crawl with one worker killed midway', { timeout: 600_000 }, async () => {
    const site = await startCrawlSite({ pages: 500, delayMs: 40 });
    sites.push(site);
    const { storage: store, db } = await storage();
    // Both API processes work jobs too (JOBS on), next to the two dedicated workers.
    const apiOne = await spawnServer({ storage: store, env });
    const [apiTwo, workerOne, workerTwo] = await Promise.all([spawnServer({ storage: store, env }), spawnWorker({ storage: store, env }), spawnWorker({ storage: store, env })]);

    const crawl = await startCrawl(apiOne, db, site, 500);
    await killMidway(crawl, workerOne, 150);
    // Followed through the other API process: the run is the database's, not a process's.
    const run = await waitForEnd(crawl, apiTwo);
    expect(run.status, JSON.stringify(run)).toBe('completed');
    expect(run.progress).toEqual({ done: 500, total: 500 });
    await expectEveryPageOnce(db, site, crawl.runId);
    expect(await retriedPageJobs(db, crawl.runId)).toBeGreaterThan(0);
    // The audit is read the same way as any other, from either API process.
    const listed = await api(apiTwo.baseUrl, '/api/audits', { cookie: crawl.cookie });
    expect(listed.body.audits.filter((audit: { id: string }) => audit.id === crawl.runId)).toEqual([expect.objectContaining({ kind: 'site', page_count: 500 })]);
    for (const process of [apiOne, apiTwo, workerTwo]) expect(process.hasExited()).toBe(false);
    const [{ pages }] = await db
      .select({ pages: sql<number>`count(*)::int` })
      .from(crawlPages)
      .where(and(eq(crawlPages.runId, crawl.runId), eq(crawlPages.status, 'done')));
    expect(Number(pages)).toBe(500);
  });
});
