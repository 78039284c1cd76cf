import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditFunctionResponse, AuditRun } from '@citable/contract';
import { auditHistory } from '../../src/db/schema';
import type { StoredAudit } from '../../src/features/audits/stored-audit';
import { setPlan } from '../../src/features/profile/profile';
import { driveRunToEnd } from './drive-run';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The server's audits report the HTTP status each fetched page answered (`page.httpStatus` in the
 * audit result, as the CLI's): the synchronous audit function, dashboard and public API audits
 * (stored with the audit and returned by GET /api/audits/:id and GET /api/v1/audits/:id), and every
 * page of a site audit. A 4xx page is still not audited (issue 18): it fails, or is a crawl error.
 * Jobs are driven in this process (JOBS off), so every step is awaited.
 */

const prose = (topic: string) =>
  `<p>${topic}: sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup.</p><h2>Where does it grow?</h2><p>Most sencha comes from Shizuoka, where about 40% of the tea of Japan is grown.</p>`;

function page(title: string, body: string, links: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;
}

let site: Server;
let origin = '';
let server: TestServer;
let cookie = '';
let userId = '';

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: string, type = 'text/html; charset=utf-8') => response.writeHead(status, { 'content-type': type }).end(body);
    if (path === '/robots.txt') return send(200, 'User-agent: *\nAllow: /\n', 'text/plain');
    if (path === '/') return send(200, page('Lantern Tea', prose('Home'), ['/guide', '/cached', '/missing']));
    if (path === '/guide') return send(200, page('Brewing guide', prose('Guide'), ['/']));
    // A success status other than 200: the status reported is the one the page answered.
    if (path === '/cached') return send(203, page('Tea from the cache', prose('Cached'), ['/']));
    if (path === '/moved') return void response.writeHead(301, { location: '/cached' }).end();
    return send(404, page('Not found', '<p>Nothing here.</p>'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' } });
  cookie = await signUpVerified(server.baseUrl, { name: 'HTTP Status', email: uniqueEmail('http-status'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'core');
}, 180_000);

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const runJob = (runId: string) => driveRunToEnd(server, userId, runId);

async function storedAudit(runId: string): Promise<StoredAudit> {
  const [row] = await server.db.select().from(auditHistory).where(and(eq(auditHistory.userId, userId), eq(auditHistory.id, runId)));
  expect(row, `audit ${runId} is saved`).toBeDefined();
  return row!.auditData as StoredAudit;
}

describe('page.httpStatus of a page audit', () => {
  it('is in the audit function’s result: the status of the page, after redirects', async () => {
    const cases: [string, number][] = [['/guide', 200], ['/cached', 203], ['/moved', 203]];
    for (const [path, status] of cases) {
      const response = await api<AuditFunctionResponse>(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${origin}${path}` } });
      expect(response.status, path).toBe(200);
      expect(response.body.page.httpStatus, path).toBe(status);
    }
  });

  it('is stored with a dashboard audit and returned by GET /api/audits/:id, on every plan', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/cached`, scope: 'page' } });
    expect(started.status).toBe(202);
    await runJob(started.body.id);
    const stored = await storedAudit(started.body.id);
    expect(stored.kind).toBe('page');
    expect(stored.kind !== 'site' && stored.result.page.httpStatus).toBe(203);

    const read = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    expect(read.body.status).toBe('completed');
    expect(read.body.result?.httpStatus).toBe(203);
    expect(read.body.result?.pages).toEqual([expect.objectContaining({ url: `${origin}/cached`, httpStatus: 203 })]);

    // The free plan sees the overall score only, and still which status the page answered.
    await setPlan(server.db, userId, 'free');
    try {
      const free = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
      expect(free.body.result).toMatchObject({ detail: 'overall', httpStatus: 203 });
      expect(free.body.result?.pages).toBeUndefined();
    } finally {
      await setPlan(server.db, userId, 'core');
    }
  });

  it('is returned by GET /api/v1/audits/:id for an audit started through the public API', async () => {
    const key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'HTTP status' } })).body.secret as string;
    const headers = { authorization: `Bearer ${key}` };
    const started = await api<AuditRun>(server.baseUrl, '/api/v1/audits', { headers, body: { url: `${origin}/guide` } });
    expect(started.status).toBe(202);
    await runJob(started.body.id);
    const read = await api<AuditRun>(server.baseUrl, `/api/v1/audits/${started.body.id}`, { headers });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'completed', result: { kind: 'page', httpStatus: 200, pages: [{ url: `${origin}/guide`, httpStatus: 200 }] } });
  });

  it('leaves a 404 page unaudited, as before: the audit fails and nothing is saved', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/missing`, scope: 'page' } });
    await runJob(started.body.id);
    const read = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    expect(read.body).toMatchObject({ status: 'failed', error: `${origin}/missing answered 404 Not Found; error pages are not audited.` });
    expect(read.body.result).toBeUndefined();
  });
});

describe('httpStatus of each page of a site audit', () => {
  it('is stored and returned for every audited page; the 404 stays a crawl error with its status', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 10 } });
    expect(started.status).toBe(202);
    await runJob(started.body.id);
    const read = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    expect(read.body.status).toBe('completed');
    const statuses = Object.fromEntries((read.body.result?.pages ?? []).map((summary) => [summary.url, summary.httpStatus]));
    expect(statuses).toEqual({ [`${origin}/`]: 200, [`${origin}/guide`]: 200, [`${origin}/cached`]: 203 });
    expect(read.body.result?.errorPages).toEqual([{ url: `${origin}/missing`, status: 404, reason: 'answered 404 Not Found' }]);
    // A site audit's status is per page, not one for the audit.
    expect(read.body.result?.httpStatus).toBeUndefined();

    const stored = await storedAudit(started.body.id);
    expect(stored.kind === 'site' && stored.result.pages.map((summary) => summary.httpStatus).sort()).toEqual([200, 200, 203]);
  });
});
