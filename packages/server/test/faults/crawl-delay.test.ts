import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { createDb, type DbHandle } from '../../src/db/client';
import { crawlPages, siteCrawls } from '../../src/features/audits/crawl/schema';
import { auditPageJob } from '../../src/features/audits/jobs/audit-page';
import type { CrawlDeps } from '../../src/features/audits/crawl/site-crawl';
import { setPlan } from '../../src/features/profile/profile';
import { api, createTestStorage, signUpVerified, STRONG_PASSWORD, uniqueEmail, type TestStorage } from '../helpers';
import { killAll, spawnServer, until, type ServerProcess } from './processes';

/**
 * A robots.txt Crawl-delay holds across processes: a site audit's page jobs, spread over two real
 * server processes working jobs from one PostgreSQL queue, each reserve the next request slot in
 * the crawl's row, so the site sees its pages requested a Crawl-delay apart whichever process asks.
 * The same crawl checks the audit duration metric across processes: the run is timed once, by the
 * process that ended it, for its whole span.
 */

const CRAWL_DELAY_SECONDS = 1;
// Slots are a Crawl-delay apart on the database's clock, and a request never starts before its
// slot, but reaches the site some time after it (timer, connection, a process busy auditing): up to
// ~150 ms measured on 2 busy cores. So the k-th request is checked against k delays from the start
// page (lateness only adds), and each gap against one delay less a late previous request's margin.
const CLOCK_MS = 100;
const LATE_MS = 400;
const TOKEN = 'crawl-delay-metrics-token-0123456789';

// More page jobs than one process holds at once (its batches), so both processes must take some.
const pageWork = auditPageJob({} as CrawlDeps).work!;
const PAGES = (pageWork.batchSize ?? 1) * (pageWork.localConcurrency ?? 1) + 4;

interface Access {
  path: string;
  userAgent: string;
  at: number;
}

