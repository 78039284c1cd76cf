import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, PUBLIC_API_V1_MESSAGES, siteScoreLabel, YOUR_SCORE_MESSAGES, type PlanId } from '@citable/contract';
import { auditHistory } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { PROBLEM_KINDS } from '../../src/features/public-api/problem-details';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let shop: ServedSite;

const FOREIGN_ORIGIN = 'https://someone-elses-app.example';

async function newAccount(plan: PlanId): Promise<{ cookie: string; id: string; key: string }> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'V1 Tester', email: uniqueEmail('v1'), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const created = await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'V1' } });
  expect(created.status).toBe(201);
  return { cookie, id, key: created.body.secret as string };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** A call as a page on another site makes it: its own Origin, the key, JSON. */
const fromElsewhere = (key: string) => ({ origin: FOREIGN_ORIGIN, ...bearer(key) });

function expectProblem(response: { status: number; body: any; headers: Headers }, status: number, detail?: string | RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, title: expect.any(String), type: expect.stringMatching(/\/docs\/api-overview#problem-[a-z-]+$/) });
  expect(response.body.detail).toBe(response.body.error);
  if (typeof detail === 'string') expect(response.body.detail).toBe(detail);
  else if (detail) expect(response.body.detail).toMatch(detail);
}

/** Stores a finished audit for `userId` straight into the history, `createdAt` as given. */
async function storeAudit(userId: string, createdAt: Date, score: number): Promise<string> {
  const [row] = await server.db
    .insert(auditHistory)
    .values({
      userId,
      websiteUrl: 'https://tea.example/',
      websiteOrigin: 'https://tea.example',
      overallScore: score,
      aiUnderstanding: score,
      citationLikelihood: score,
      conversationalReadiness: score,
      contentStructure: score,
      recommendations: [],
      issues: [],
      auditData: {} as never,
      kind: 'page',
      pageCount: 1,
      createdAt,
    })
    .returning({ id: auditHistory.id });
  return row.id;
}

async function allPages(path: string, key: string, list: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response: { status: number; body: any } = await api(server.baseUrl, `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { headers: bearer(key) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body[list].length).toBeLessThanOrEqual(limit);
    ids.push(...response.body[list].map((item: { id: string }) => item.id));
    cursor = response.body.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 50);
  return { ids, pages };
}

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
});
afterAll(async () => {
  await Promise.all([server?.close(), shop?.close()]);
});

describe('CORS for key-authenticated calls', () => {
  it('answers a browser preflight for any v1 path, without credentials', async () => {
    for (const [path, method] of [
      ['/api/v1/audits', 'POST'],
      ['/api/v1/websites/aHR0cHM6Ly9leGFtcGxlLmNvbQ', 'DELETE'],
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toContain(method);
      const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('grants a keyed cross-origin POST, even with a session cookie beside the key, and exposes the rate-limit headers', async () => {
    const { cookie, key } = await newAccount('free');
    // A cookie from another site's page would be a CSRF attempt on a session route; here the key
    // alone authenticates, so neither the CSRF guard nor the session gate stands in the way.
    const response = await api(server.baseUrl, '/api/v1/websites', { cookie, headers: fromElsewhere(key), body: { name: 'Tea', url: 'https://tea.example/' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const exposed = response.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'location']));
    expect(response.headers.get('location')).toBe(`/api/v1/websites/${response.body.id}`);

    // A wrong key still gets a readable 401, so a browser app can tell its user.
    const wrong = await api(server.baseUrl, '/api/v1/audits', { headers: fromElsewhere('ck_live_not-a-key') });
    expectProblem(wrong, 401, API_KEY_MESSAGES.invalid);
    expect(wrong.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('gives a cookie-only request no CORS grant, just the 401', async () => {
    const { cookie } = await newAccount('free');
    for (const method of ['GET', 'POST']) {
      const response = await api(server.baseUrl, '/api/v1/audits', { method, cookie, headers: { origin: FOREIGN_ORIGIN }, ...(method === 'POST' ? { body: { url: 'https://tea.example/' } } : {}) });
      expectProblem(response, 401, API_KEY_MESSAGES.missing);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    // The dashboard's own routes grant nothing either.
    const session = await api(server.baseUrl, '/api/profile', { cookie, headers: { origin: FOREIGN_ORIGIN } });
    expect(session.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('problem details', () => {
  it('answers v1 errors as RFC 9457 problems and keeps the old members', async () => {
    const { key } = await newAccount('free');
    expectProblem(await api(server.baseUrl, '/api/v1/audits'), 401, API_KEY_MESSAGES.missing);
    const unknown = await api(server.baseUrl, '/api/v1/audits/3f1c1c1e-0000-4000-8000-000000000000', { headers: bearer(key) });
    expectProblem(unknown, 404);
    expect(unknown.body.instance).toBe('/api/v1/audits/3f1c1c1e-0000-4000-8000-000000000000');
    expectProblem(await api(server.baseUrl, '/api/v1/no-such-thing', { headers: bearer(key) }), 404, PUBLIC_API_V1_MESSAGES.routeNotFound);

    const invalid = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key), body: { url: 'javascript:alert(1)' } });
    expectProblem(invalid, 400);
    expect(invalid.body.errors).toEqual([expect.objectContaining({ path: 'body.url', message: expect.any(String) })]);
    expect(invalid.body.details).toEqual(invalid.body.errors);

    const malformed = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key), rawBody: '{"url": ' });
    expectProblem(malformed, 400, 'Malformed JSON body');
    const oversized = await api(server.baseUrl, '/api/v1/tools/content-optimizer', { headers: bearer(key), rawBody: JSON.stringify({ content: 'x'.repeat(1_100_000) }) });
    expectProblem(oversized, 413);

    const gated = await api(server.baseUrl, '/api/v1/tools/schema-generator', { headers: bearer(key), body: { url: shop.url } });
    expectProblem(gated, 403);
    expect(gated.body.requiredPlan).toBe('core');
  });

  it('links every kind of problem to a section of the API docs that exists', () => {
    const overview = readFileSync(resolve(import.meta.dirname, '../../../web/content/docs/api-overview.md'), 'utf8');
    // The docs renderer gives "### Problem: rate limited" the id "problem-rate-limited".
    const anchors = [...overview.matchAll(/^### Problem: (.+)$/gm)].map(([, name]) => `problem-${name.toLowerCase().replace(/\s+/g, '-')}`);
    for (const { slug } of Object.values(PROBLEM_KINDS)) expect(anchors).toContain(`problem-${slug}`);
  });

  it('leaves the error bodies of the dashboard and the MCP endpoint as they were', async () => {
    for (const [path, init] of [
      ['/api/profile', {}],
      ['/api/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
    ] as const) {
      const response = await api(server.baseUrl, path, init);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(response.body.type, path).toBeUndefined();
      expect(typeof response.body.error, path).toBe('string');
    }
  });
});

describe('cursor pagination', () => {
  it('pages through the audits newest first, stable while audits are added, and refuses a bad cursor', async () => {
    const { id, key } = await newAccount('core');
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Two audits share a timestamp: the id orders them, so neither is skipped nor repeated.
    const stored = [await storeAudit(id, new Date(base), 10), await storeAudit(id, new Date(base + 1000), 20), await storeAudit(id, new Date(base + 1000), 30)];
    stored.push(await storeAudit(id, new Date(base + 2000), 40), await storeAudit(id, new Date(base + 3000), 50));

    const first = await api(server.baseUrl, '/api/v1/audits?limit=2', { headers: bearer(key) });
    expect(first.status).toBe(200);
    expect(first.body.audits.map((audit: { overall_score: number }) => audit.overall_score)).toEqual([50, 40]);
    expect(first.body.current).toBeNull();
    expect(first.body.nextCursor).toEqual(expect.any(String));

    // An audit saved between two pages lands before the cursor: the next pages neither repeat nor skip.
    const newer = await storeAudit(id, new Date(), 60);
    const rest = await allPages(`/api/v1/audits`, key, 'audits', 2);
    expect(rest.ids[0]).toBe(newer);
    let cursor: string | null = first.body.nextCursor;
    const after: string[] = [];
    while (cursor) {
      const page = await api(server.baseUrl, `/api/v1/audits?limit=2&cursor=${cursor}`, { headers: bearer(key) });
      after.push(...page.body.audits.map((audit: { id: string }) => audit.id));
      cursor = page.body.nextCursor;
    }
    expect(after).toHaveLength(3);
    expect(new Set([...first.body.audits.map((audit: { id: string }) => audit.id), ...after])).toEqual(new Set(stored));
    expect(rest.ids).toEqual([newer, ...first.body.audits.map((audit: { id: string }) => audit.id), ...after]);

    const exact = await api(server.baseUrl, '/api/v1/audits?limit=6', { headers: bearer(key) });
    expect(exact.body.audits).toHaveLength(6);
    expect(exact.body.nextCursor).toBeNull();

    const websitesCursor = (await api(server.baseUrl, '/api/v1/websites?limit=1', { headers: bearer(key) })).body.nextCursor;
    const forged = Buffer.from(JSON.stringify(['audits', '2026-01-01T00:00:00.000000Z', "x' or 1=1"])).toString('base64url');
    for (const bad of ['not*base64', Buffer.from('["audits"]').toString('base64url'), forged, Buffer.from('{}').toString('base64url'), websitesCursor ?? 'W10']) {
      expectProblem(await api(server.baseUrl, `/api/v1/audits?cursor=${encodeURIComponent(bad)}`, { headers: bearer(key) }), 400, PUBLIC_API_V1_MESSAGES.badCursor);
    }
    expectProblem(await api(server.baseUrl, '/api/v1/audits?limit=0', { headers: bearer(key) }), 400);
    expectProblem(await api(server.baseUrl, '/api/v1/audits?limit=101', { headers: bearer(key) }), 400);
  });

  // Issue #35: dates that pass the format but are not dates reached the query's cast (500).
  it('answers 400 with a problem for a cursor whose date is not a real date, or whose id is not one', async () => {
    const { key } = await newAccount('core');
    const id = '0b7c6a52-3f0e-4a63-9a45-2f7c1d1f8e01';
    const cursors = ['2026-13-45T99:99:99.000000Z', '0000-01-01T00:00:00.000000Z', '2026-02-30T00:00:00.000000Z', '2026-01-01T24:00:00.000000Z'].map((date) =>
      Buffer.from(JSON.stringify(['audits', date, id])).toString('base64url'),
    );
    cursors.push(Buffer.from(JSON.stringify(['audits', '2026-01-01T00:00:00.000000Z', 'not-a-uuid'])).toString('base64url'));
    for (const bad of cursors) {
      expectProblem(await api(server.baseUrl, `/api/v1/audits?cursor=${bad}`, { headers: bearer(key) }), 400, PUBLIC_API_V1_MESSAGES.badCursor);
    }
    // A site id that is not canonical base64url (a trailing bit set) names no site.
    expectProblem(await api(server.baseUrl, `/api/v1/websites?cursor=${Buffer.from(JSON.stringify(['websites', 'aGl'])).toString('base64url')}`, { headers: bearer(key) }), 400, PUBLIC_API_V1_MESSAGES.badCursor);
    const real = Buffer.from(JSON.stringify(['audits', '2024-02-29T23:59:59.999999Z', id])).toString('base64url');
    expect((await api(server.baseUrl, `/api/v1/audits?cursor=${real}`, { headers: bearer(key) })).status).toBe(200);
  });
});

describe('websites and competitors', () => {
  it('adds, lists, pages and removes the account\u2019s sites as Settings stores them', async () => {
    const { cookie, key } = await newAccount('core');
    const added = [];
    for (const [name, url] of [
      ['Tea', 'https://tea.example/'],
      ['Tea blog', 'https://tea.example/blog'],
      ['Shop', 'https://shop.example'],
    ]) {
      const response = await api(server.baseUrl, '/api/v1/websites', { headers: bearer(key), body: { name, url } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ name, url, id: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      added.push(response.body.id as string);
    }
    expect(new Set(added).size).toBe(3);
    // The dashboard sees them: the API writes the profile Settings edits.
    const profile = await api(server.baseUrl, '/api/profile', { cookie });
    expect(profile.body.websites.map((site: { url: string }) => site.url)).toEqual(['https://tea.example/', 'https://tea.example/blog', 'https://shop.example']);

    const paged = await allPages('/api/v1/websites', key, 'websites', 2);
    expect(paged.pages).toBe(2);
    expect(paged.ids).toEqual([...added].sort());

    // The same address again (a trailing slash does not make another site), then over the plan's 3.
    expectProblem(await api(server.baseUrl, '/api/v1/websites', { headers: bearer(key), body: { name: 'Again', url: 'https://shop.example/' } }), 409, PUBLIC_API_V1_MESSAGES.websiteExists);
    const over = await api(server.baseUrl, '/api/v1/websites', { headers: bearer(key), body: { name: 'Fourth', url: 'https://fourth.example/' } });
    expectProblem(over, 403, 'Your plan allows 3 websites.');
    expect(over.body.requiredPlan).toBe('pro');

    expect((await api(server.baseUrl, `/api/v1/websites/${added[1]}`, { method: 'DELETE', headers: bearer(key) })).status).toBe(204);
    expectProblem(await api(server.baseUrl, `/api/v1/websites/${added[1]}`, { method: 'DELETE', headers: bearer(key) }), 404, PUBLIC_API_V1_MESSAGES.websiteNotFound);
    expect((await api(server.baseUrl, `/api/v1/websites/${added[2]}`, { method: 'DELETE', headers: bearer(key) })).status).toBe(204);
    expectProblem(await api(server.baseUrl, `/api/v1/websites/${added[0]}`, { method: 'DELETE', headers: bearer(key) }), 409, PUBLIC_API_V1_MESSAGES.lastWebsite);
    expect((await api(server.baseUrl, '/api/profile', { cookie })).body.websites).toEqual([{ name: 'Tea', url: 'https://tea.example/' }]);

    const rival = await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(key), body: { name: 'Rival', url: 'https://rival.example/' } });
    expect(rival.status).toBe(201);
    expect((await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(key) })).body).toEqual({ competitors: [rival.body], nextCursor: null });
    // Sent with the JSON headers a client sets on every call, and no body.
    const removed = await api(server.baseUrl, `/api/v1/competitors/${rival.body.id}`, { method: 'DELETE', headers: { ...bearer(key), 'content-type': 'application/json' } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect((await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(key) })).body.competitors).toEqual([]);
  });

  it('keeps each account to its own sites and refuses hostile input, changing nothing', async () => {
    const alice = await newAccount('free');
    const bob = await newAccount('free');
    const site = await api(server.baseUrl, '/api/v1/websites', { headers: bearer(alice.key), body: { name: 'Alice', url: 'https://alice.example/' } });
    expect(site.status).toBe(201);
    expectProblem(await api(server.baseUrl, `/api/v1/websites/${site.body.id}`, { method: 'DELETE', headers: bearer(bob.key) }), 404);
    expect((await api(server.baseUrl, '/api/v1/websites', { headers: bearer(bob.key) })).body.websites).toEqual([]);

    for (const body of [
      { name: 'X', url: 'javascript:alert(1)' },
      { name: 'X', url: 'https://user:secret@alice.example/' },
      { name: 'X', url: 'ftp://alice.example/' },
      { name: ' ', url: 'https://bob.example/' },
      { name: 'X', url: 'https://bob.example/', role: 'admin' },
      { name: 'X'.repeat(101), url: 'https://bob.example/' },
    ]) {
      expectProblem(await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(bob.key), body }), 400);
    }
    for (const id of ['%00', 'a'.repeat(3001), '..%2F..%2Fapi']) {
      const response = await api(server.baseUrl, `/api/v1/websites/${id}`, { method: 'DELETE', headers: bearer(bob.key) });
      expect([400, 404]).toContain(response.status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await api(server.baseUrl, '/api/profile', { cookie: bob.cookie })).body).toMatchObject({ websites: [], competitors: [] });
    // Free allows one competitor: the second is refused with the plan that allows more.
    expect((await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(bob.key), body: { name: 'R1', url: 'https://r1.example/' } })).status).toBe(201);
    const second = await api(server.baseUrl, '/api/v1/competitors', { headers: bearer(bob.key), body: { name: 'R2', url: 'https://r2.example/' } });
    expectProblem(second, 403, 'Your plan allows 1 competitor.');
    expect(second.body.requiredPlan).toBe('core');
  });

  it('loses no entry and keeps the plan\u2019s cap when sites are added at once', async () => {
    const { cookie, key } = await newAccount('core');
    const urls = ['https://a.example/', 'https://b.example/', 'https://c.example/', 'https://d.example/'];
    const answers = await Promise.all(urls.map((url, index) => api(server.baseUrl, '/api/v1/websites', { headers: bearer(key), body: { name: `Site ${index}`, url } })));
    // Core allows 3 websites: three are added, one is refused, whichever comes last.
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 403]);
    const saved = (await api(server.baseUrl, '/api/profile', { cookie })).body.websites.map((site: { url: string }) => site.url);
    expect(saved.sort()).toEqual(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.url).sort());
  });

  it('lets a tool that reads the account\u2019s website work through the API alone', async () => {
    const { key } = await newAccount('pro');
    const body = { topic: 'green tea storage' };
    const before = await api(server.baseUrl, '/api/v1/tools/prompt-match-suggestions', { headers: bearer(key), body });
    expectProblem(before, 422, /Add a website/);
    expect((await api(server.baseUrl, '/api/v1/websites', { headers: bearer(key), body: { name: 'Lantern Tea', url: `${shop.url}/` } })).status).toBe(201);
    const after = await api(server.baseUrl, '/api/v1/tools/prompt-match-suggestions', { headers: bearer(key), body });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.totalPrompts).toBeGreaterThan(0);
  });
});

describe('your score', () => {
  /** Starts an audit with the key and waits for it to complete; its id. */
  async function auditWithKey(key: string, scope: 'site' | 'page'): Promise<string> {
    const started = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key), body: { url: `${shop.url}/`, scope, ...(scope === 'site' ? { maxPages: 3 } : {}) } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const run = await api(server.baseUrl, `/api/v1/audits/${started.body.id as string}`, { headers: bearer(key) });
      if (run.body.status === 'completed') return started.body.id as string;
      if (run.body.status === 'failed') throw new Error(`audit failed: ${run.body.error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const yourScore = async (key: string) => {
    const response = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.yourScore;
  };

  it('is the latest site audit, a page audit only labelled as one page\u2019s score, and null before any', async () => {
    const { key } = await newAccount('core');
    expect(await yourScore(key)).toBeNull();

    const firstPage = await auditWithKey(key, 'page');
    const [page] = (await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key) })).body.audits as { id: string; overall_score: number }[];
    expect(page.id).toBe(firstPage);
    expect(await yourScore(key)).toEqual({
      kind: 'page',
      auditId: firstPage,
      url: `${shop.url}/`,
      score: page.overall_score,
      pageCount: 1,
      measuredAt: expect.any(String),
      label: YOUR_SCORE_MESSAGES.pageAudit(`${shop.url}/`),
    });

    const site = await auditWithKey(key, 'site');
    // A page audit after the site audit is newer, but it is one page: the site's score stays the site audit's.
    const laterPage = await auditWithKey(key, 'page');
    const listed = (await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key) })).body.audits as { id: string; kind: string; overall_score: number; page_count: number }[];
    expect(listed[0].id).toBe(laterPage);
    const siteItem = listed.find((audit) => audit.id === site)!;
    expect(siteItem.kind).toBe('site');
    const score = await yourScore(key);
    expect(score).toMatchObject({ kind: 'site', auditId: site, url: `${shop.url}/`, score: siteItem.overall_score, pageCount: siteItem.page_count });
    expect(score.label).toBe(siteScoreLabel(`${shop.url}/`, siteItem.page_count));
    expect(score.label).not.toMatch(/^Page audit/);
  }, 120_000);

  it('is described in the OpenAPI document', async () => {
    const doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body;
    expect(doc.paths['/api/v1/audits'].get.description).toContain('`yourScore`');
    const ref: string = doc.paths['/api/v1/audits'].get.responses['200'].content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(schema.required).toContain('yourScore');
    const yourScore = JSON.stringify(schema.properties.yourScore);
    expect(yourScore).toContain('the latest site audit of your own websites');
    expect(yourScore).toContain('"enum":["site","page"]');
  });
});
