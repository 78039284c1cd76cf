import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { crawlPages } from '../../src/features/audits/crawl/schema';
import { auditHistory } from '../../src/db/schema';
import { auditSite } from '../../src/features/audits/run-audit';
import { getRun } from '../../src/features/audits/runs';
import type { StoredAudit } from '../../src/features/audits/stored-audit';
import { setPlan } from '../../src/features/profile/profile';
import { driveRunToEnd } from './drive-run';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Error pages are not content (issue 18): a page audit of one fails with a clear message (422 on
 * the API, an error result over MCP, a failed run for a job), and a site audit lists them as crawl
 * errors, outside the score and its "N of M pages" counts. Jobs are driven in this process (JOBS
 * off), so every step is awaited rather than waited for.
 */

const prose = (topic: string) =>
  `<p>${topic}: sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup.</p><h2>Where does it grow?</h2><p>Most sencha comes from Shizuoka, where about 40% of the tea of Japan is grown.</p>`;

function page(title: string, body: string, links: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;
}

const CROWDED_SOFT_404S = Array.from({ length: 4 }, (_, i) => `/crowded/soft-${i}`);

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
    // A site whose home page links to two real pages and to five that are errors of every kind.
    if (path === '/') return send(200, page('Lantern Tea', prose('Home'), ['/guide', '/faq', '/missing', '/old', '/broken', '/soft', '/gone.json']));
    if (path === '/guide' || path === '/faq') return send(200, page(path === '/guide' ? 'Brewing guide' : 'Questions', prose(path), ['/']));
    if (path === '/broken') return send(500, page('Internal Server Error', '<p>Something went wrong.</p>'));
    if (path === '/soft') return send(200, page('Page not found', '<p>Sorry, we could not find that page.</p>', ['/']));
    if (path === '/gone.json') return send(404, '{"error":"not found"}', 'application/json');
    // A site whose home page links to soft 404s before its real pages.
    if (path === '/crowded/') return send(200, page('Lantern Tea', prose('Home'), [...CROWDED_SOFT_404S, '/crowded/guide', '/crowded/faq']));
    if (path.startsWith('/crowded/soft-')) return send(200, page('Page not found', '<p>Sorry, we could not find that page.</p>'));
    if (path === '/crowded/guide' || path === '/crowded/faq') return send(200, page(path.endsWith('guide') ? 'Brewing guide' : 'Questions', prose(path)));
    // A site with nothing but error pages.
    if (path.startsWith('/dead')) return send(404, page('Not found', '<p>Nothing here.</p>', ['/dead/a', '/dead/b']));
    return send(404, page('Not found', '<p>Nothing here.</p>'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' } });
  cookie = await signUpVerified(server.baseUrl, { name: 'Error Pages', email: uniqueEmail('error-pages'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'core');
}, 180_000);

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** A queued run started through the API, driven to its end in this process, as the dashboard then reads it. */
async function runJob(runId: string): Promise<AuditRun> {
  await driveRunToEnd(server, userId, runId);
  return (await api<AuditRun>(server.baseUrl, `/api/audits/${runId}`, { cookie })).body;
}

describe('a page audit of an error page', () => {
  it('answers 422 with one clear line on the audit function, and saves nothing', async () => {
    const cases: [string, string][] = [
      ['/missing', `${origin}/missing answered 404 Not Found; error pages are not audited.`],
      ['/broken', `${origin}/broken answered 500 Internal Server Error; error pages are not audited.`],
      ['/gone.json', `${origin}/gone.json answered 404 Not Found; error pages are not audited.`],
      ['/soft', `${origin}/soft answered 200 OK but says "Page not found" (a soft 404); error pages are not audited.`],
    ];
    for (const [path, message] of cases) {
      const response = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${origin}${path}` } });
      expect(response, path).toMatchObject({ status: 422, body: { error: message } });
    }
    const history = await server.db.select().from(auditHistory).where(eq(auditHistory.userId, userId));
    expect(history).toEqual([]);
    // The slot is free again, and a real page is audited.
    const real = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${origin}/guide` } });
    expect(real.status).toBe(200);
  });

  it('refuses it in the audit tools too (audit insights, competitive analysis) with 422', async () => {
    const insights = await api(server.baseUrl, '/api/functions/enhanced-audit-insights', { cookie, body: { url: `${origin}/soft` } });
    expect(insights).toMatchObject({ status: 422, body: { error: `${origin}/soft answered 200 OK but says "Page not found" (a soft 404); error pages are not audited.` } });
    // Competitive analysis is a Pro tool; Pro audits up to 100 pages per site, as Core does.
    await setPlan(server.db, userId, 'pro');
    const compared = await api(server.baseUrl, '/api/functions/competitive-analysis', { cookie, body: { primaryUrl: `${origin}/guide`, competitorUrls: [`${origin}/missing`] } });
    expect(compared).toMatchObject({ status: 422, body: { error: `${origin}/missing answered 404 Not Found; error pages are not audited.` } });
  });

  it('fails a dashboard page audit (a job) with the message', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/missing`, scope: 'page' } });
    expect(started.status).toBe(202);
    expect(await runJob(started.body.id)).toMatchObject({ status: 'failed', error: `${origin}/missing answered 404 Not Found; error pages are not audited.` });
  });

  it('fails a public API audit and answers an MCP run_audit with an error result', async () => {
    const key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Error pages' } })).body.secret as string;
    const headers = { authorization: `Bearer ${key}` };
    const started = await api<AuditRun>(server.baseUrl, '/api/v1/audits', { headers, body: { url: `${origin}/broken` } });
    expect(started.status).toBe(202);
    await runJob(started.body.id);
    const read = await api<AuditRun>(server.baseUrl, `/api/v1/audits/${started.body.id}`, { headers });
    expect(read.body).toMatchObject({ status: 'failed', error: `${origin}/broken answered 500 Internal Server Error; error pages are not audited.` });

    const client = new Client({ name: 'citable-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers } }));
    try {
      const audit = await client.callTool({ name: 'run_audit', arguments: { url: `${origin}/missing` } });
      expect(audit.isError).toBe(true);
      expect((audit.content as { text: string }[])[0].text).toBe(`${origin}/missing answered 404 Not Found; error pages are not audited.`);
    } finally {
      await client.close();
    }
  });
});

describe('a site audit with error pages', () => {
  it('lists them as crawl errors, outside the score, the page count and the "N of M pages" counts', { timeout: 180_000 }, async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 10 } });
    expect(started.status).toBe(202);
    const run = await runJob(started.body.id);
    expect(run).toMatchObject({ status: 'completed', progress: { done: 3, total: 3 } });
    expect(run.result?.pageCount).toBe(3);
    expect(run.result?.pages?.map((entry) => entry.url).sort()).toEqual([`${origin}/`, `${origin}/faq`, `${origin}/guide`]);
    const errorPages = [...(run.result?.errorPages ?? [])].sort((a, b) => a.url.localeCompare(b.url));
    expect(errorPages).toEqual([
      { url: `${origin}/broken`, status: 500, reason: 'answered 500 Internal Server Error' },
      { url: `${origin}/gone.json`, status: 404, reason: 'answered 404 Not Found' },
      { url: `${origin}/missing`, status: 404, reason: 'answered 404 Not Found' },
      { url: `${origin}/old`, status: 404, reason: 'answered 404 Not Found' },
      { url: `${origin}/soft`, status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' },
    ]);
    for (const recommendation of run.result?.recommendations ?? []) expect(recommendation).toMatch(/\(\d of 3 pages\)$/);
    for (const check of run.result?.checks ?? []) expect(check.pagesApplicable ?? 0).toBeLessThanOrEqual(3);
    const rows = await server.db.select().from(crawlPages).where(eq(crawlPages.runId, started.body.id));
    expect(rows.filter((row) => row.status === 'error-page').map((row) => new URL(row.url).pathname).sort()).toEqual(['/broken', '/gone.json', '/missing', '/old', '/soft']);

    // The in-process crawl (scheduled monitoring) agrees: same pages, same scores, same error pages.
    const inProcess = await auditSite(`${origin}/`, { allowHosts: ['127.0.0.1'], maxPages: 10, onProgress: async () => {} });
    if (inProcess.kind !== 'site') throw new Error('expected a site audit');
    const [history] = await server.db.select().from(auditHistory).where(eq(auditHistory.id, started.body.id));
    const stored = history.auditData as StoredAudit & { kind: 'site' };
    expect(inProcess.result.overallScore).toBe(stored.result.overallScore);
    expect(inProcess.result.pageCount).toBe(3);
    const byUrl = (list: { url: string }[] = []) => [...list].sort((a, b) => a.url.localeCompare(b.url));
    expect(byUrl(inProcess.result.errorPages)).toEqual(byUrl(stored.result.errorPages));
  });

  it('fails with a clear message when every page read is an error page, rather than scoring 0', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/dead/`, scope: 'site' } });
    const run = await runJob(started.body.id);
    expect(run).toMatchObject({
      status: 'failed',
      error: `Every page read from ${origin}/dead/ was an error page (3 answered an HTTP error or said the page was not found); error pages are not audited.`,
    });
    expect(run.result).toBeUndefined();
    await expect(auditSite(`${origin}/dead/`, { allowHosts: ['127.0.0.1'], maxPages: 10, onProgress: async () => {} })).rejects.toThrow(/^Every page read from .* was an error page/);
  });
});

