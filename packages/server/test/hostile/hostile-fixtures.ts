import fc from 'fast-check';
import type { RouteEntry } from '../../src/ops/route-table';
import { setPlan } from '../../src/features/profile/profile';
import { api, STRONG_PASSWORD, signUpVerified, startTestServer, uniqueEmail, type TestServer } from '../helpers';

/**
 * Routes that answer without a session (or authenticate some other way), with the reason. Every
 * other route must answer 401 to a caller without one. Keep this list short and explained.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness probe',
  'GET /api/ready': 'readiness probe',
  'GET /metrics': 'token-protected, 404 without METRICS_TOKEN',
  'GET /api/config': 'public client configuration',
  'POST /api/contact': 'public contact form',
  'GET /api/status': 'public status page',
  'GET /api/auth/*': 'better-auth',
  'POST /api/auth/*': 'better-auth',
  'POST /api/billing/webhook': 'authenticated by its HMAC signature (401 without)',
  'POST /api/functions/genie-chatbot': 'the landing-page context needs no session',
  'GET /api/dev/outbox': 'development only',
  'GET /dev/outbox': 'development only',
  'GET /api/v1/openapi.json': 'public API description',
  'OPTIONS /api/v1/*': 'CORS preflight: browsers send it without credentials; it grants nothing by itself',
  'GET /api/digest/unsubscribe': 'the e-mail link carries a signed token instead of a session',
  'GET /api/invitations/preview': 'the invite page shows the invitation before sign-in; the token is HMAC-signed',
  'GET /': 'the web app',
};

/** Bearer-key routes: 401 without a key, whatever the cookie. */
export const isBearerRoute = (route: RouteEntry) => route.url.startsWith('/api/v1/') && route.url !== '/api/v1/openapi.json' || route.url === '/api/mcp';

export const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The routes under test: every registered one except the web app's catch-alls. */
export function apiRoutes(server: TestServer): RouteEntry[] {
  return server.app.routeTable.filter((route) => route.url.startsWith('/api/') || route.url === '/metrics');
}

export interface HostileServer {
  server: TestServer;
  /** A signed-in user on the top plan, onboarded, with an API key. */
  alice: { cookie: string; id: string; key: string };
  bob: { cookie: string; id: string; key: string };
}

async function newUser(server: TestServer, name: string) {
  const cookie = await signUpVerified(server.baseUrl, { name, email: uniqueEmail(name.toLowerCase()), password: STRONG_PASSWORD });
  const id = (await api(server.baseUrl, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'agency');
  const onboarding = await api(server.baseUrl, '/api/profile/onboarding', {
    cookie,
    body: {
      websites: [{ name: 'Site', url: 'https://site.example.com' }],
      industry: 'Technology & Software',
      competitors: [{ name: 'Rival', url: 'https://rival.example.com' }],
      goals: ['increase_citations'],
    },
  });
  if (onboarding.status !== 200) throw new Error(`onboarding failed: ${onboarding.status} ${JSON.stringify(onboarding.body)}`);
  const key = await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'hostile' } });
  if (key.status !== 201) throw new Error(`api key failed: ${key.status}`);
  return { cookie, id, key: key.body.secret as string };
}

export async function startHostileServer(env: Record<string, string> = {}): Promise<HostileServer> {
  // Public API keys get a generous limit: the fuzz must reach the handlers, not the 429.
  const server = await startTestServer({ env: { API_RATE_LIMIT_PER_MINUTE: '1000000', ...env } });
  const [alice, bob] = [await newUser(server, 'Alice'), await newUser(server, 'Bob')];
  return { server, alice, bob };
}

/** Keys of a zod object schema (zod 4 `shape`), so the fuzz also sends the right names with wrong values. */
export function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Strings that have broken parsers, databases and URL handling before. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '../../etc/passwd', '%00', '\u0000', "' OR 1=1 --", '<script>alert(1)</script>', 'http://127.0.0.1:1/', 'javascript:alert(1)', 'file:///etc/passwd', '\uD800', '🦄'.repeat(50), '00000000-0000-0000-0000-000000000000', ...POLLUTION_KEYS),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(200_000)),
);

/** Any JSON value, including deep nesting, huge strings and prototype-pollution keys. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTION_KEYS)), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Deeply nested JSON as text: the counterexample stays printable, the server still parses it. */
export const deepNestingText = fc.integer({ min: 100, max: 5_000 }).map((depth) => '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth));

/** A body for a route: random JSON, the schema's keys with hostile values, or pollution keys. */
export function bodyArbitrary(keys: string[]): fc.Arbitrary<unknown> {
  const keyed = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, ...POLLUTION_KEYS), jsonValue, { maxKeys: keys.length + 2 })
    : fc.dictionary(fc.constantFrom(...POLLUTION_KEYS), jsonValue);
  return fc.oneof(keyed, keyed, jsonValue, fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}')));
}

/** A query string: the schema's keys and pollution keys, with string, repeated (array) or empty values. */
export function queryArbitrary(keys: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...keys, ...POLLUTION_KEYS, 'limit', 'offset', 'page'), fc.string({ maxLength: 6 }));
  return fc.array(fc.tuple(name, fc.oneof(nastyString, fc.integer().map(String))), { maxLength: 6 }).map((pairs) => {
    const search = new URLSearchParams();
    for (const [key, value] of pairs) search.append(key, value.length > 5_000 ? value.slice(0, 5_000) : value);
    return search.toString();
  });
}

/** A path parameter value: anything that survives as a URL segment. */
export const paramArbitrary = nastyString.map((value) => encodeURIComponent(value.slice(0, 2_000).replace(/[\uD800-\uDFFF]/g, '\uFFFD')) || 'x');

/** Fills `:name` and `*` placeholders of a route's URL. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => value(name)).replace(/\*$/, () => value('*'));
}
