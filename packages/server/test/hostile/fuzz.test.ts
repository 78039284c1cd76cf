import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoutes, bodyArbitrary, deepNestingText, fillPath, isBearerRoute, paramArbitrary, queryArbitrary, routeKey, schemaKeys, startHostileServer } from './hostile-fixtures';

/**
 * Property: whatever arrives in params, query and body, no route answers 5xx (500 is a bug, a
 * timeout a hang). The list of routes comes from the server itself, so new routes are fuzzed
 * as soon as they exist. HOSTILE_RUNS raises the number of samples per route (default 15).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
const REQUEST_TIMEOUT_MS = 10_000;

const { server, alice } = await startHostileServer();
afterAll(() => server.close());

const AUTH_PATHS = ['sign-in/email', 'sign-up/email', 'get-session', 'request-password-reset', 'reset-password', 'two-factor/verify-totp', 'organization/create'];

const rawBodies = fc.oneof(fc.constantFrom('{', '[1,', 'null', '"str"', '{"a":1}{"b":2}', '\u0000', '{"a":' + '['.repeat(2000)), deepNestingText);

interface Sample {
  params: Record<string, string>;
  query: string;
  body: unknown;
  raw: string | null;
  contentType: string;
}

async function send(method: string, url: string, sample: Sample, bearer: boolean): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (bearer) headers.authorization = `Bearer ${alice.key}`;
  else headers.cookie = alice.cookie;
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    body = sample.raw ?? JSON.stringify(sample.body);
    headers['content-type'] = sample.contentType;
  }
  const target = `${server.baseUrl}${url}${sample.query ? `?${sample.query}` : ''}`;
  const response = await fetch(target, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, text: await response.text() };
}

describe.concurrent('hostile input: no route answers 5xx or hangs', () => {
  for (const route of apiRoutes(server)) {
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
    const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
    const sample = fc.record<Sample>({
      params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramArbitrary]))) as fc.Arbitrary<Record<string, string>>,
      query: queryArbitrary(schemaKeys(schema.querystring)),
      body: bodyArbitrary(schemaKeys(schema.body)),
      raw: fc.option(rawBodies, { freq: 6 }),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
    });
    const wildcard = fc.oneof(fc.constantFrom(...AUTH_PATHS), paramArbitrary);

    it(routeKey(route), async () => {
      await fc.assert(
        fc.asyncProperty(sample, wildcard, async (input, rest) => {
          const url = fillPath(route.url, (name) => (name === '*' ? rest : input.params[name]));
          const response = await send(route.method, url, input, isBearerRoute(route));
          const context = `${route.method} ${url.slice(0, 200)} -> ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, context).not.toBe(500);
          expect(response.status < 500 || response.status === 503 || response.status === 501, context).toBe(true);
          if (response.status === 400 && route.url.startsWith('/api/') && !route.url.startsWith('/api/auth/')) {
            expect(typeof JSON.parse(response.text).error, context).toBe('string');
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }

  it('leaves Object.prototype untouched', () => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
