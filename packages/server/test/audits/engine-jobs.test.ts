import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { defaultAuditJobConcurrency } from '../../src/config';
import type { CrawlDeps } from '../../src/features/audits/crawl/site-crawl';
import { auditEngine } from '../../src/features/audits/engine/audit-engine';
import { ENGINE_OUT_OF_MEMORY_MESSAGE } from '../../src/features/audits/engine/engine-pool';
import { auditPageJob } from '../../src/features/audits/jobs/audit-page';
import { auditRunJob } from '../../src/features/audits/jobs/audit-run';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Audit jobs and the engine's threads, end to end: the audit queues start a submitted audit
 * promptly (woken on send, polled every half second otherwise) and run several at once, whose
 * engine work goes to the pool; a page that takes an engine thread out of memory fails its audit
 * with a message, and the next audit runs on a new thread. Overlap is shown by events (a site that
 * holds its answers until two audits wait on it), never by timing.
 */

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Lantern Tea</title><meta name="description" content="${title}: single-origin green teas from Shizuoka."></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const prose = '<p>Sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute; about 40% of the tea of Japan grows in Shizuoka.</p>';
// About 4 MB of dense markup (under the fetcher's 5 MB cap): far more than a 64 MB engine heap holds once modelled.
const HUGE = html('Everything about tea', Array.from({ length: 9000 }, (_, i) => `<h2>Question ${i}?</h2><p><a href="/q/${i}">Answer ${i}</a> ${prose}</p><ul><li>${i}</li></ul>`).join(''));

interface GatedSite {
  origin: string;
  /** Resolves once `count` requests for /gated are being held at once. */
  held(count: number): Promise<void>;
  /** Answers the held requests, and every later one at once. */
  open(): void;
  server: Server;
}

async function startGatedSite(): Promise<GatedSite> {
  const waiting: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let opened = false;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (path === '/huge') return void send(HUGE);
    if (path === '/' || path === '/after') return void send(html('Lantern Tea', prose));
    if (path !== '/gated') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (opened) return void send(html('Brewing guide', prose));
    const answer = () => send(html('Brewing guide', prose));
    waiting.push(answer);
    // A request its client gave up on (the fetcher's timeout) is no longer waiting.
    response.on('close', () => {
      if (waiting.includes(answer)) waiting.splice(waiting.indexOf(answer), 1);
    });
    for (const watcher of watchers.filter((w) => waiting.length >= w.count)) watcher.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: (count) => new Promise((resolve) => (waiting.length >= count ? resolve() : watchers.push({ count, resolve }))),
    open() {
      opened = true;
      for (const answer of waiting.splice(0)) answer();
    },
    server,
  };
}

let server: TestServer;
let site: GatedSite;

async function newUser(): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Engine Tester', email: uniqueEmail('engine'), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'core');
  const onboarding = await api(server.baseUrl, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: site.origin }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status).toBe(200);
  return cookie;
}

async function submit(cookie: string, path: string): Promise<string> {
  const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${site.origin}${path}`, scope: 'page' } });
  expect(started.status).toBe(202);
  return started.body.id;
}

/** Reads the run until it has ended; the test's own timeout bounds the wait. */
async function ended(cookie: string, id: string): Promise<AuditRun> {
  for (;;) {
    const run = (await api<AuditRun>(server.baseUrl, `/api/audits/${id}`, { cookie })).body;
    if (run.status === 'completed' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  site = await startGatedSite();
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', AUDIT_JOB_CONCURRENCY: '3', AUDIT_THREADS: '1', AUDIT_WORKER_HEAP_MB: '64' } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => site?.server.close(resolve));
});

describe('audit jobs', () => {
  it('are woken when sent, polled every half second otherwise, worked through job after job, as many at once as AUDIT_JOB_CONCURRENCY says', async () => {
    const run = auditRunJob({ jobConcurrency: 3 } as CrawlDeps);
    expect(run.queue?.notify).toBe(true);
    expect(run.work).toMatchObject({ localConcurrency: 3, pollingIntervalSeconds: 0.5, fetchAgainAfterJob: true });
    expect(run.work?.notifyPollingIntervalSeconds).toBeLessThanOrEqual(2);
    expect(auditRunJob({} as CrawlDeps).work?.localConcurrency).toBe(defaultAuditJobConcurrency());
    const page = auditPageJob({ jobConcurrency: 16 } as CrawlDeps);
    expect(page.queue?.notify).toBe(true);
    expect(page.work).toMatchObject({ batchSize: 4, localConcurrency: 4, pollingIntervalSeconds: 0.5 });
    expect(auditPageJob({ jobConcurrency: 1 } as CrawlDeps).work?.localConcurrency).toBe(2);
    // The queues as stored, which every process's sends follow (pg_notify on send).
    const result = await server.db.execute<{ name: string; notify: boolean }>(sql`select name, notify from pgboss.queue where name in ('audit-run', 'audit-page') order by name`);
    const rows = (result as { rows?: { name: string; notify: boolean }[] }).rows ?? (result as unknown as { name: string; notify: boolean }[]);
    expect(rows).toEqual([
      { name: 'audit-page', notify: true },
      { name: 'audit-run', notify: true },
    ]);
    expect(server.config.auditEngine).toEqual({ threads: 1, jobConcurrency: 3, heapMb: 64 });
  });

  it('run at once: two audits are in flight together, then both complete on the engine threads', async () => {
    const [first, second] = await Promise.all([newUser(), newUser()]);
    const before = auditEngine().stats.completed;
    const ids = [await submit(first, '/gated'), await submit(second, '/gated')];
    // Both jobs have fetched robots.txt and now wait on the page: neither waited for the other.
    await site.held(2);
    const active = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'audit-run' and state = 'active'`);
    expect(((active as { rows?: { n: number }[] }).rows ?? (active as unknown as { n: number }[]))[0]?.n).toBe(2);
    for (const [index, cookie] of [first, second].entries()) expect((await api<AuditRun>(server.baseUrl, `/api/audits/${ids[index]}`, { cookie })).body.status).toBe('running');
    site.open();
    const runs = await Promise.all([ended(first, ids[0]!), ended(second, ids[1]!)]);
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed']);
    expect(auditEngine().stats.completed - before).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('fail with a message when a page takes an engine thread out of memory, and the next audit runs on a new thread', async () => {
    const cookie = await newUser();
    const huge = await ended(cookie, await submit(cookie, '/huge'));
    expect(huge.status).toBe('failed');
    expect(huge.error).toBe(ENGINE_OUT_OF_MEMORY_MESSAGE);
    const after = await ended(cookie, await submit(cookie, '/after'));
    expect(after.status).toBe('completed');
    expect(auditEngine().stats.threads).toBe(1);
  }, 120_000);

  it('audit pasted content on the engine threads too (POST /api/functions/ai-visibility-audit)', async () => {
    const cookie = await newUser();
    const before = auditEngine().stats.completed;
    const response = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { content: `# Brewing green tea\n\n${'Lantern Tea explains how to brew sencha at 70 °C for one minute. '.repeat(20)}` } });
    expect(response.status).toBe(200);
    expect(auditEngine().stats.completed).toBe(before + 1);
  }, 60_000);
});
