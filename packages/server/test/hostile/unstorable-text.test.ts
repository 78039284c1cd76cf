import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '@citable/contract';
import { createRun, getRun } from '../../src/features/audits/runs';
import { setPlan } from '../../src/features/profile/profile';
import { driveRunToEnd } from '../audits/drive-run';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Issue #35, finding 1: a page whose JSON-LD escapes a lone UTF-16 surrogate (and a NUL) made the
 * audit's save fail in PostgreSQL, and the run stayed "running", so every later audit of the
 * account was refused with 409. Through every entry point the page, a pasted text or a form field
 * carrying such text is stored (the storage boundary, db/storable-text.ts), the run ends, and the
 * next audit starts; no answer is a 500.
 */

// Written into the HTML as the six characters `\ud800`: JSON.parse turns them into a lone surrogate.
const HOSTILE_JSON_LD = String.raw`{"@context":"https://schema.org","@type":"Organization","name":"Widgets \ud800 Inc","description":"Nul \u0000 here","\udc00key":"lone low \udfff"}`;

function hostilePage(title: string, links: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script type="application/ld+json">${HOSTILE_JSON_LD}</script></head><body><main><h1>${title}</h1><p>Widgets Inc makes sturdy widgets in Leeds. Each widget is tested for 40 hours before it ships.</p>${links.map((href) => `<a href="${href}">${href}</a>`).join('')}</main></body></html>`;
}

let site: Server;
let origin = '';
let server: TestServer;
let cookie = '';
let userId = '';
let bearer: Record<string, string> = {};

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (path === '/' || path === '/about') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostilePage(path === '/' ? 'Widgets Inc' : 'About Widgets', ['/about']));
    return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', JOBS: 'off' } });
  cookie = await signUpVerified(server.baseUrl, { name: 'Unstorable', email: uniqueEmail('unstorable'), password: STRONG_PASSWORD });
  userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'agency');
  const key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Unstorable' } })).body.secret as string;
  bearer = { authorization: `Bearer ${key}` };
}, 180_000);

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** The account is free: a new dashboard audit is accepted (202), not refused as "already running" (409). */
async function expectNextAuditStarts(): Promise<void> {
  const next = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'page' } });
  expect(next.status).toBe(202);
  await driveRunToEnd(server, userId, next.body.id);
  expect((await getRun(server.db, userId, next.body.id))?.status).toBe('completed');
}

describe('a page with a lone surrogate and a NUL in its JSON-LD', () => {
  it('is audited and saved by a dashboard page audit (a job), and the next audit starts', async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'page' } });
    expect(started.status).toBe(202);
    await driveRunToEnd(server, userId, started.body.id);
    const run = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    expect(run.body).toMatchObject({ status: 'completed' });
    // The structured data is kept, with the lone surrogate as U+FFFD and the NUL gone.
    expect(JSON.stringify(run.body)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    await expectNextAuditStarts();
  });

  it('is audited and saved by a site audit, page by page, and the next audit starts', { timeout: 180_000 }, async () => {
    const started = await api<AuditRun>(server.baseUrl, '/api/audits', { cookie, body: { url: `${origin}/`, scope: 'site', maxPages: 5 } });
    expect(started.status).toBe(202);
    await driveRunToEnd(server, userId, started.body.id);
    const run = await api<AuditRun>(server.baseUrl, `/api/audits/${started.body.id}`, { cookie });
    expect(run.body).toMatchObject({ status: 'completed', result: { pageCount: 2 } });
    await expectNextAuditStarts();
  });

  it('is audited and saved by scheduled monitoring, and the next audit starts', { timeout: 180_000 }, async () => {
    const run = await createRun(server.db, userId, { scope: 'site', websiteUrl: `${origin}/`, maxPages: 5, status: 'queued', counted: false });
    await server.app.monitor.runAudit(userId, run!.id);
    expect((await getRun(server.db, userId, run!.id))?.status).toBe('completed');
    await expectNextAuditStarts();
  });

  it('is audited by the audit function, by URL and as pasted content, without a 500', async () => {
    const byUrl = await api(server.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${origin}/` } });
    expect(byUrl.status).toBe(200);
    const pasted = await api(server.baseUrl, '/api/functions/ai-visibility-audit', {
      cookie,
      body: { content: `# Widgets \ud800 Inc\n\nWidgets\u0000 Inc makes sturdy widgets in Leeds. Each widget is tested for 40 hours \udfff before it ships.` },
    });
    expect(pasted.status).toBe(200);
    await expectNextAuditStarts();
  });

  it('is audited by MCP run_audit, and the next audit starts', async () => {
    const client = new Client({ name: 'citable-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: bearer } }));
    try {
      const audit = await client.callTool({ name: 'run_audit', arguments: { url: `${origin}/` } });
      expect(audit.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
    await expectNextAuditStarts();
  });
});

describe('a lone surrogate and a NUL in a form field', () => {
  it('is stored by PATCH /api/profile, not answered with a 500', async () => {
    const saved = await api(server.baseUrl, '/api/profile', {
      method: 'PATCH',
      cookie,
      body: { websites: [{ name: 'Widgets \ud800 Inc\u0000', url: `${origin}/` }], competitors: [{ name: 'Rival \udc00', url: 'https://rival.example/' }], business_description: 'We \ud800 make\u0000 widgets' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.websites[0].name).toBe('Widgets \ufffd Inc');
    expect(saved.body.competitors[0].name).toBe('Rival \ufffd');
    expect(saved.body.business_description).toBe('We \ufffd make widgets');
  });

  it('is stored by POST /api/v1/websites and /api/v1/competitors, not answered with a 500', async () => {
    const website = await api(server.baseUrl, '/api/v1/websites', { headers: bearer, body: { name: 'Second \ud800 site', url: 'https://second.example/' } });
    expect(website.status).toBe(201);
    const competitor = await api(server.baseUrl, '/api/v1/competitors', { headers: bearer, body: { name: 'Other\u0000 \udfff rival', url: 'https://other.example/' } });
    expect(competitor.status).toBe(201);
    // What is stored, read back: the lone surrogate as U+FFFD, the NUL gone.
    const websites = await api(server.baseUrl, '/api/v1/websites', { headers: bearer });
    expect(websites.body.websites.map((entry: { name: string }) => entry.name)).toContain('Second \ufffd site');
    const competitors = await api(server.baseUrl, '/api/v1/competitors', { headers: bearer });
    expect(competitors.body.competitors.map((entry: { name: string }) => entry.name)).toContain('Other \ufffd rival');
    await expectNextAuditStarts();
  });
});
