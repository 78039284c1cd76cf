import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi } from './support/api';
import { signUpAndOnboard, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';

// The public API from a web page of another origin, as the docs' browser sample calls it
// (docs/api-auth.md, "Calling from a browser"): Chromium sends the preflight and enforces the
// answer, so this is what a real page can and cannot do. The page is served on another port of
// 127.0.0.1, same-site with the app, so the app's session cookie would go along when asked.

let server: AppServer;
let browser: Browser;
let user: Account;
let key: string;
let elsewhere: Server;
let elsewhereUrl: string;

beforeAll(async () => {
  server = await startAppServer();
  user = await signUpAndOnboard(server, {
    name: 'Ada Lovelace',
    email: `cors.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Example', url: 'https://example.com' }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['improve_understanding'] },
  });
  const created = await callApi(server, '/api/api-keys', { body: { name: 'Browser page' }, cookie: user.cookie });
  key = ((await created.json()) as { secret: string }).secret;
  elsewhere = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another site</title><p>Another site'));
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (elsewhere) await new Promise((resolve) => elsewhere.close(resolve));
});

/** A page of the other origin, signed in to the app (its cookie set for the app's address). */
async function pageElsewhere(): Promise<Page> {
  const { page } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });
  await page.goto(elsewhereUrl);
  return page;
}

describe('the public API from another origin in Chromium', () => {
  test('a key reads and writes, with the response headers the docs name', async () => {
    const page = await pageElsewhere();
    const answer = await page.evaluate(
      async ({ api, apiKey }) => {
        const list = await fetch(`${api}/api/v1/audits?limit=1`, { headers: { Authorization: `Bearer ${apiKey}` } });
        const listBody = await list.json();
        // The free plan keeps one competitor: the onboarding's is removed first (a DELETE preflight).
        const competitors = await (await fetch(`${api}/api/v1/competitors`, { headers: { Authorization: `Bearer ${apiKey}` } })).json();
        const removed = await fetch(`${api}/api/v1/competitors/${competitors.competitors[0].id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${apiKey}` } });
        const added = await fetch(`${api}/api/v1/competitors`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Another rival', url: 'https://another-rival.example.com' }),
        });
        return {
          listStatus: list.status,
          hasAudits: Array.isArray(listBody.audits),
          nextCursor: listBody.nextCursor,
          limit: list.headers.get('ratelimit-limit'),
          removedStatus: removed.status,
          addedStatus: added.status,
          location: added.headers.get('location'),
        };
      },
      { api: server.baseUrl, apiKey: key },
    );
    expect(answer).toMatchObject({ listStatus: 200, hasAudits: true, nextCursor: null, removedStatus: 204, addedStatus: 201 });
    expect(Number(answer.limit)).toBeGreaterThan(0);
    expect(answer.location).toMatch(/^\/api\/v1\/competitors\//);
    await page.context().close();
  });

  test('a wrong key is an error the page can read', async () => {
    const page = await pageElsewhere();
    const answer = await page.evaluate(async (api) => {
      const response = await fetch(`${api}/api/v1/audits`, { headers: { Authorization: 'Bearer ck_live_not-a-key' } });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    }, server.baseUrl);
    expect(answer.status).toBe(401);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status: 401, detail: expect.any(String) });
    await page.context().close();
  });

  test('the session cookie alone gets nothing: the browser refuses to show the answer', async () => {
    const page = await pageElsewhere();
    const outcome = await page.evaluate(async (api) => {
      try {
        const response = await fetch(`${api}/api/v1/audits`, { credentials: 'include' });
        return `read ${response.status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    }, server.baseUrl);
    expect(outcome).toBe('refused: TypeError');
    // The same cookie from the app's own origin is a session as usual: only the grant is missing.
    const own = await callApi(server, '/api/profile', { cookie: user.cookie });
    expect(own.status).toBe(200);
    await page.context().close();
  });
});
