import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { crawlPages, siteCrawls } from '../../src/features/audits/crawl/schema';
import { auditRuns } from '../../src/db/schema';
import { giveUpPage, runPageJob, runSiteCrawl, type CrawlDeps, type PageJobPayload } from '../../src/features/audits/crawl/site-crawl';
import { auditPageNow } from '../../src/features/mcp/page-audit';
import { startAudit } from '../../src/features/public-api/v1-audits';
import { executeRun } from '../../src/features/audits/execute-run';
import { failAudit, finishRun } from '../../src/features/audits/lifecycle';
import { auditPageUrl } from '../../src/features/audits/run-audit';
import { ABANDONED_AFTER_MS, ABANDONED_MESSAGE, failAbandonedRuns, getRun } from '../../src/features/audits/runs';
import { recoverInterruptedWork } from '../../src/features/audits/recover-interrupted';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Every audit run's whole duration (run created -> audit saved or run failed) in /metrics, by scope
 * and outcome, counted once however often its jobs are delivered; and a site crawl releasing what
 * its page jobs needed (the site context with the sitemap's URLs, the page results) when it ends.
 * A real server working its jobs (pg-boss), sites served on 127.0.0.1.
 */

const TOKEN = 'audit-metrics-token-0123456789abcdef';
const SLOW_PAGE_MS = 700;
const SITEMAP_URLS = 3_000;

interface Site {
  origin: string;
  server: Server;
}
const sites: Site[] = [];

/** A site whose paths answer `pages[path]` (HTML), slowly for `slow` paths, never for `broken` ones (connection dropped); robots.txt and the sitemap listing `sitemap`. */
async function startSite(pages: Record<string, string>, options: { slow?: string[]; broken?: string[]; sitemap?: (origin: string) => string[] } = {}): Promise<string> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/sitemap.xml') {
      const locs = (options.sitemap?.(origin) ?? []).map((loc) => `<url><loc>${loc}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    if (options.broken?.includes(path)) return void request.socket.destroy();
    const body = pages[path] ?? (path.startsWith('/s/') ? '<a href="/">home</a>' : undefined);
    if (body === undefined) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
    const send = () =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><title>Lantern Tea ${path}</title></head><body><main><h1>Lantern Tea ${path}</h1><p>Sencha is a steamed Japanese green tea; brew it at 70 °C for one minute.</p>${body}</main></body></html>`);
    if (options.slow?.includes(path)) setTimeout(send, SLOW_PAGE_MS);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sites.push({ origin, server });
  return origin;
}

let server: TestServer;
let cookie = '';
let userId = '';

