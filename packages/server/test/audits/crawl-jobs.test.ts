import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteAuditResult } from '@citable/contract';
import { crawlPages, siteCrawls } from '../../src/features/audits/crawl/schema';
import { auditHistory, auditRuns, userActivity } from '../../src/db/schema';
import { giveUpPage, runPageJob, runSiteCrawl, type CrawlDeps, type PageJobPayload } from '../../src/features/audits/crawl/site-crawl';
import { auditSite } from '../../src/features/audits/run-audit';
import { getRun } from '../../src/features/audits/runs';
import { setPlan } from '../../src/features/profile/profile';
import type { StoredAudit } from '../../src/features/audits/stored-audit';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * A site audit as page jobs (features/audits/crawl), driven in this process with a hand-held queue
 * so the deliveries pg-boss can make after a crash are made on purpose: every job twice, the
 * coordinator again after it finished, jobs out of order. The result must be the in-process
 * crawl's (auditSite, what a site audit was before page jobs): same pages, same scores.
 */

/** home -> sections -> articles, with a canonical duplicate, a redirect, a robots.txt refusal, a PDF, an external link and a sitemap-only page. */
const PAGES: Record<string, { links: string[]; canonical?: string }> = {
  '/': { links: ['/a', '/b', '/a#top', '/dup', '/private/x', 'https://elsewhere.example/', '/file.pdf', '/old'] },
  '/a': { links: ['/a/1', '/a/2', '/'] },
  '/b': { links: ['/b/1', '/a'] },
  '/dup': { links: ['/dup/child'], canonical: '/a' },
  '/a/1': { links: [] },
  '/a/2': { links: ['/a/2/deep'] },
  '/b/1': { links: ['/gone'] },
  '/dup/child': { links: [] },
  '/a/2/deep': { links: [] },
  '/only-in-sitemap': { links: [] },
};
const AUDITED = ['/', '/a', '/a/1', '/a/2', '/a/2/deep', '/b', '/b/1', '/dup/child', '/only-in-sitemap'];

let site: Server;
let origin = '';
let server: TestServer;
let userId = '';
const requests: string[] = [];

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nDisallow: /private\nSitemap: ${origin}/sitemap.xml`);
    if (path === '/sitemap.xml') {
      const locs = ['/', '/only-in-sitemap', '/a'].map((loc) => `<url><loc>${origin}${loc}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset>${locs}</urlset>`);
    }
    // A connection dropped mid-request: the page fails with the crawler's message.
    if (path === '/gone') return void request.socket.destroy();
    if (path === '/old') return void response.writeHead(301, { location: '/b' }).end();
    if (path === '/file.pdf') return void response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF');
    const page = PAGES[path];
    if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
    const canonical = page.canonical ? `<link rel="canonical" href="${page.canonical}">` : '';
    const links = page.links.map((link) => `<li><a href="${link}">${link}</a></li>`).join('');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Lantern Tea ${path}</title>${canonical}</head><body><main><h1>Lantern Tea ${path}</h1><p>Sencha is a steamed Japanese green tea; brew it at 70 °C for one minute.</p><ul>${links}</ul></main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' } });
  const cookie = await signUpVerified(server.baseUrl, { name: 'Crawl Jobs', email: uniqueEmail('crawl-jobs'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => site?.close(resolve));
});

async function newRun(maxPages: number): Promise<string> {
  const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/`, maxPages, status: 'queued', counted: true }).returning();
  return run.id;
}

/** The coordinator, then every page job until none is left, each delivered twice. */
async function crawlWithJobs(runId: string, options: { reverse?: boolean } = {}): Promise<PageJobPayload[]> {
  const queue: PageJobPayload[] = [];
  const sent: PageJobPayload[] = [];
  const deps: CrawlDeps = {
    db: server.db,
    allowHosts: ['127.0.0.1'],
    log: server.app.log,
    enqueuePage: async (payload) => {
      queue.push(payload);
      sent.push(payload);
    },
  };
  const run = (await getRun(server.db, userId, runId))!;
  await runSiteCrawl(deps, userId, { ...run, websiteUrl: run.websiteUrl! });
  while (queue.length > 0) {
    const job = options.reverse ? queue.pop()! : queue.shift()!;
    await runPageJob(deps, job);
    await runPageJob(deps, job);
  }
  // A coordinator delivered again after the crawl is over changes nothing.
  const after = (await getRun(server.db, userId, runId))!;
  await runSiteCrawl(deps, userId, { ...after, websiteUrl: after.websiteUrl! });
  return sent;
}

