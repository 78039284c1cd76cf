import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { citationTrackingSchema, trackingHistorySchema, webhookEndpointCreatedSchema } from '@citable/contract';
import { user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { openAiResponsesAnswer } from '../fakes/answer-engines';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startReceiver, type Receiver } from './receiver';

/**
 * citation.changed through the real detection (issue 23): tracked prompts run on schedule against
 * a local fake of ChatGPT's Responses API; when ChatGPT stops naming the site, the run's citation
 * alerts find it and the event reaches a receiver that verifies its signature with `standardwebhooks`.
 */

const DOMAIN = 'lanterntea.example';
const PROMPT = 'Where can I buy single-origin sencha in Europe?';
let mentions = true;
let chatgpt: HttpFake;
let server: TestServer;
let receiver: Receiver;
let cookie: string;

beforeAll(async () => {
  receiver = await startReceiver();
  chatgpt = await startHttpFake(() => ({
    json: mentions
      ? openAiResponsesAnswer('Lantern Tea ships single-origin sencha across Europe.', [{ url: `https://${DOMAIN}/sencha` }], { inputTokens: 10, outputTokens: 10 })
      : openAiResponsesAnswer('Globex Tea ships sencha across Europe.', [{ url: 'https://globex.example/sencha' }], { inputTokens: 10, outputTokens: 10 }),
  }));
  server = await startTestServer({
    env: { OPENAI_API_KEY: 'sk-openai-secret', OPENAI_BASE_URL: `${chatgpt.url}/v1`, CITATION_ENGINE_RETRY_BASE_MS: '1', HN_SEARCH_URL: 'off', REDDIT_SEARCH_URL: 'off', FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '0' },
  });
  const email = uniqueEmail('citation-hooks');
  cookie = await signUpVerified(server.baseUrl, { name: 'Tea Tracker', email, password: STRONG_PASSWORD });
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setPlan(server.db, row.id, 'pro');
  const profile = await api(server.baseUrl, '/api/profile', { method: 'PATCH', cookie, body: { websites: [{ name: 'Lantern Tea', url: `https://${DOMAIN}` }], competitors: [{ name: 'Globex', url: 'https://globex.example' }] } });
  expect(profile.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([chatgpt?.close(), receiver?.close()]);
});

const tracking = async () => citationTrackingSchema.parse((await api(server.baseUrl, '/api/citations/tracking', { cookie })).body);
const runs = async () => trackingHistorySchema.parse((await api(server.baseUrl, `/api/citations/tracking/history?domain=${DOMAIN}`, { cookie })).body).runs;

async function waitForRuns(count: number): Promise<void> {
  await expect.poll(async () => (await runs()).length, { timeout: 60_000, interval: 200 }).toBe(count);
  await expect.poll(async () => (await tracking()).sites[0]?.running, { timeout: 30_000, interval: 200 }).toBeNull();
}

it('sends citation.changed when a scheduled run finds a mention lost', async () => {
  const created = await api(server.baseUrl, '/api/webhooks', { cookie, body: { url: `${receiver.url}/citations`, events: ['citation.changed'] } });
  expect(created.status).toBe(201);
  receiver.route('/citations', webhookEndpointCreatedSchema.parse(created.body).secret);

  expect((await api(server.baseUrl, '/api/citations/tracking/prompts', { cookie, body: { domain: DOMAIN, prompts: [PROMPT] } })).status).toBe(201);
  await waitForRuns(1);
  // The first run has nothing to compare with: no change, no event.
  expect(receiver.on('/citations')).toEqual([]);

  mentions = false;
  const first = (await tracking()).sites[0];
  expect((await server.app.citationMonitor.tick(new Date(Date.parse(first.nextRunAt!)))).started).toBe(1);
  await waitForRuns(2);
  await expect.poll(() => receiver.on('/citations').length, { timeout: 30_000 }).toBe(1);
  const [event] = receiver.on('/citations');
  expect(event.status).toBe(204);
  expect(event.verified).toMatchObject({ type: 'citation.changed', data: { domain: DOMAIN } });
  const changes = event.verified!.data.changes as { kind: string; title: string; details: Record<string, unknown> }[];
  expect(changes).toContainEqual(expect.objectContaining({ kind: 'lost', title: `ChatGPT stopped mentioning ${DOMAIN}`, details: expect.objectContaining({ sourceId: 'chatgpt', prompt: PROMPT, rate: 0 }) }));
  expect(changes.every((change) => ['lost', 'gained', 'overtaken', 'new-domain'].includes(change.kind))).toBe(true);
});