beforeAll(async () => {
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', METRICS_TOKEN: TOKEN } });
  cookie = await signUpVerified(server.baseUrl, { name: 'Audit Metrics', email: uniqueEmail('audit-metrics'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'agency');
}, 180_000);

afterAll(async () => {
  await server?.close();
  for (const site of sites) await new Promise((resolve) => site.server.close(resolve));
});

/** A port on 127.0.0.1 nothing listens on: a page there cannot be read. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function metricsText(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** A sample's value in the exposition text, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${wanted}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const auditCount = (text: string, scope: string, outcome: string) => sample(text, 'citable_audit_duration_seconds_count', { scope, outcome });
const auditSum = (text: string, scope: string, outcome: string) => sample(text, 'citable_audit_duration_seconds_sum', { scope, outcome });

/** Starts an audit through the API and waits for its run to end. */
async function auditThroughApi(body: { url: string; scope: 'page' | 'site'; maxPages?: number }): Promise<AuditRun> {
  const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    if (run.body.status === 'completed' || run.body.status === 'failed') return run.body;
    if (Date.now() > deadline) throw new Error(`audit ${started.body.id} did not end: ${JSON.stringify(run.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run's own created -> finished span, in seconds. */
async function runSpan(runId: string): Promise<number> {
  const [row] = await server.db.select({ createdAt: auditRuns.createdAt, finishedAt: auditRuns.finishedAt }).from(auditRuns).where(eq(auditRuns.id, runId));
  return (row.finishedAt!.getTime() - row.createdAt.getTime()) / 1000;
}

function handHeldDeps(queue: PageJobPayload[]): CrawlDeps {
  return { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log, enqueuePage: async (payload) => void queue.push(payload) };
}

describe('audit durations in /metrics', () => {
  it('times each run whole, from created to saved or failed, once, by scope and outcome', { timeout: 180_000 }, async () => {
    // The home page is fast; the pages behind it are slow, one linking to the next: a site audit
    // lasts well beyond its coordinator (which only reads the home page and the site context).
    const origin = await startSite({ '/': '<a href="/a">A</a>', '/a': '<a href="/a/1">A1</a>', '/a/1': '<p>end</p>' }, { slow: ['/a', '/a/1'] });
    const before = await metricsText();

    const page = await auditThroughApi({ url: `${origin}/`, scope: 'page' });
    expect(page.status).toBe('completed');
    // The coordinator's job, alone: the page audits' jobs run on the same queue.
    const coordinatorSum = (text: string) => sample(text, 'citable_job_duration_seconds_sum', { queue: 'audit-run', outcome: 'completed' });
    const coordinatorCount = (text: string) => sample(text, 'citable_job_duration_seconds_count', { queue: 'audit-run', outcome: 'completed' });
    await expect.poll(async () => coordinatorCount(await metricsText())).toBe(coordinatorCount(before) + 1);
    const beforeSite = await metricsText();
    const site = await auditThroughApi({ url: `${origin}/`, scope: 'site', maxPages: 10 });
    expect(site.status, JSON.stringify(site)).toBe('completed');
    // Its job may be recorded as done a moment after the pages it queued have ended the run.
    await expect.poll(async () => coordinatorCount(await metricsText())).toBe(coordinatorCount(beforeSite) + 1);
    const coordinatorSeconds = coordinatorSum(await metricsText()) - coordinatorSum(beforeSite);
    const refused = await auditThroughApi({ url: `http://127.0.0.1:${await closedPort()}/`, scope: 'page' });
    expect(refused.status).toBe('failed');

    const text = await metricsText();
    expect(text).toContain('# TYPE citable_audit_duration_seconds histogram');
    expect(auditCount(text, 'page', 'completed') - auditCount(before, 'page', 'completed')).toBe(1);
    expect(auditCount(text, 'site', 'completed') - auditCount(before, 'site', 'completed')).toBe(1);
    expect(auditCount(text, 'page', 'failed') - auditCount(before, 'page', 'failed')).toBe(1);
    expect(sample(text, 'citable_audit_duration_seconds_bucket', { scope: 'site', outcome: 'completed', le: '+Inf' })).toBe(auditCount(text, 'site', 'completed'));

    // The site audit's duration is the run's whole span (two slow pages one after the other), not its coordinator's.
    const siteSeconds = auditSum(text, 'site', 'completed') - auditSum(before, 'site', 'completed');
    expect(siteSeconds).toBeGreaterThanOrEqual((2 * SLOW_PAGE_MS) / 1000);
    expect(Math.abs(siteSeconds - (await runSpan(site.id)))).toBeLessThan(0.5);
    expect(coordinatorSeconds).toBeGreaterThan(0);
    expect(coordinatorSeconds).toBeLessThan(siteSeconds);

    // Deliveries after the end (a retried coordinator, page jobs redelivered or given up on) count nothing again.
    const deps = handHeldDeps([]);
    await executeRun(deps, userId, site.id);
    await executeRun({ ...deps, enqueuePage: undefined }, userId, page.id);
    for (const url of [`${origin}/a`, `${origin}/a/1`]) {
      await runPageJob(deps, { runId: site.id, userId, url }, 3);
      await giveUpPage(deps, { runId: site.id, userId, url });
    }
    const after = await metricsText();
    for (const [scope, outcome] of [['page', 'completed'], ['site', 'completed'], ['page', 'failed']]) expect(auditCount(after, scope, outcome)).toBe(auditCount(text, scope, outcome));
  });
});

describe('a run ended by two callers at once', () => {
  it('is timed once: only the save that inserted the audit, or the update that failed the run in flight, tells', { timeout: 180_000 }, async () => {
    const origin = await startSite({ '/': '<p>home</p>' });
    const stored = await auditPageUrl(`${origin}/`, { allowHosts: ['127.0.0.1'] });
    const deps = handHeldDeps([]);
    const newRun = async () => (await server.db.insert(auditRuns).values({ userId, scope: 'page', websiteUrl: `${origin}/`, maxPages: 1, status: 'running', counted: false }).returning())[0];
    const before = await metricsText();

    // Two deliveries finishing the same run at the same moment (e.g. the last two page jobs of a crawl on two workers).
    const saved = await newRun();
    await Promise.all([finishRun(deps, userId, saved, stored), finishRun(deps, userId, saved, stored)]);
    await finishRun(deps, userId, saved, stored);
    const failed = await newRun();
    await Promise.all([failAudit(deps, userId, failed.id, 'gone'), failAudit(deps, userId, failed.id, 'gone')]);
    // A run already saved is not failed, nor counted again.
    await failAudit(deps, userId, saved.id, 'late');

    const after = await metricsText();
    expect(auditCount(after, 'page', 'completed') - auditCount(before, 'page', 'completed')).toBe(1);
    expect(auditCount(after, 'page', 'failed') - auditCount(before, 'page', 'failed')).toBe(1);
    expect(await getRun(server.db, userId, saved.id)).toMatchObject({ status: 'completed' });
    expect(await getRun(server.db, userId, failed.id)).toMatchObject({ status: 'failed', error: 'gone' });
  });
});

