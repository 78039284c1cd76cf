import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { webhookAttemptListSchema, webhookEndpointCreatedSchema, webhookEndpointListSchema, webhookTestResultSchema, MAX_WEBHOOK_ENDPOINTS, type WebhookEventType } from '@citable/contract';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { startReceiver, type Receiver } from './receiver';

/**
 * Signed outgoing webhooks (issue 23), end to end: a real server whose deliveries go through the
 * pg-boss queue to a receiver on 127.0.0.1 that verifies every signature with the official
 * `standardwebhooks` package. Retries run at once (WEBHOOK_RETRY_DELAY_SECONDS=0), so no test
 * waits on a clock: each waits for the event it expects.
 */

let server: TestServer;
let receiver: Receiver;
let site: ChangingSite;
let base: string;

interface TestUser {
  cookie: string;
  id: string;
}

/** A Core account: its audits are its own page's, so the smart alerts compare them (no onboarding needed). */
async function newUser(): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Hook Tester', email: uniqueEmail('hooks'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'core');
  return { cookie, id };
}

let pathCount = 0;
/** Adds an endpoint on a fresh receiver path that verifies with the secret the creation answered. */
async function addEndpoint(user: TestUser, events: WebhookEventType[], script: number[] = []) {
  const path = `/hook/${++pathCount}`;
  const created = await api(base, '/api/webhooks', { cookie: user.cookie, body: { url: `${receiver.url}${path}`, events } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const endpoint = webhookEndpointCreatedSchema.parse(created.body);
  receiver.route(path, endpoint.secret, script);
  return { ...endpoint, path };
}

const attemptsOf = async (user: TestUser, id: string) => webhookAttemptListSchema.parse((await api(base, `/api/webhooks/${id}/attempts`, { cookie: user.cookie })).body).attempts;
const endpointsOf = async (user: TestUser) => webhookEndpointListSchema.parse((await api(base, '/api/webhooks', { cookie: user.cookie })).body).endpoints;
const verifiedOn = (path: string, type?: string) => receiver.on(path).filter((event) => event.verified !== null && (type === undefined || event.verified.type === type));

beforeAll(async () => {
  [receiver, site] = await Promise.all([startReceiver(), startChangingSite(5)]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '0' } });
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await Promise.all([receiver?.close(), site?.close()]);
});