describe('the page limit of a site audit', () => {
  it('counts content pages only: soft 404s take no room, in the job crawl and in the in-process crawl alike', { timeout: 180_000 }, async () => {
    const softErrors = CROWDED_SOFT_404S.map((path) => ({ url: `${origin}${path}`, status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' }));
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/crowded/`, scope: 'site', maxPages: 3 } });
    expect(started.status).toBe(202);
    const run = await runJob(started.body.id);
    expect(run).toMatchObject({ status: 'completed', progress: { done: 3, total: 3 } });
    expect(run.result?.pages?.map((entry) => entry.url).sort()).toEqual([`${origin}/crowded/`, `${origin}/crowded/faq`, `${origin}/crowded/guide`]);
    expect([...(run.result?.errorPages ?? [])].sort((a, b) => a.url.localeCompare(b.url))).toEqual(softErrors);

    // The in-process crawl (scheduled monitoring): the soft 404s come first, and used to fill the limit.
    const inProcess = await auditSite(`${origin}/crowded/`, { allowHosts: ['127.0.0.1'], maxPages: 3, onProgress: async () => {} });
    if (inProcess.kind !== 'site') throw new Error('expected a site audit');
    expect(inProcess.result.pages?.map((entry) => entry.url).sort()).toEqual([`${origin}/crowded/`, `${origin}/crowded/faq`, `${origin}/crowded/guide`]);
    expect([...(inProcess.result.errorPages ?? [])].sort((a, b) => a.url.localeCompare(b.url))).toEqual(softErrors);
  });

  it('reads the number of pages asked for, within the plan\'s limit, on the dashboard and the public API', async () => {
    const refused = await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 101 } });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Your plan audits up to 100 pages per site.', requiredPlan: 'agency' } });
    const key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Pages' } })).body.secret as string;
    const headers = { authorization: `Bearer ${key}` };
    const overApi = await api(server.baseUrl, '/api/v1/audits', { headers, body: { url: `${origin}/`, scope: 'site', maxPages: 200 } });
    expect(overApi).toMatchObject({ status: 403, body: { error: 'Your plan audits up to 100 pages per site.' } });
    expect((await api(server.baseUrl, '/api/v1/audits', { headers, body: { url: `${origin}/`, scope: 'site', maxPages: 0 } })).status).toBe(400);

    const accepted = await api<AuditRun>(server.baseUrl, '/api/v1/audits', { headers, body: { url: `${origin}/`, scope: 'site', maxPages: 100 } });
    expect(accepted.status).toBe(202);
    expect((await getRun(server.db, userId, accepted.body.id))?.maxPages).toBe(100);
    await runJob(accepted.body.id);
    // Without a number, the default of 25.
    const byDefault = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site' } });
    expect((await getRun(server.db, userId, byDefault.body.id))?.maxPages).toBe(25);
    await runJob(byDefault.body.id);
  });
});
