import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TESTS_PER_MINUTE, webhookEndpointCreatedSchema } from '@citable/contract';
import { DEFAULT_API_ANONYMOUS_PER_MINUTE, readApiAnonymousRateLimit } from '../../src/settings/api-rate-limit';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Issue #35, findings 5 and 7: requests without a valid key to /api/v1 and /api/mcp were never
 * limited (1,000 random keys in 9 s, all 401), and a webhook's test send had no limit of its own.
 * docs/security.md states both limits; these tests hold the code to them.
 */

const ANONYMOUS_LIMIT = 5;
const security = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8');

let server: TestServer;
let receiver: Receiver;
let cookie = '';
let key = '';

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ env: { API_ANONYMOUS_PER_MINUTE: String(ANONYMOUS_LIMIT), FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  cookie = await signUpVerified(server.baseUrl, { name: 'Limits', email: uniqueEmail('limits'), password: STRONG_PASSWORD });
  key = (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Limits' } })).body.secret as string;
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});

describe('requests without a valid key to /api/v1 and /api/mcp', () => {
  it('are limited per address, as docs/security.md states: 401 up to the limit, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_LIMIT; i++) {
      const headers = i % 2 === 0 ? { authorization: `Bearer ctb_wrong${i}` } : undefined;
      statuses.push((await api(server.baseUrl, '/api/v1/audits', { headers })).status);
    }
    expect(statuses).toEqual(Array(ANONYMOUS_LIMIT).fill(401));
    const refused = await api(server.baseUrl, '/api/v1/audits', { headers: { authorization: 'Bearer ctb_wrong-again' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The MCP endpoint shares the address's budget.
    const mcp = await fetch(`${server.baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(mcp.status).toBe(429);
    // A valid key from the same address is not refused for the address's failures.
    expect((await api(server.baseUrl, '/api/v1/audits', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('default to the 60 per minute docs/security.md states, outside tests', () => {
    expect(DEFAULT_API_ANONYMOUS_PER_MINUTE).toBe(60);
    expect(readApiAnonymousRateLimit({}, 'production', (message) => new Error(message))).toBe(DEFAULT_API_ANONYMOUS_PER_MINUTE);
    expect(security).toContain(`limited to ${DEFAULT_API_ANONYMOUS_PER_MINUTE} per minute per address (\`API_ANONYMOUS_PER_MINUTE\`)`);
  });
});

describe('webhook test sends', () => {
  it('are limited per endpoint, as docs/security.md states', async () => {
    expect(security).toContain(`Webhook test events: ${WEBHOOK_TESTS_PER_MINUTE} per minute per endpoint`);
    const add = async (route: string) => {
      const created = webhookEndpointCreatedSchema.parse((await api(server.baseUrl, '/api/webhooks', { cookie, body: { url: `${receiver.url}${route}`, events: ['audit.completed'] } })).body);
      receiver.route(route, created.secret);
      return created.id;
    };
    const first = await add('/limited');
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) {
      expect((await api(server.baseUrl, `/api/webhooks/${first}/test`, { cookie, method: 'POST' })).status).toBe(200);
    }
    const refused = await api(server.baseUrl, `/api/webhooks/${first}/test`, { cookie, method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^At most 5 test events per minute for one endpoint\. Try again in \d+ s\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(receiver.on('/limited')).toHaveLength(WEBHOOK_TESTS_PER_MINUTE);
    // Another endpoint has its own budget.
    const second = await add('/other');
    expect((await api(server.baseUrl, `/api/webhooks/${second}/test`, { cookie, method: 'POST' })).status).toBe(200);
  });
});