describe('endpoints', () => {
  it('answers the signing secret once and keeps it only encrypted', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ events: ['audit.completed'], enabled: true, last_attempt: null });
    const listed = await endpointsOf(user);
    expect(listed).toEqual([expect.objectContaining({ id: endpoint.id, url: `${receiver.url}${endpoint.path}` })]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret.slice(6));
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.secretEncrypted).not.toContain(endpoint.secret.slice(6));
    expect(row.secretEncrypted).not.toContain(Buffer.from(endpoint.secret.slice(6), 'base64').toString('hex'));
    // Nothing in the whole row, read as text, carries the secret.
    const raw = await server.db.execute(sql`select row_to_json(w)::text as text from webhook_endpoints w where id = ${endpoint.id}`);
    expect(JSON.stringify(raw)).not.toContain(endpoint.secret.slice(6));
  });

  it('sends a signed test event and shows the attempt in the delivery log', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['score.dropped']);
    const sent = await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' });
    expect(sent.status).toBe(200);
    const { attempt } = webhookTestResultSchema.parse(sent.body);
    expect(attempt).toMatchObject({ event_type: 'webhook.test', attempt: 1, outcome: 'succeeded', status_code: 204, error: null });
    const [received] = verifiedOn(endpoint.path);
    expect(received.verified).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(received.headers['webhook-id']).toBe(attempt.message_id);
    expect(received.headers['content-type']).toBe('application/json');
    expect(await attemptsOf(user, endpoint.id)).toEqual([attempt]);
    expect((await endpointsOf(user))[0].last_attempt).toEqual(attempt);

    // A receiver that refuses shows as a failure with its status and answer.
    receiver.route(endpoint.path, endpoint.secret, [503]);
    const refused = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    expect(refused).toMatchObject({ outcome: 'failed', status_code: 503, response_excerpt: 'receiver says 503' });
    expect(refused.error).toContain('503');
    expect((await attemptsOf(user, endpoint.id)).map((row) => row.outcome)).toEqual(['failed', 'succeeded']);
  });

  it('keeps the latest 50 attempts and no settled delivery older than 30 days', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    const [old] = await server.db
      .insert(webhookDeliveries)
      .values({ userId: user.id, endpointId: endpoint.id, messageId: 'msg_old', eventType: 'audit.completed', dedupeKey: 'old', body: '{}', status: 'succeeded', createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .returning();
    const [recent] = await server.db
      .insert(webhookDeliveries)
      .values({ userId: user.id, endpointId: endpoint.id, messageId: 'msg_recent', eventType: 'audit.completed', dedupeKey: 'recent', body: '{}', status: 'failed', createdAt: new Date(Date.now() - 29 * 86_400_000) })
      .returning();
    const past = Date.now() - 86_400_000;
    await server.db.insert(webhookAttempts).values(
      Array.from({ length: 60 }, (_, index) => ({ deliveryId: recent.id, endpointId: endpoint.id, attempt: 1, succeeded: false, statusCode: 500, durationMs: 1, createdAt: new Date(past + index) })),
    );
    const sent = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    const log = await attemptsOf(user, endpoint.id);
    expect(log).toHaveLength(50);
    expect(log[0]).toEqual(sent);
    expect(await server.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpoint.id))).toHaveLength(50);
    const deliveries = (await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).map((row) => row.id);
    expect(deliveries).not.toContain(old.id);
    expect(deliveries).toContain(recent.id);
  });

  it('does not follow a redirect: the attempt fails and the other address is never called', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed'], [307]);
    const attempt = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: 307 });
    expect(attempt.error).toBe(`The endpoint redirected to ${endpoint.path}/redirected; redirects are not followed.`);
    expect(receiver.on(`${endpoint.path}/redirected`)).toEqual([]);
  });

  it('a secret copied into another endpoint’s row does not decrypt, and nothing is sent', async () => {
    const user = await newUser();
    const first = await addEndpoint(user, ['audit.completed']);
    const second = await addEndpoint(user, ['audit.completed']);
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, first.id));
    await server.db.update(webhookEndpoints).set({ secretEncrypted: row.secretEncrypted }).where(eq(webhookEndpoints.id, second.id));
    const attempt = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${second.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: null });
    expect(attempt.error).toMatch(/signing secret cannot be read/);
    expect(receiver.on(second.path)).toEqual([]);
  });

  it('a wrong secret fails verification at the receiver', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    receiver.route(endpoint.path, `whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    const attempt = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: 401 });
  });
});

describe('events', () => {
  it('raises audit.completed for every saved audit and score.dropped when the score falls', async () => {
    const user = await newUser();
    const all = await addEndpoint(user, ['audit.completed', 'score.dropped', 'citation.changed']);
    const dropsOnly = await addEndpoint(user, ['score.dropped']);
    const citationsOnly = await addEndpoint(user, ['citation.changed']);
    const auditIds: string[] = [];
    for (const level of [5, 5, 1]) {
      site.level = level;
      const audit = await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url: `${site.url}/` } });
      expect(audit.status).toBe(200);
      auditIds.push(audit.body.id as string);
    }
    site.level = 5;
    await expect.poll(() => verifiedOn(all.path, 'audit.completed').length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => verifiedOn(all.path, 'score.dropped').length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => verifiedOn(dropsOnly.path).length, { timeout: 30_000 }).toBe(1);
    const completed = verifiedOn(all.path, 'audit.completed').map((event) => event.verified!.data);
    expect(completed.map((data) => data.audit_id).sort()).toEqual([...auditIds].sort());
    expect(completed[0]).toMatchObject({ url: `${site.url}/`, kind: 'page', subscores: expect.objectContaining({ ai_understanding: expect.any(Number) }) });
    const scores = completed.map((data) => data.overall_score as number);
    const [drop] = verifiedOn(all.path, 'score.dropped');
    expect(drop.verified!.data).toMatchObject({ previous_score: scores[1], score: scores[2], drop: scores[1] - scores[2] });
    expect(drop.verified!.data.drop).toBeGreaterThanOrEqual(10);
    expect(drop.verified!.data.audit_id).toBe(completed[2].audit_id);
    expect(Date.parse(drop.verified!.timestamp)).not.toBeNaN();
    // An endpoint gets only the events it chose: nothing was even queued for this one.
    expect(await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, citationsOnly.id))).toEqual([]);
  });

  it('retries after a 500 with the same message id, and logs every attempt', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed'], [500, 500]);
    expect(await server.app.webhooks.emit(user.id, 'audit.completed', { audit_id: 'retry-me' }, 'retry-test')).toBe(1);
    await expect.poll(() => verifiedOn(endpoint.path).length, { timeout: 30_000 }).toBe(3);
    const received = verifiedOn(endpoint.path);
    expect(received.map((event) => event.status)).toEqual([500, 500, 204]);
    expect(new Set(received.map((event) => event.headers['webhook-id'])).size).toBe(1);
    // The same bytes on every attempt: the body is stored once and signed again per attempt.
    expect(new Set(received.map((event) => event.raw)).size).toBe(1);
    await expect.poll(async () => (await attemptsOf(user, endpoint.id)).length, { timeout: 30_000 }).toBe(3);
    const attempts = await attemptsOf(user, endpoint.id);
    expect(attempts.map((row) => [row.attempt, row.outcome, row.status_code])).toEqual([
      [3, 'succeeded', 204],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    expect(attempts[2].response_excerpt).toBe('receiver says 500');
    await expect.poll(async () => (await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0]?.status, { timeout: 30_000 }).toBe('succeeded');
    // Raised again under the same key, the event is not delivered twice.
    expect(await server.app.webhooks.emit(user.id, 'audit.completed', { audit_id: 'retry-me' }, 'retry-test')).toBe(0);
  });

  it('gives up after five attempts and marks the delivery failed', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed'], [500, 500, 500, 500, 500, 500, 500]);
    await server.app.webhooks.emit(user.id, 'audit.completed', { audit_id: 'never' }, 'give-up');
    await expect.poll(async () => (await server.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0]?.status, { timeout: 60_000 }).toBe('failed');
    expect((await attemptsOf(user, endpoint.id)).map((row) => row.attempt)).toEqual([5, 4, 3, 2, 1]);
    expect(receiver.on(endpoint.path)).toHaveLength(5);
  });

  it('refuses at delivery time an address that has become private (DNS rebinding)', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    // As if the endpoint's host now resolved to a private address: the row is pointed there directly.
    await server.db.update(webhookEndpoints).set({ url: 'http://10.1.2.3/hook' }).where(eq(webhookEndpoints.id, endpoint.id));
    const attempt = webhookTestResultSchema.parse((await api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: user.cookie, method: 'POST' })).body).attempt;
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: null });
    expect(attempt.error).toMatch(/private or reserved address/);
  });

  it('a disabled endpoint gets no events until enabled again', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    const disabled = await api(base, `/api/webhooks/${endpoint.id}`, { cookie: user.cookie, method: 'PATCH', body: { enabled: false } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    expect(await server.app.webhooks.emit(user.id, 'audit.completed', {}, 'while-off')).toBe(0);
    expect((await api(base, `/api/webhooks/${endpoint.id}`, { cookie: user.cookie, method: 'PATCH', body: { enabled: true } })).status).toBe(200);
    expect(await server.app.webhooks.emit(user.id, 'audit.completed', {}, 'back-on')).toBe(1);
    await expect.poll(() => verifiedOn(endpoint.path).length, { timeout: 30_000 }).toBe(1);
  });
});

describe('ownership and input', () => {
  it('answers 404 for another account’s endpoint, and changes nothing of it', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const endpoint = await addEndpoint(owner, ['audit.completed']);
    const tries = [
      api(base, `/api/webhooks/${endpoint.id}`, { cookie: stranger.cookie, method: 'PATCH', body: { enabled: false } }),
      api(base, `/api/webhooks/${endpoint.id}`, { cookie: stranger.cookie, method: 'DELETE' }),
      api(base, `/api/webhooks/${endpoint.id}/attempts`, { cookie: stranger.cookie }),
      api(base, `/api/webhooks/${endpoint.id}/test`, { cookie: stranger.cookie, method: 'POST' }),
      api(base, '/api/webhooks/not-a-uuid/test', { cookie: owner.cookie, method: 'POST' }),
    ];
    for (const response of await Promise.all(tries)) expect(response.status).toBe(404);
    expect(await endpointsOf(stranger)).toEqual([]);
    expect(await endpointsOf(owner)).toEqual([expect.objectContaining({ id: endpoint.id, enabled: true })]);
    expect(receiver.on(endpoint.path)).toEqual([]);
    expect((await api(base, '/api/webhooks')).status).toBe(401);
    // The owner can delete it; it is gone, with its log.
    expect((await api(base, `/api/webhooks/${endpoint.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(204);
    expect(await endpointsOf(owner)).toEqual([]);
  });

  it('refuses hostile and malformed addresses with 400 and stores nothing', async () => {
    const user = await newUser();
    const hostile = [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.2/hook',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://0x0a000001/hook',
      'http://example.com/hook',
      'ftp://example.com/hook',
      'javascript:alert(1)',
      'https://user:pass@example.com/hook',
      'not a url',
    ];
    for (const url of hostile) {
      const response = await api(base, '/api/webhooks', { cookie: user.cookie, body: { url, events: ['audit.completed'] } });
      expect(response.status, url).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    const blocked = await api(base, '/api/webhooks', { cookie: user.cookie, body: { url: 'https://10.0.0.1/hook', events: ['audit.completed'] } });
    expect(blocked.body.error).toBe('10.0.0.1 is a private or reserved address; webhooks are only sent to public addresses.');
    const plain = await api(base, '/api/webhooks', { cookie: user.cookie, body: { url: 'http://example.com/hook', events: ['audit.completed'] } });
    expect(plain.body.error).toBe('Use an https:// URL, so events travel encrypted.');
    expect(await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
  });

  it('refuses bad bodies with 400 and leaves the endpoint as it was', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, ['audit.completed']);
    const bad = [
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ['audit.deleted'] },
      { url: `${receiver.url}/x`, events: ['audit.completed', 'audit.completed'] },
      { url: `${receiver.url}/x`, events: ['audit.completed'], secret: 'mine' },
      { events: ['audit.completed'] },
      { url: `${receiver.url}/${'x'.repeat(2100)}`, events: ['audit.completed'] },
    ];
    for (const body of bad) expect((await api(base, '/api/webhooks', { cookie: user.cookie, body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await api(base, '/api/webhooks', { cookie: user.cookie, rawBody: '{"url":' })).status).toBe(400);
    for (const body of [{ enabled: 'yes' }, { events: [] }, { events: ['nope'] }, { url: 'https://example.com' }]) {
      expect((await api(base, `/api/webhooks/${endpoint.id}`, { cookie: user.cookie, method: 'PATCH', body })).status, JSON.stringify(body)).toBe(400);
    }
    // An empty change is no change: the endpoint as it is (and for someone else's id, 404 as for any other body).
    const unchanged = await api(base, `/api/webhooks/${endpoint.id}`, { cookie: user.cookie, method: 'PATCH', body: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ id: endpoint.id, events: ['audit.completed'], enabled: true });
    const [listed] = await endpointsOf(user);
    expect(listed).toMatchObject({ id: endpoint.id, url: `${receiver.url}${endpoint.path}`, events: ['audit.completed'], enabled: true });
    expect(await endpointsOf(user)).toHaveLength(1);
    const changed = await api(base, `/api/webhooks/${endpoint.id}`, { cookie: user.cookie, method: 'PATCH', body: { events: ['score.dropped', 'citation.changed'] } });
    expect(changed.body.events).toEqual(['score.dropped', 'citation.changed']);
  });

  it(`keeps to ${MAX_WEBHOOK_ENDPOINTS} endpoints per account`, async () => {
    const user = await newUser();
    for (let index = 0; index < MAX_WEBHOOK_ENDPOINTS; index++) await addEndpoint(user, ['audit.completed']);
    const over = await api(base, '/api/webhooks', { cookie: user.cookie, body: { url: `${receiver.url}/one-more`, events: ['audit.completed'] } });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(`You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`);
    expect(await endpointsOf(user)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });
});