describe('a site crawl releases what its page jobs needed when its run ends', () => {
  it('on save: the site context (with the sitemap\'s URLs) and the page results go, in the save\'s transaction; rows and counters stay', { timeout: 120_000 }, async () => {
    const origin = await startSite({ '/': '<a href="/a">A</a>', '/a': '<p>a</p>' }, { sitemap: (at) => Array.from({ length: SITEMAP_URLS }, (_, index) => `${at}/s/${index}`) });
    const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/`, maxPages: 3, status: 'queued', counted: true }).returning();
    const queue: PageJobPayload[] = [];
    const deps = handHeldDeps(queue);
    await runSiteCrawl(deps, userId, { ...run, websiteUrl: run.websiteUrl! });

    // While the crawl runs, its row holds the site context every page job audits with, sitemap included.
    const [open] = await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id));
    expect(open.site?.sitemap?.pageUrls.length).toBeGreaterThanOrEqual(SITEMAP_URLS);

    const sent = [...queue];
    while (queue.length > 0) await runPageJob(deps, queue.shift()!);
    const ended = (await getRun(server.db, userId, run.id))!;
    expect(ended.status).toBe('completed');

    const [released] = await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id));
    expect(released.site).toBeNull();
    // What a late delivery is checked against stays.
    expect(released).toMatchObject({ origin, startPageUrl: `${origin}/`, maxPages: 3, pagesAudited: 3, robotsTxt: expect.stringContaining('Sitemap:') });
    const rows = await server.db.select().from(crawlPages).where(eq(crawlPages.runId, run.id));
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(3);
    expect(await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, run.id), isNotNull(crawlPages.result)))).toEqual([]);

    // A page job delivered late finds the crawl released and changes nothing.
    for (const job of sent.slice(0, 3)) {
      await runPageJob({ ...deps, enqueuePage: async () => expect.fail('a late job sent a page job') }, job);
      await giveUpPage(deps, job);
    }
    expect(await server.db.select().from(crawlPages).where(eq(crawlPages.runId, run.id))).toEqual(rows);
    expect(await getRun(server.db, userId, run.id)).toEqual(ended);
  });

  it('on failure: a crawl with no page audited fails its run, releases its site context, and is timed once as a failed site audit', { timeout: 120_000 }, async () => {
    // The home page names as its canonical a page that cannot be read, so no page can be audited.
    const origin = await startSite({ '/': '<link rel="canonical" href="/gone"><a href="/gone">gone</a>' }, { broken: ['/gone'] });
    const before = await metricsText();
    const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/`, maxPages: 5, status: 'queued', counted: true }).returning();
    const queue: PageJobPayload[] = [];
    const deps = handHeldDeps(queue);
    await runSiteCrawl(deps, userId, { ...run, websiteUrl: run.websiteUrl! });
    while (queue.length > 0) {
      const job = queue.shift()!;
      await runPageJob(deps, job);
      await runPageJob(deps, job);
    }
    await runSiteCrawl(deps, userId, { ...(await getRun(server.db, userId, run.id))!, websiteUrl: run.websiteUrl! });

    expect(await getRun(server.db, userId, run.id)).toMatchObject({ status: 'failed', error: `No page of ${origin}/ could be audited.` });
    const [released] = await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id));
    expect(released.site).toBeNull();
    const after = await metricsText();
    expect(auditCount(after, 'site', 'failed') - auditCount(before, 'site', 'failed')).toBe(1);
  });
});

