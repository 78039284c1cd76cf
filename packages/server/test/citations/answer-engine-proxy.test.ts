import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { citationTrackerResultSchema } from '@citable/contract';
import { user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { anthropicWebSearchAnswer } from '../fakes/answer-engines';
import { startConnectProxy, type ConnectProxy } from '../fakes/connect-proxy';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Issue 29: a server behind a corporate proxy reaches the answer engines through HTTPS_PROXY /
 * HTTP_PROXY, and the hosts NO_PROXY names directly. A tiny CONNECT proxy on 127.0.0.1 records
 * which requests went through it; it tunnels to the local Claude fake and refuses everything
 * else, so nothing reaches the internet.
 */

const DOMAIN = 'acme-analytics.example';
let claude: HttpFake;
let proxy: ConnectProxy;
const servers: TestServer[] = [];

beforeAll(async () => {
  claude = await startHttpFake(() => ({ json: anthropicWebSearchAnswer('Acme Analytics is a common choice for product analytics.', [{ url: `https://${DOMAIN}/`, title: 'Acme Analytics' }]) }));
  proxy = await startConnectProxy((host) => host === '127.0.0.1');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await claude?.close();
  await proxy?.close();
});

/** A server with these proxy variables, Claude on the local fake and ChatGPT at OpenAI's own URL; one tracker run of a Pro user. */
async function runWith(env: Record<string, string>) {
  const server = await startTestServer({
    env: {
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_BASE_URL: claude.url,
      // The vendor's default, https: only HTTPS_PROXY may carry it, and the proxy refuses it.
      OPENAI_API_KEY: 'sk-openai',
      CITATION_SAMPLES: '1',
      CITATION_ENGINE_RETRY_BASE_MS: '1',
      CITATION_ENGINE_TIMEOUT_MS: '20000',
      HN_SEARCH_URL: 'off',
      REDDIT_SEARCH_URL: 'off',
      ...env,
    },
  });
  servers.push(server);
  const email = uniqueEmail('proxy');
  const cookie = await signUpVerified(server.baseUrl, { name: 'Pro Xy', email, password: STRONG_PASSWORD });
  const [{ id }] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setPlan(server.db, id, 'pro');
  const response = await api(server.baseUrl, '/api/functions/citation-tracker', { cookie, body: { domain: DOMAIN, keywords: 'product analytics' } });
  expect(response.status).toBe(200);
  const result = citationTrackerResultSchema.parse(response.body);
  return { status: (id: string) => result.sources.find((source) => source.id === id)! };
}

describe('outbound proxy for the answer engines', () => {
  it('sends https calls through HTTPS_PROXY and http calls through HTTP_PROXY', async () => {
    const claudeBefore = claude.requests.length;
    const run = await runWith({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    const claudePort = new URL(claude.url).port;
    // ChatGPT's https API was asked for through the proxy (a CONNECT to api.openai.com:443), which refused it.
    expect(proxy.seen).toContain('api.openai.com:443');
    expect(run.status('chatgpt').status).not.toBe('ok');
    // Claude's http fake was reached through the proxy's tunnel, and answered.
    expect(proxy.seen).toContain(`127.0.0.1:${claudePort}`);
    expect(claude.requests.length).toBeGreaterThan(claudeBefore);
    expect(run.status('claude')).toMatchObject({ status: 'ok', failedAsks: 0 });
  });

  it('reaches the hosts NO_PROXY names directly', async () => {
    const seenBefore = proxy.seen.length;
    const claudeBefore = claude.requests.length;
    const run = await runWith({ HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
    expect(run.status('claude')).toMatchObject({ status: 'ok', failedAsks: 0 });
    expect(claude.requests.length).toBeGreaterThan(claudeBefore);
    // Only ChatGPT's https calls (HTTP_PROXY stands in for an unset HTTPS_PROXY) went to the proxy.
    expect(proxy.seen.slice(seenBefore).every((target) => target === 'api.openai.com:443')).toBe(true);
    expect(proxy.seen.slice(seenBefore)).not.toContain(`127.0.0.1:${new URL(claude.url).port}`);
  });

  it('refuses a proxy variable that is no http(s) URL at start-up', async () => {
    await expect(startTestServer({ env: { HTTPS_PROXY: 'socks5://127.0.0.1:1080' } })).rejects.toThrow('HTTPS_PROXY must be an http(s) URL');
  });
});
