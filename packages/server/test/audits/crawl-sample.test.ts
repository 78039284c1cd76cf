import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { auditHistory, auditRuns } from '../../src/db/schema';
import { runPageJob, runSiteCrawl, type CrawlDeps, type PageJobPayload } from '../../src/features/audits/crawl/site-crawl';
import { getRun } from '../../src/features/audits/runs';
import type { StoredAudit } from '../../src/features/audits/stored-audit';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Stable page samples (issue 30): a site audit with a page limit smaller than the site reads the
 * same pages of an unchanged site every time, whichever page job ends first and however many
 * workers run them, so two audits of it are compared. The pages are admitted breadth first in
 * discovery order: the start page, its links in the order they appear, then their links.
 *
 * The site answers each page after a delay the test sets per run: one run the pages linked first
 * are the slowest, the next run the fastest, so the page jobs end in opposite orders.
 */

/** home -> nine sections; the first three sections link to articles, one article from two of them. */
const LINKS: Record<string, string[]> = {
  '/': ['/s1', '/s2', '/s3', '/s4', '/s5', '/s6', '/s7', '/s8', '/s9'],
  '/s1': ['/s1/a', '/shared', '/s1/b'],
  '/s2': ['/s2/a'],
  '/s3': ['/shared', '/s3/a'],
};
const PATHS = [...new Set([...Object.keys(LINKS), ...Object.values(LINKS).flat()])];

let site: Server;
let origin = '';
/** Milliseconds each path waits before answering, set per run. */
let delays: Record<string, number> = {};

function pageHtml(path: string): string {
  const links = (LINKS[path] ?? []).map((link) => `<li><a href="${link}">${link}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><title>Lantern Tea ${path}</title></head><body><main><h1>Lantern Tea ${path}</h1><p>Sencha is a steamed Japanese green tea; brew it at 70 °C for one minute.</p><ul>${links}</ul></main></body></html>`;
}

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (!PATHS.includes(path)) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(path)), delays[path] ?? 0);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

/** Delays that make the pages linked first the slowest (`slowFirst`) or the fastest. */
function latency(slowFirst: boolean): Record<string, number> {
  const ordered = PATHS.filter((path) => path !== '/');
  return Object.fromEntries(ordered.map((path, index) => [path, 60 * (slowFirst ? ordered.length - index : index + 1)]));
}

const pathsOf = (stored: StoredAudit) => (stored.kind === 'site' ? stored.result.pages.map((page) => new URL(page.url!).pathname) : []);

describe('stable page samples, through the job workers', () => {
  let server: TestServer;
  let cookie = '';
  beforeAll(async () => {
    // Four page jobs at once in this process: they end in the order the site answers.
    server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', AUDIT_JOB_CONCURRENCY: '4' } });
    cookie = await signUpVerified(server.baseUrl, { name: 'Samples', email: uniqueEmail('samples'), password: STRONG_PASSWORD });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  async function siteAudit(maxPages: number): Promise<string[]> {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const run = (await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie })).body;
      if (run.status === 'completed') break;
      if (run.status === 'failed') throw new Error(`site audit failed: ${run.error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = await server.db.select().from(auditHistory).where(eq(auditHistory.id, started.body.id));
    return pathsOf(row.auditData);
  }

  it('reads the same four pages of an unchanged site on two audits whose page jobs end in opposite orders', { timeout: 180_000 }, async () => {
    delays = latency(true);
    const first = await siteAudit(4);
    delays = latency(false);
    const second = await siteAudit(4);
    // Breadth first: the start page, then its first three links, in the order they appear.
    expect(first).toEqual(['/', '/s1', '/s2', '/s3']);
    expect(second).toEqual(first);
  });
});

describe('stable page samples, several workers at once', () => {
  let server: TestServer;
  let userId = '';
  beforeAll(async () => {
    server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' } });
    const cookie = await signUpVerified(server.baseUrl, { name: 'Samples', email: uniqueEmail('samples-workers'), password: STRONG_PASSWORD });
    userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** The coordinator, then every page job, taken from the queue by `workers` workers at once. */
  async function crawl(maxPages: number, workers: number): Promise<string[]> {
    const [run] = await server.db.insert(auditRuns).values({ userId, scope: 'site', websiteUrl: `${origin}/`, maxPages, status: 'queued', counted: true }).returning();
    const queue: PageJobPayload[] = [];
    const deps: CrawlDeps = { db: server.db, allowHosts: ['127.0.0.1'], log: server.app.log, enqueuePage: async (payload) => void queue.push(payload) };
    await runSiteCrawl(deps, userId, { ...(await getRun(server.db, userId, run.id))!, websiteUrl: `${origin}/` });
    let busy = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (;;) {
          const job = queue.shift();
          if (job) {
            busy += 1;
            await runPageJob(deps, job).finally(() => (busy -= 1));
          } else if (busy === 0) {
            return;
          } else {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
      }),
    );
    expect((await getRun(server.db, userId, run.id))?.status).toBe('completed');
    const [row] = await server.db.select().from(auditHistory).where(eq(auditHistory.id, run.id));
    return pathsOf(row.auditData);
  }

  it('reads the same pages, breadth first into the second level, whatever order five workers end their jobs in', { timeout: 180_000 }, async () => {
    delays = latency(true);
    const first = await crawl(12, 5);
    delays = latency(false);
    const second = await crawl(12, 5);
    // The start page, its nine links, then the first links of the first section: /s1/a and
    // /shared (which /s3 links to as well; /s1 comes first).
    expect(first).toEqual(['/', '/s1', '/s2', '/s3', '/s4', '/s5', '/s6', '/s7', '/s8', '/s9', '/s1/a', '/shared']);
    expect(second).toEqual(first);
  });

  it('reads the whole site when the limit allows it', { timeout: 180_000 }, async () => {
    delays = latency(false);
    expect([...(await crawl(50, 3))].sort()).toEqual([...PATHS].sort());
  });
});