/** `/` and `/p/1` .. `/p/<PAGES - 1>`, each linking to the next and all in the sitemap, behind a Crawl-delay; logs every request. */
async function startDelayedSite(): Promise<{ origin: string; log: Access[]; server: Server }> {
  const log: Access[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    log.push({ path, userAgent: request.headers['user-agent'] ?? '', at: performance.now() });
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nCrawl-delay: ${CRAWL_DELAY_SECONDS}\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/sitemap.xml') {
      const locs = Array.from({ length: PAGES }, (_, index) => `<url><loc>${origin}${index === 0 ? '/' : `/p/${index}`}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    const match = /^\/p\/(\d+)$/.exec(path);
    const index = path === '/' ? 0 : match ? Number(match[1]) : -1;
    if (index < 0 || index >= PAGES) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const next = index + 1 < PAGES ? `<a href="/p/${index + 1}">Guide ${index + 1}</a>` : '';
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Guide ${index} | Lantern Tea</title></head><body><main><h1>Brewing guide ${index}</h1><p>Brew sencha at 70 °C for one minute.</p>${next}</main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, log, server };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await killAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function metricsOf(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.runIf(process.env.DATABASE_URL)('Crawl-delay across processes', () => {
  it(`two processes crawl ${PAGES} pages behind Crawl-delay: ${CRAWL_DELAY_SECONDS}, every request a delay apart; the audit is timed once`, { timeout: 300_000 }, async () => {
    const site = await startDelayedSite();
    cleanups.push(() => new Promise((resolve) => site.server.close(resolve)));
    const storage: TestStorage = await createTestStorage();
    cleanups.push(() => storage.remove());
    const handle: DbHandle = await createDb({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    cleanups.push(() => handle.close());

    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', METRICS_TOKEN: TOKEN };
    // The first applies the migrations; both work jobs (audit-run and audit-page) from the shared queue.
    const first = await spawnServer({ storage, env });
    const second = await spawnServer({ storage, env });

    const cookie = await signUpVerified(first.baseUrl, { name: 'Crawl Delay', email: uniqueEmail('crawl-delay'), password: STRONG_PASSWORD });
    const userId = (await api(first.baseUrl, '/api/profile', { cookie })).body.user_id as string;
    await setPlan(handle.db, userId, 'agency');
    const started = await api<AuditRun>(first.baseUrl, '/api/audits', { cookie, body: { url: `${site.origin}/`, scope: 'site', maxPages: 100 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await until(
      'the crawl to end',
      async () => {
        const current = await api<AuditRun>(first.baseUrl, `/api/audits/${started.body.id}`, { cookie });
        return current.body.status === 'completed' || current.body.status === 'failed' ? current.body : undefined;
      },
      240_000,
      250,
    );
    expect(run.status, JSON.stringify(run)).toBe('completed');
    expect(run.progress).toEqual({ done: PAGES, total: PAGES });

    // Each page requested once, by CitableBot; the start page first (before the AI crawler probes read it too).
    const isPage = (path: string) => path === '/' || /^\/p\/\d+$/.test(path);
    const pageFetches = site.log.filter((entry) => /^\/p\/\d+$/.test(entry.path));
    expect(pageFetches.map((entry) => entry.path).sort()).toEqual(Array.from({ length: PAGES - 1 }, (_, index) => `/p/${index + 1}`).sort());
    expect(pageFetches.every((entry) => entry.userAgent.includes('CitableBot'))).toBe(true);
    const start = site.log.find((entry) => isPage(entry.path))!;
    expect(start.path).toBe('/');
    const times = [start, ...pageFetches].map((entry) => entry.at);
    const delayMs = CRAWL_DELAY_SECONDS * 1000;
    const gaps = times.slice(1).map((at, index) => Math.round(at - times[index]));
    // Every request a Crawl-delay after the one before, and the k-th no sooner than k delays after the start page.
    expect(gaps.filter((gap) => gap < delayMs - LATE_MS), `gaps between page requests (ms): ${gaps.join(', ')}`).toEqual([]);
    expect(times.filter((at, index) => at - times[0] < index * delayMs - CLOCK_MS), `gaps between page requests (ms): ${gaps.join(', ')}`).toEqual([]);

    // Both processes fetched pages: the spacing held across them.
    const [firstMetrics, secondMetrics] = await Promise.all([metricsOf(first), metricsOf(second)]);
    const pageJobs = [firstMetrics, secondMetrics].map((text) => sample(text, 'citable_jobs_total', 'queue="audit-page",outcome="completed"'));
    expect(pageJobs.every((count) => count > 0), `page jobs per process: ${pageJobs.join(', ')}`).toBe(true);
    expect(pageJobs[0] + pageJobs[1]).toBe(PAGES - 1);

    // The audit timed once over both processes, whichever ended it, for the run's whole span.
    const siteAudits = [firstMetrics, secondMetrics].map((text) => sample(text, 'citable_audit_duration_seconds_count', 'scope="site",outcome="completed"'));
    expect(siteAudits.sort()).toEqual([0, 1]);
    const seconds = sample(firstMetrics, 'citable_audit_duration_seconds_sum', 'scope="site",outcome="completed"') + sample(secondMetrics, 'citable_audit_duration_seconds_sum', 'scope="site",outcome="completed"');
    expect(seconds).toBeGreaterThanOrEqual(((PAGES - 1) * delayMs - CLOCK_MS) / 1000);

    // Released once saved: no site context or page result kept.
    const [crawl] = await handle.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id));
    expect(crawl).toMatchObject({ site: null, crawlDelayMs: delayMs, pagesAudited: PAGES });
    const rows = await handle.db.select({ result: crawlPages.result }).from(crawlPages).where(eq(crawlPages.runId, run.id));
    expect(rows.filter((row) => row.result !== null)).toEqual([]);
    console.log(`crawl-delay: ${PAGES} pages, gaps ${gaps.join(', ')} ms; page jobs per process ${pageJobs.join(' + ')}; audit ${seconds.toFixed(2)} s`);
  });
});
