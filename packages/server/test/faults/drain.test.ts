import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';
import { connectionRefused, killAll, spawnServer, spawnWorker, until, type ServerProcess } from './processes';
import { countingSite, type CountingSite } from './slow-site';

/**
 * SIGTERM drains (issue #10): real `npm start` and `npm run worker` processes get SIGTERM while
 * a request or a job is running, finish it, refuse new connections meanwhile, and exit 0.
 * The slowness is real: the audited site answers slowly.
 */

const storages: TestStorage[] = [];
const sites: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await killAll();
  for (const site of sites) await site.close();
  for (const storage of storages) await storage.remove();
});

async function keptStorage(): Promise<TestStorage> {
  const storage = await createTestStorage();
  storages.push(storage);
  return storage;
}

/** A one-page site that holds every page request for `delayMs`, and says when the first one arrived. */
async function slowPageSite(delayMs: number): Promise<{ url: string; firstPageRequest: Promise<void>; close(): Promise<void> }> {
  let arrived!: () => void;
  const firstPageRequest = new Promise<void>((resolve) => (arrived = resolve));
  const server = createHttpServer((request, response) => {
    if (request.url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (request.url !== '/slow') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    arrived();
    setTimeout(() => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow Tea | Lantern Tea</title><meta name="description" content="Slow Tea: how Lantern Tea steeps gyokuro for three minutes at 50 °C."></head>' +
            '<body><main><h1>Slow Tea</h1><h2>How long should gyokuro steep?</h2><p>Gyokuro steeps for three minutes at 50 °C; the low temperature keeps it sweet.</p></main></body></html>',
        );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    firstPageRequest,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  sites.push(site);
  return site;
}


async function auditStatus(baseUrl: string, cookie: string, runId: string): Promise<{ status: string; progress?: { done: number } }> {
  const run = await api(baseUrl, `/api/audits/${runId}`, { cookie });
  if (run.status !== 200) throw new Error(`GET /api/audits/${runId}: ${run.status} ${JSON.stringify(run.body)}`);
  return run.body;
}

/** Onboards the user with the site as their own website, so page audits of it are not counted. */
async function onboard(baseUrl: string, cookie: string, siteUrl: string): Promise<void> {
  const onboarding = await api(baseUrl, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: siteUrl }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
}

describe('SIGTERM drains the API', () => {
  it('finishes an in-flight request with 200, refuses new connections meanwhile, and exits 0', { timeout: 240_000 }, async () => {
    // A page audit reads its page once, then again as a browser and as each AI crawler, four at a
    // time (crawler/ai-crawler-probe.ts): about four waits of `delayMs` in a row. 2.5 s each keeps the
    // request in flight for about 10 s after SIGTERM, far longer than the listening socket takes to
    // close (under a second); the assertion below says so if a busy machine ever needs more.
    const site = await slowPageSite(2_500);
    const storage = await keptStorage();
    const server = await spawnServer({ storage, env: { FETCH_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_SECONDS: '90' } });
    const cookie = await signUpVerified(server.baseUrl, { name: 'Drain Api', email: uniqueEmail('drain'), password: STRONG_PASSWORD });
    await onboard(server.baseUrl, cookie, site.url);

    // A synchronous page audit: the response waits for the slow page.
    let settled = false;
    const inFlight = api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${site.url}/slow` } }).finally(() => (settled = true));
    await site.firstPageRequest;
    server.signal('SIGTERM');
    await server.waitForOutput(/SIGTERM received: draining/);

    // The listening socket closes at once; the request is still being served.
    await until('new connections to be refused', async () => ((await connectionRefused(server.port)) ? true : undefined), 30_000);
    expect(settled, 'the slow request finished before new connections were refused; make the site slower').toBe(false);
    expect(server.hasExited()).toBe(false);

    const response = await inFlight;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(typeof response.body.overallScore).toBe('number');

    const exit = await server.waitForExit(120_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/drained: exiting/);
  });
});

describe('SIGTERM drains jobs', () => {
  /**
   * Starts a site audit and resolves once a page job is fetching a slow page: a job is running.
   * The crawl runs as page jobs (features/audits/crawl), so the unit a shutdown drains is the page.
   */
  async function pageJobRunning(baseUrl: string, cookie: string, site: CountingSite): Promise<string> {
    const started = await api(baseUrl, '/api/audits', { cookie, body: { url: site.url, scope: 'site', maxPages: 4 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await site.slowPageRequested;
    return (started.body.id ?? started.body.runId) as string;
  }

  /**
   * Every page that a page job fetches was fetched exactly once: no job was cut off mid-page and
   * run again. (The home page is also read for the site context, so it is not counted.)
   */
  function expectEachPageFetchedOnce(site: CountingSite): void {
    expect(Object.fromEntries(['/about', '/faq', '/guide'].map((path) => [path, site.hits.get(path) ?? 0]))).toEqual({ '/about': 1, '/faq': 1, '/guide': 1 });
  }

  async function completedRun(baseUrl: string, cookie: string, runId: string): Promise<{ status: string; progress?: { done: number } }> {
    return until('the site audit to complete', async () => {
      const run = await auditStatus(baseUrl, cookie, runId);
      if (run.status === 'failed') throw new Error(`the audit failed: ${JSON.stringify(run)}`);
      return run.status === 'completed' ? run : undefined;
    }, 120_000);
  }

  it('the API process (which works jobs) finishes its running page jobs before it exits 0; the rest run after a restart', { timeout: 300_000 }, async () => {
    // SIGTERM is sent as the first slow page is requested: 2 s keeps that page job running through
    // the signal, and each later page job as long again.
    const site = await countingSite(2_000);
    sites.push(site);
    const storage = await keptStorage();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_SECONDS: '90' };
    const server: ServerProcess = await spawnServer({ storage, env });
    const cookie = await signUpVerified(server.baseUrl, { name: 'Drain Jobs', email: uniqueEmail('drain-jobs'), password: STRONG_PASSWORD });
    await onboard(server.baseUrl, cookie, site.url);
    const runId = await pageJobRunning(server.baseUrl, cookie, site);

    server.signal('SIGTERM');
    const exit = await server.waitForExit(150_000);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });

    // On the same storage the pages still queued are worked; none that was running is fetched again.
    const restarted = await spawnServer({ storage, env, port: server.port });
    try {
      const run = await completedRun(restarted.baseUrl, cookie, runId);
      expect(run.progress?.done).toBe(4);
      expectEachPageFetchedOnce(site);
    } finally {
      restarted.signal('SIGTERM');
      expect((await restarted.waitForExit(120_000)).code).toBe(0);
    }
  });

  describe.runIf(process.env.DATABASE_URL)('a dedicated worker on PostgreSQL', () => {
    let api_: TestServer | undefined;
    afterAll(async () => {
      await api_?.close();
    });

    it('finishes its running page jobs before it exits 0; another worker finishes the audit', { timeout: 300_000 }, async () => {
      const site = await countingSite(2_000);
      sites.push(site);
      const storage = await keptStorage();
      api_ = await startTestServer({ storage, env: { JOBS: 'off', FETCH_ALLOW_HOSTS: '127.0.0.1' } });
      const workerEnv = { FETCH_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_SECONDS: '90' };
      const worker = await spawnWorker({ storage, env: workerEnv });
      const cookie = await signUpVerified(api_.baseUrl, { name: 'Drain Worker', email: uniqueEmail('drain-worker'), password: STRONG_PASSWORD });
      await onboard(api_.baseUrl, cookie, site.url);
      const runId = await pageJobRunning(api_.baseUrl, cookie, site);

      worker.signal('SIGTERM');
      const exit = await worker.waitForExit(150_000);
      expect(exit, worker.output()).toEqual({ code: 0, signal: null });

      const next = await spawnWorker({ storage, env: workerEnv });
      const run = await completedRun(api_.baseUrl, cookie, runId);
      expect(run.progress?.done).toBe(4);
      expectEachPageFetchedOnce(site);
      next.signal('SIGTERM');
      expect((await next.waitForExit(120_000)).code).toBe(0);
    });
  });
});