describe('a site audit as page jobs', () => {
  it('audits what the in-process crawl audits, each page once, and saves one audit with the same scores', { timeout: 120_000 }, async () => {
    const runId = await newRun(100);
    requests.length = 0;
    const sent = await crawlWithJobs(runId);

    const run = (await getRun(server.db, userId, runId))!;
    expect(run).toMatchObject({ status: 'completed', progressDone: AUDITED.length, progressTotal: AUDITED.length });
    const rows = await server.db.select().from(crawlPages).where(eq(crawlPages.runId, runId));
    const byStatus = (status: string) => rows.filter((row) => row.status === status).map((row) => new URL(row.url).pathname).sort();
    expect(byStatus('done')).toEqual(AUDITED);
    expect(byStatus('skipped')).toEqual(['/dup', '/file.pdf', '/old', '/private/x']);
    expect(byStatus('failed')).toEqual(['/gone']);
    expect(new Set(rows.map((row) => row.url)).size).toBe(rows.length);
    // One page job per URL to fetch, however many pages link to it; each URL fetched once even with every job delivered twice.
    expect(new Set(sent.map((job) => job.url)).size).toBe(sent.length);
    // The start page is also read by the AI crawler probes; every other URL exactly once.
    for (const path of [...AUDITED.filter((path) => path !== '/'), '/dup', '/old', '/file.pdf']) expect(requests.filter((requested) => requested === path), path).toEqual([path]);
    expect(requests).not.toContain('/private/x');

    const history = await server.db.select().from(auditHistory).where(eq(auditHistory.id, runId));
    expect(history).toHaveLength(1);
    const stored = history[0].auditData as StoredAudit & { kind: 'site' };
    expect(stored.failedPages).toEqual([{ url: `${origin}/gone`, error: expect.any(String) }]);
    const activities = await server.db.select().from(userActivity).where(eq(userActivity.userId, userId));
    expect(activities.filter((activity) => activity.activityData?.auditId === runId)).toHaveLength(1);

    // Once the audit is saved, the page results are dropped; the rows keep what settles a late job.
    expect(rows.filter((row) => row.result !== null)).toEqual([]);
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(AUDITED.length);

    // A page job delivered late (pg-boss redelivers after an expiry) fetches nothing, re-audits nothing, saves nothing.
    const lateDeps: CrawlDeps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log, enqueuePage: async () => expect.fail('a late job sent a page job') };
    const requestsBefore = requests.length;
    for (const job of sent.slice(0, 3)) {
      await runPageJob(lateDeps, job);
      await giveUpPage(lateDeps, job);
    }
    expect(requests.length).toBe(requestsBefore);
    expect(await server.db.select().from(crawlPages).where(eq(crawlPages.runId, runId))).toEqual(rows);
    expect(await server.db.select().from(auditHistory).where(eq(auditHistory.id, runId))).toEqual(history);
    expect(await getRun(server.db, userId, runId)).toEqual(run);

    // The same site crawled in one process, as site audits were before page jobs.
    const inProcess = await auditSite(`${origin}/`, { allowHosts: ['127.0.0.1'], maxPages: 100, onProgress: async () => {} });
    if (inProcess.kind !== 'site') throw new Error('expected a site audit');
    const comparable = (result: SiteAuditResult) => ({ ...result, pages: [...result.pages].sort((x, y) => (x.url ?? '').localeCompare(y.url ?? '')) });
    expect(comparable(stored.result)).toEqual(comparable(inProcess.result));
    expect(stored.checks).toEqual(inProcess.checks);
  });

  it('keeps to the page limit, whatever order the jobs run in', { timeout: 120_000 }, async () => {
    const runId = await newRun(3);
    await crawlWithJobs(runId, { reverse: true });
    const done = await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'done')));
    expect(done).toHaveLength(3);
    const [crawl] = await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, runId));
    expect(crawl.pagesAudited).toBe(3);
    const [history] = await server.db.select().from(auditHistory).where(eq(auditHistory.id, runId));
    expect((history.auditData as StoredAudit & { kind: 'site' }).result.pageCount).toBe(3);
  });

  it('fails the run with the crawler\'s message when the start page cannot be read, and leaves no crawl behind', { timeout: 180_000 }, async () => {
    const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/private/x`, maxPages: 10, status: 'queued', counted: true }).returning();
    await crawlWithJobs(run.id);
    expect(await getRun(server.db, userId, run.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('robots.txt') });
    expect(await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id))).toEqual([]);
  });

  it('lets a site audit read up to the plan\'s page limit: 100 pages, 500 on the agency plan', { timeout: 180_000 }, async () => {
    const cookie = await signUpVerified(server.baseUrl, { name: 'Page Limit', email: uniqueEmail('page-limit'), password: STRONG_PASSWORD });
    const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
    await setPlan(server.db, id, 'pro');
    const refused = await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 101 } });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Your plan audits up to 100 pages per site.', requiredPlan: 'agency' } });
    expect((await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 501 } })).status).toBe(400);
    await setPlan(server.db, id, 'agency');
    const accepted = await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 500 } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const [run] = await server.db.select().from(auditRuns).where(eq(auditRuns.id, accepted.body.id));
    expect(run.maxPages).toBe(500);
  });

  it('retries a page whose handler fails unexpectedly, and records it as failed on the last delivery so the crawl still finishes', { timeout: 180_000 }, async () => {
    const runId = await newRun(100);
    const queue: PageJobPayload[] = [];
    const deps: CrawlDeps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log, enqueuePage: async (payload) => void queue.push(payload) };
    const run = (await getRun(server.db, userId, runId))!;
    await runSiteCrawl(deps, userId, { ...run, websiteUrl: run.websiteUrl! });
    // A fetcher that breaks the way a bug would (not a crawler error): every page job of /a throws.
    const broken = { ...deps, fetcher: { fetch: async () => Promise.reject(new Error('a bug')), close: async () => {} } as unknown as CrawlDeps['fetcher'] };
    const target = queue.find((job) => job.url === `${origin}/a`)!;
    for (const retryCount of [0, 1, 2]) await expect(runPageJob(broken, target, retryCount)).rejects.toThrow('a bug');
    expect((await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, target.url))))[0].status).toBe('queued');
    await runPageJob(broken, target, 3);
    const [row] = await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, target.url)));
    expect(row).toMatchObject({ status: 'failed', attempts: 4, detail: 'The page could not be audited because of an internal error.' });
    while (queue.length > 0) await runPageJob(deps, queue.shift()!);
    expect(await getRun(server.db, userId, runId)).toMatchObject({ status: 'completed' });
    const [history] = await server.db.select().from(auditHistory).where(eq(auditHistory.id, runId));
    expect((history.auditData as StoredAudit & { kind: 'site' }).failedPages).toEqual(expect.arrayContaining([{ url: `${origin}/a`, error: 'The page could not be audited because of an internal error.' }]));
  });

  it('records as failed a page whose job pg-boss gave up on (dead letter), and the crawl completes', { timeout: 180_000 }, async () => {
    const result = await server.db.execute<{ dead_letter: string }>(sql`select dead_letter from pgboss.queue where name = 'audit-page'`);
    const rows = (result as { rows?: { dead_letter: string }[] }).rows ?? (result as unknown as { dead_letter: string }[]);
    expect(rows[0]?.dead_letter).toBe('audit-page-failed');

    const runId = await newRun(100);
    const queue: PageJobPayload[] = [];
    const deps: CrawlDeps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log, enqueuePage: async (payload) => void queue.push(payload) };
    const run = (await getRun(server.db, userId, runId))!;
    await runSiteCrawl(deps, userId, { ...run, websiteUrl: run.websiteUrl! });
    // Every delivery of the /b job died with its worker: pg-boss hands the job to the dead letter queue.
    const lost = queue.find((job) => job.url === `${origin}/b`)!;
    await giveUpPage(deps, lost);
    await giveUpPage(deps, lost);
    for (const job of queue.filter((job) => job !== lost)) await runPageJob(deps, job);
    while (queue.length > 0) await runPageJob(deps, queue.shift()!);
    expect(await getRun(server.db, userId, runId)).toMatchObject({ status: 'completed' });
    const [row] = await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, runId), eq(crawlPages.url, lost.url)));
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    // /b's links were never read, so /b/1 is not audited; the rest is.
    const done = await server.db.select({ url: crawlPages.url }).from(crawlPages).where(and(eq(crawlPages.runId, runId), eq(crawlPages.status, 'done')));
    expect(done.map((page) => new URL(page.url).pathname).sort()).toEqual(AUDITED.filter((path) => path !== '/b' && path !== '/b/1'));
  });
});
