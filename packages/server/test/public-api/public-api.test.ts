import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, V1_TOOL_NAMES, type PlanId } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let limited: TestServer;
let shop: ServedSite;

async function newUser(target: TestServer, plan: PlanId): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(target.baseUrl, { name: 'Api Tester', email: uniqueEmail('api'), password: STRONG_PASSWORD });
  const me = await api(target.baseUrl, '/api/profile', { cookie });
  const id = me.body.user_id as string;
  if (plan !== 'free') await setPlan(target.db, id, plan);
  return { cookie, id };
}

async function newKey(target: TestServer, cookie: string, name = 'CI'): Promise<string> {
  const created = await api(target.baseUrl, '/api/api-keys', { cookie, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.secret as string;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  [server, limited] = await Promise.all([
    startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } }),
    startTestServer({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), limited?.close(), shop?.close()]);
});

describe('API keys', () => {
  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const { cookie } = await newUser(server, 'free');
    const created = await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Zapier' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const secret = created.body.secret as string;
    expect(secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(secret.startsWith(created.body.prefix)).toBe(true);

    const list = await api(server.baseUrl, '/api/api-keys', { cookie });
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0]).toMatchObject({ name: 'Zapier', prefix: created.body.prefix, last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    expect((await api(server.baseUrl, '/api/v1/audits', { headers: bearer(secret) })).status).toBe(200);
    const used = await api(server.baseUrl, '/api/api-keys', { cookie });
    expect(used.body.keys[0].last_used_at).not.toBeNull();

    expect((await api(server.baseUrl, `/api/api-keys/${created.body.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await api(server.baseUrl, '/api/api-keys', { cookie })).body.keys).toHaveLength(0);
    const revoked = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(secret) });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toMatch(/revoked/);
  });

  it('needs a session to manage keys, and keeps each user to their own keys', async () => {
    expect((await api(server.baseUrl, '/api/api-keys')).status).toBe(401);
    const alice = await newUser(server, 'free');
    const bob = await newUser(server, 'free');
    const created = await api(server.baseUrl, '/api/api-keys', { cookie: alice.cookie, body: { name: 'Alice' } });
    expect((await api(server.baseUrl, `/api/api-keys/${created.body.id}`, { method: 'DELETE', cookie: bob.cookie })).status).toBe(404);
    expect((await api(server.baseUrl, '/api/api-keys', { cookie: alice.cookie, body: { name: ' ' } })).status).toBe(400);
  });
});

describe('bearer authentication', () => {
  it('answers 401 JSON without a key, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer(`${API_KEY_PREFIX}unknown`), bearer('sk_other')]) {
      const response = await api(server.baseUrl, '/api/v1/audits', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('does not accept a session cookie in place of a key', async () => {
    const { cookie } = await newUser(server, 'free');
    expect((await api(server.baseUrl, '/api/v1/audits', { cookie })).status).toBe(401);
  });
});

describe('v1 audits', () => {
  it('creates a page audit (202) that completes and reads back with its scores', async () => {
    const { cookie } = await newUser(server, 'core');
    const key = await newKey(server, cookie);
    const created = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(key), body: { url: shop.url } });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({ scope: 'page', website_url: shop.url });
    let run = created.body;
    // Until the run ends: a deadline that allows a busy machine, not a count of short waits.
    for (const deadline = Date.now() + 90_000; Date.now() < deadline && run.status !== 'completed' && run.status !== 'failed'; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await api(server.baseUrl, `/api/v1/audits/${created.body.id}`, { headers: bearer(key) })).body;
    }
    expect(run.status, JSON.stringify(run)).toBe('completed');
    expect(run.result.overallScore).toBeGreaterThan(0);
    expect(run.result.subscores).toBeDefined();

    const list = await api(server.baseUrl, '/api/v1/audits?limit=5', { headers: bearer(key) });
    expect(list.status).toBe(200);
    expect(list.body.audits[0]).toMatchObject({ id: created.body.id, overall_score: run.result.overallScore });
  });

  it('validates the body and keeps audits to their owner', async () => {
    const alice = await newKey(server, (await newUser(server, 'free')).cookie);
    const bob = await newKey(server, (await newUser(server, 'free')).cookie);
    const bad = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(alice), body: { url: 'not a url' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.length).toBeGreaterThan(0);
    const created = await api(server.baseUrl, '/api/v1/audits', { headers: bearer(alice), body: { url: shop.url } });
    expect(created.status).toBe(202);
    expect((await api(server.baseUrl, `/api/v1/audits/${created.body.id}`, { headers: bearer(bob) })).status).toBe(404);
  });
});

describe('v1 tools', () => {
  it('gates a tool by the key owner\u2019s plan, read on every request', async () => {
    const { cookie, id } = await newUser(server, 'free');
    const key = await newKey(server, cookie);
    const body = { url: `${shop.url}/faq`, scope: 'page' };
    const refused = await api(server.baseUrl, '/api/v1/tools/schema-generator', { headers: bearer(key), body });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredPlan).toBe('core');

    await setPlan(server.db, id, 'core');
    const allowed = await api(server.baseUrl, '/api/v1/tools/schema-generator', { headers: bearer(key), body });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.schemas ?? allowed.body).toBeTruthy();
  });

  it('runs the content optimizer and refuses Pro tools on Core', async () => {
    const key = await newKey(server, (await newUser(server, 'core')).cookie);
    const optimized = await api(server.baseUrl, '/api/v1/tools/content-optimizer', {
      headers: bearer(key),
      body: { content: 'Green tea keeps for six months. Store it cool and dark, in an airtight tin, away from spices.', targetKeywords: ['green tea'] },
    });
    expect(optimized.status, JSON.stringify(optimized.body)).toBe(200);
    expect(typeof optimized.body.optimizedScore).toBe('number');
    const pro = await api(server.baseUrl, '/api/v1/tools/entity-coverage-analyzer', { headers: bearer(key), body: { url: shop.url } });
    expect(pro.status).toBe(403);
    expect(pro.body.requiredPlan).toBe('pro');
  });

  it('serves every tool of the contract', async () => {
    const key = await newKey(server, (await newUser(server, 'free')).cookie);
    for (const name of V1_TOOL_NAMES) {
      const response = await api(server.baseUrl, `/api/v1/tools/${name}`, { headers: bearer(key), body: {} });
      expect(response.status, name).toBe(403);
    }
  });
});

describe('rate limits', () => {
  it('sends RateLimit headers on every answer and 429 with Retry-After past the limit', async () => {
    const key = await newKey(limited, (await newUser(limited, 'free')).cookie);
    const remaining: string[] = [];
    for (let request = 0; request < 3; request++) {
      const response = await api(limited.baseUrl, '/api/v1/audits', { headers: bearer(key) });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      remaining.push(response.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await api(limited.baseUrl, '/api/v1/audits', { headers: bearer(key) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/Rate limit/);

    // The budget is the key's: another key of the same user starts whole.
    const other = await newKey(limited, (await newUser(limited, 'free')).cookie);
    expect((await api(limited.baseUrl, '/api/v1/audits', { headers: bearer(other) })).status).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('is an OpenAPI 3.1 document of the v1 routes whose every $ref resolves', async () => {
    const response = await api(server.baseUrl, '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const doc = response.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/audits', '/api/v1/audits/{id}', ...V1_TOOL_NAMES.map((name) => `/api/v1/tools/${name}`)]));
    expect(Object.keys(doc.paths['/api/v1/audits'])).toEqual(['post', 'get']);
    expect(doc.paths['/api/v1/audits/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });

    const operationIds = new Set<string>();
    for (const operations of Object.values<Record<string, any>>(doc.paths)) {
      for (const operation of Object.values<any>(operations)) {
        expect(operationIds.has(operation.operationId)).toBe(false);
        operationIds.add(operation.operationId);
        expect(operation.responses['401']).toBeDefined();
        expect(operation.responses['429'].headers['Retry-After']).toBeDefined();
      }
    }

    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref') refs.push(inner as string);
          else walk(inner);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref.startsWith('#/')).toBe(true);
      const target = ref.slice(2).split('/').reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeTypeOf('object');
    }
  });
});
