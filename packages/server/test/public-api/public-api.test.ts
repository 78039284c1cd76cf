import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, V1_TOOL_NAMES, type PlanId } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { V1_TOOL_REQUEST_EXAMPLES } from '../../src/features/public-api/v1-examples';
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
  it('answers 401 problem details without a key, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer(`${API_KEY_PREFIX}unknown`), bearer('sk_other')]) {
      const response = await api(server.baseUrl, '/api/v1/audits', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 401, title: expect.any(String), detail: expect.any(String), instance: '/api/v1/audits' });
      expect(response.body.error).toBe(response.body.detail);
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
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, type: expect.stringMatching(/#problem-rate-limited$/) });

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

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> }; tags: { name: string }[] };
type Operation = { path: string; method: string; operation: any };

function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
}

/**
 * A JSON Schema 2020-12 validator of the document's own schemas (formats are documentation here:
 * zod checks them on the server), so an answer is checked against what the document promises.
 */
function schemaValidator(doc: Doc): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'https://citable.test/openapi.json', components: doc.components });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    if (!cache.has(key)) cache.set(key, ajv.compile({ $id: `https://citable.test/s${cache.size}`, ...rebase(schema) }));
    return cache.get(key)!;
  };
}

/** `#/components/...` refs point into the document, registered under its own id. */
function rebase(value: unknown): any {
  if (Array.isArray(value)) return value.map(rebase);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `https://citable.test/openapi.json${inner}` : rebase(inner)]));
  }
  return value;
}

function expectValid(validate: ValidateFunction, value: unknown, what: string) {
  const valid = validate(value);
  expect(valid, `${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

describe('OpenAPI document, checked by real clients', () => {
  it('passes swagger-parser, names every operation alike, and tags and exemplifies each one', async () => {
    const doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body as Doc;
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // Redocly's recommended rules: no error, and no warning but the missing license, which the
    // project does not have to name.
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual(['warn info-license: Info object should contain `license` field.']);
    const tagNames = doc.tags.map((tag) => tag.name);
    const schemaOf = schemaValidator(doc);
    // The validator really follows the document's refs: a wrong shape fails.
    const auditList = doc.paths['/api/v1/audits'].get.responses['200'].content['application/json'].schema;
    expect(schemaOf(auditList)({ audits: [{ id: 1 }], current: null, nextCursor: null })).toBe(false);
    expect(schemaOf(auditList)({ audits: [], current: null })).toBe(false);
    expect(schemaOf(auditList)({ audits: [], current: null, nextCursor: null })).toBe(false);
    expect(schemaOf(auditList)({ audits: [], current: null, nextCursor: null, yourScore: null })).toBe(true);
    for (const { path, method, operation } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^(list|get|create|delete|run)[A-Z][A-Za-z]+$/);
      expect(tagNames, where).toContain(operation.tags[0]);
      const request = operation.requestBody?.content['application/json'];
      if (request) {
        const examples = Object.values<any>(request.examples ?? {});
        expect(examples.length, `${where} request example`).toBeGreaterThan(0);
        for (const example of examples) expectValid(schemaOf(request.schema), example.value, `${where} request example`);
      }
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => status.startsWith('2'));
      expect(success, where).toHaveLength(1);
      const successContent = operation.responses[success[0]].content?.['application/json'];
      if (success[0] === '204') expect(successContent, where).toBeUndefined();
      else {
        const examples = Object.values<any>(successContent.examples ?? {});
        expect(examples.length, `${where} success example`).toBeGreaterThan(0);
        for (const example of examples) expectValid(schemaOf(successContent.schema), example.value, `${where} success example`);
      }
      let errorExamples = 0;
      for (const status of statuses.filter((status) => !status.startsWith('2'))) {
        const content = operation.responses[status].content;
        expect(Object.keys(content), `${where} ${status}`).toEqual(['application/problem+json']);
        for (const example of Object.values<any>(content['application/problem+json'].examples ?? {})) {
          errorExamples += 1;
          expectValid(schemaOf(content['application/problem+json'].schema), example.value, `${where} ${status} example`);
          expect(example.value.status, `${where} ${status} example`).toBe(Number(status));
        }
      }
      expect(errorExamples, `${where} error examples`).toBeGreaterThan(0);
    }
  });

  it('describes every success answer that real calls of every operation get', async () => {
    const doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body as Doc;
    const schemaOf = schemaValidator(doc);
    const { cookie } = await newUser(server, 'agency');
    const key = await newKey(server, cookie);
    const toShop = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('https://example.com', shop.url).replaceAll('https://competitor.example', shop.altUrl));
    const call = async (operationId: string, path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await api(server.baseUrl, path, { headers: bearer(key), ...init });
      const operation = operationsOf(doc).find((entry) => entry.operation.operationId === operationId)!;
      const status = Object.keys(operation.operation.responses).find((code) => code.startsWith('2'))!;
      expect(response.status, `${operationId}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(Number(status));
      const content = operation.operation.responses[status].content?.['application/json'];
      if (content) {
        expect(response.headers.get('content-type'), operationId).toMatch(/^application\/json/);
        expectValid(schemaOf(content.schema), response.body, `${operationId} answer`);
      } else expect(response.body, operationId).toBeNull();
      called.add(operationId);
      return response.body;
    };
    const called = new Set<string>();

    const website = await call('createWebsite', '/api/v1/websites', { body: { name: 'Lantern Tea', url: `${shop.url}/` } });
    const other = await call('createWebsite', '/api/v1/websites', { body: { name: 'Blog', url: `${shop.url}/blog` } });
    await call('listWebsites', '/api/v1/websites?limit=1');
    await call('deleteWebsite', `/api/v1/websites/${other.id}`, { method: 'DELETE' });
    const rival = await call('createCompetitor', '/api/v1/competitors', { body: { name: 'Rival', url: `${shop.altUrl}/` } });
    await call('listCompetitors', '/api/v1/competitors');
    expect(website.id).not.toBe(rival.id);

    const created = await call('createAudit', '/api/v1/audits', { body: { url: `${shop.url}/` } });
    await expect
      .poll(async () => (await api(server.baseUrl, `/api/v1/audits/${created.id}`, { headers: bearer(key) })).body.status, { timeout: 90_000, interval: 250 })
      .toMatch(/completed|failed/);
    expect((await call('getAudit', `/api/v1/audits/${created.id}`)).status).toBe('completed');
    await call('listAudits', '/api/v1/audits?limit=1');

    for (const name of V1_TOOL_NAMES) {
      const operationId = `run${name.replace(/(^|-)([a-z])/g, (_m, _d, letter: string) => letter.toUpperCase())}`;
      await call(operationId, `/api/v1/tools/${name}`, { body: toShop(V1_TOOL_REQUEST_EXAMPLES[name]) });
    }
    await call('deleteCompetitor', `/api/v1/competitors/${rival.id}`, { method: 'DELETE' });

    expect([...called].sort()).toEqual(operationsOf(doc).map((entry) => entry.operation.operationId).sort());
  });
});