describe('runs ended outside the job path', () => {
  it('a synchronous audit (the audit function, the MCP page audit) is timed when it completes and when it fails', { timeout: 180_000 }, async () => {
    const origin = await startSite({ '/': '<p>home</p>' });
    const refusedUrl = `http://127.0.0.1:${await closedPort()}/`;
    const before = await metricsText();

    const done = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${origin}/` } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const refused = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: refusedUrl } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await expect(auditPageNow(server.app, { allowHosts: ['127.0.0.1'] }, userId, refusedUrl)).rejects.toThrow();

    const after = await metricsText();
    expect(auditCount(after, 'page', 'completed') - auditCount(before, 'page', 'completed')).toBe(1);
    expect(auditCount(after, 'page', 'failed') - auditCount(before, 'page', 'failed')).toBe(2);
    // The completed duration is the run's own span (created -> saved).
    const seconds = auditSum(after, 'page', 'completed') - auditSum(before, 'page', 'completed');
    expect(Math.abs(seconds - (await runSpan(done.body.id)))).toBeLessThan(0.5);
  });

  it('a run whose job could not be sent is timed as failed (POST /api/audits, the public API)', { timeout: 180_000 }, async () => {
    const origin = await startSite({ '/': '<p>home</p>' });
    const before = await metricsText();

    const send = server.app.jobs.send;
    server.app.jobs.send = async () => {
      throw new Error('the queue is down');
    };
    try {
      const refused = await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 2 } });
      expect(refused.status).toBe(500);
    } finally {
      server.app.jobs.send = send;
    }
    // A job the registry does not know is refused by the real registry.
    const unknownJob = { id: 'no-such-queue', payload: { parse: (value: unknown) => value } } as unknown as Parameters<typeof startAudit>[1];
    await expect(startAudit(server.app, unknownJob, userId, { url: `${origin}/`, scope: 'page' })).rejects.toThrow(/not defined/);

    const after = await metricsText();
    expect(auditCount(after, 'site', 'failed') - auditCount(before, 'site', 'failed')).toBe(1);
    expect(auditCount(after, 'page', 'failed') - auditCount(before, 'page', 'failed')).toBe(1);
  });

  /** A site run whose crawl is open (site context and the start page's result kept), untouched for longer than ABANDONED_AFTER_MS. */
  async function abandonedSiteRun(): Promise<string> {
    const origin = await startSite({ '/': '<a href="/a">A</a>', '/a': '<p>a</p>' }, { sitemap: (at) => [`${at}/s/1`, `${at}/s/2`] });
    const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/`, maxPages: 5, status: 'queued', counted: true }).returning();
    await runSiteCrawl(handHeldDeps([]), userId, { ...run, websiteUrl: run.websiteUrl! });
    expect((await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, run.id)))[0].site).not.toBeNull();
    expect(await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, run.id), isNotNull(crawlPages.result)))).not.toEqual([]);
    await server.db
      .update(auditRuns)
      .set({ createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 60_000), updatedAt: new Date(Date.now() - ABANDONED_AFTER_MS - 60_000) })
      .where(eq(auditRuns.id, run.id));
    return run.id;
  }

  async function expectReleased(runId: string): Promise<void> {
    expect(await getRun(server.db, userId, runId)).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
    const [crawl] = await server.db.select().from(siteCrawls).where(eq(siteCrawls.runId, runId));
    expect(crawl.site).toBeNull();
    expect(await server.db.select().from(crawlPages).where(and(eq(crawlPages.runId, runId), isNotNull(crawlPages.result)))).toEqual([]);
  }

  it('the sweeps fail an abandoned site run once, timed, and release its crawl data, however many race for it', { timeout: 120_000 }, async () => {
    const before = await metricsText();

    // A request's sweep (GET /api/audits fails the user's abandoned run before listing).
    const swept = await abandonedSiteRun();
    const listed = await api(server.baseUrl, '/api/audits', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.current).toBeNull();
    await expectReleased(swept);
    const afterRequest = await metricsText();
    expect(auditCount(afterRequest, 'site', 'failed') - auditCount(before, 'site', 'failed')).toBe(1);

    // Both sweeps at once on one run (the interrupted-work sweep sees no job for it): one fails it.
    const raced = await abandonedSiteRun();
    const results = await Promise.all([
      failAbandonedRuns(server.db, userId),
      recoverInterruptedWork(server.db, { embedded: false, log: server.app.log }),
      failAbandonedRuns(server.db, userId),
    ]);
    expect(results[0].length + results[2].length).toBeLessThanOrEqual(1);
    await expectReleased(raced);
    const afterRace = await metricsText();
    expect(auditCount(afterRace, 'site', 'failed') - auditCount(afterRequest, 'site', 'failed')).toBe(1);
    expect(auditSum(afterRace, 'site', 'failed') - auditSum(afterRequest, 'site', 'failed')).toBeGreaterThanOrEqual(ABANDONED_AFTER_MS / 1000);

    // Swept again: nothing left in flight, nothing counted.
    expect(await failAbandonedRuns(server.db, userId)).toEqual([]);
    await recoverInterruptedWork(server.db, { embedded: false, log: server.app.log });
    expect(auditCount(await metricsText(), 'site', 'failed')).toBe(auditCount(afterRace, 'site', 'failed'));
  });
});
