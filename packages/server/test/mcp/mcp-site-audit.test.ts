import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { auditRunSchema } from '@citable/contract';
import { auditRuns } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { CANCELLED_MESSAGE } from '../../src/features/mcp/site-audit';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * audit_site over HTTP with the official SDK client: the crawl's progress reaches the client as
 * `notifications/progress` while it runs, and cancelling the call stops the crawl.
 *
 * The site holds every page but the home page until the test lets it go: the crawl cannot end
 * before the client has seen progress, so the test waits on events, not on time.
 */

const SUBPAGES = ['/guide/1', '/guide/2', '/guide/3'];

interface GatedSite {
  origin: string;
  /** Answers the held pages and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

async function serveGatedSite(): Promise<GatedSite> {
  const held: { path: string; response: ServerResponse }[] = [];
  let released = false;
  const page = (path: string, response: ServerResponse) => {
    const links = path === '/' ? SUBPAGES.map((link) => `<li><a href="${link}">Guide ${link.slice(-1)}</a></li>`).join('') : '<li><a href="/">Home</a></li>';
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Lantern Tea ${path}</title><meta name="description" content="How to brew green tea."></head><body><main><h1>Brewing green tea ${path}</h1><p>Brew sencha at 70 °C for one minute with five grams of leaves.</p><ul>${links}</ul></main></body></html>`);
  };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/') return page(path, response);
    if (SUBPAGES.includes(path)) {
      if (released) return page(path, response);
      held.push({ path, response });
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    released = true;
    for (const { path, response } of held.splice(0)) if (!response.destroyed) page(path, response);
  };
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release,
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let server: TestServer;
const sites: GatedSite[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await server?.close();
});

async function newAccount(): Promise<{ key: string; userId: string }> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Crawl Tester', email: uniqueEmail('mcp-site'), password: STRONG_PASSWORD });
  const userId = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, userId, 'core');
  const key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Assistant' } })).body.secret as string;
  return { key, userId };
}

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'citable-site-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  // Listing the tools makes the client validate structured content against the output schemas.
  await client.listTools();
  return client;
}

/** Sends `notifications/cancelled` for a request id, as the SDK client does, with that key. */
async function cancelAs(key: string, requestId: number): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'not yours' } }),
  });
  await response.body?.cancel();
  return response.status;
}

it('reports the crawl as progress notifications and returns the site report', async () => {
  const site = await serveGatedSite();
  sites.push(site);
  const { key } = await newAccount();
  const other = await newAccount();
  const client = await connect(key);
  try {
    const events: Progress[] = [];
    let crossed: Promise<number[]> | undefined;
    const result = await client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 4 } }, undefined, {
      onprogress(progress) {
        events.push(progress);
        // The home page is audited. Another key cancels every request id this client may have
        // used (ids are only unique per client): a cancellation reaches its own key's calls only.
        // Then the rest of the site may answer.
        if (progress.progress >= 1 && !crossed) {
          crossed = Promise.all(Array.from({ length: 10 }, (_, id) => cancelAs(other.key, id)));
          void crossed.then(() => site.release());
        }
      },
      resetTimeoutOnProgress: true,
      timeout: 300_000,
    });
    expect(await crossed).toEqual(Array.from({ length: 10 }, () => 202));
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const run = auditRunSchema.parse(result.structuredContent);
    expect(run).toMatchObject({ status: 'completed', scope: 'site', website_url: `${site.origin}/` });
    expect(run.result?.pageCount).toBe(4);
    expect((result.content as { text: string }[])[0].text).toContain(`${run.result?.overallScore}/100 over 4 page(s)`);

    // Progress came while the crawl was held, so before the answer, and it only ever grew.
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0].progress).toBe(0);
    expect(events.some((event) => event.progress >= 1 && event.progress < 4)).toBe(true);
    for (let index = 1; index < events.length; index++) expect(events[index].progress).toBeGreaterThan(events[index - 1].progress);
    expect(events.filter((event) => event.total !== undefined).every((event) => event.total! >= event.progress && event.total! <= 4)).toBe(true);

    // The same run the REST API and the dashboard show.
    const viaRest = await api(server.baseUrl, `/api/v1/audits/${run.id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ id: run.id, status: 'completed' });
  } finally {
    await client.close();
  }
});

it('answers without progress when the client asks for none', async () => {
  const site = await serveGatedSite();
  sites.push(site);
  site.release();
  const { key } = await newAccount();
  const client = await connect(key);
  try {
    const result = await client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 2 } }, undefined, { timeout: 300_000 });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(auditRunSchema.parse(result.structuredContent).result?.pageCount).toBe(2);
  } finally {
    await client.close();
  }
});

it('stops the crawl when the client cancels the call', async () => {
  const site = await serveGatedSite();
  sites.push(site);
  const { key, userId } = await newAccount();
  const client = await connect(key);
  try {
    const cancel = new AbortController();
    const call = client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 4 } }, undefined, {
      signal: cancel.signal,
      onprogress(progress) {
        if (progress.progress >= 1) cancel.abort('The user changed their mind');
      },
      timeout: 300_000,
    });
    await expect(call).rejects.toThrow(/changed their mind|abort/i);
    // The SDK sent notifications/cancelled in a POST of its own; the server ends the run.
    await expect
      .poll(async () => (await server.db.select({ status: auditRuns.status, error: auditRuns.error }).from(auditRuns).where(and(eq(auditRuns.userId, userId), eq(auditRuns.scope, 'site'))))[0], { timeout: 60_000 })
      .toEqual({ status: 'failed', error: CANCELLED_MESSAGE });
    // The account may audit again at once: nothing is left running.
    site.release();
    const again = await client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 2 } }, undefined, { timeout: 300_000 });
    expect(again.isError, JSON.stringify(again.content)).toBeFalsy();
  } finally {
    await client.close();
  }
});
