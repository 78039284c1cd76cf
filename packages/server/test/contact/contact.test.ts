import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_HONEYPOT_FIELD, CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED_MESSAGE } from '@citable/contract';
import { contactMessages } from '../../src/db/schema';
import { api, startTestServer, type TestServer } from '../helpers';

const OPERATOR = 'operator@citable.test';

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  website: 'https://engines.example.com',
  subject: 'sales',
  message: 'We would like a demo for our agency.',
  consent: true,
  ...overrides,
});

const stored = async (server: TestServer) => (await server.db.select({ n: count() }).from(contactMessages))[0].n;

describe('POST /api/contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CONTACT_EMAIL: OPERATOR } });
  });
  afterAll(() => server?.close());

  it('stores the message and mails it to CONTACT_EMAIL through the outbox', async () => {
    const response = await api(server.baseUrl, '/api/contact', { body: valid() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    const rows = await server.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines Ltd', website: 'https://engines.example.com', subject: 'sales' });
    expect(rows[0]).not.toHaveProperty('consent');

    const mail = await server.outbox(OPERATOR);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('[Contact: Sales] Ada Lovelace');
    expect(mail[0].text).toContain('We would like a demo for our agency.');
    expect(mail[0].text).toContain('E-mail: ada@example.com');
  });

  it('stores empty optional fields as absent', async () => {
    const response = await api(server.baseUrl, '/api/contact', { body: valid({ company: '', website: '', email: 'bob@example.com' }) });
    expect(response.status).toBe(200);
    const rows = await server.db.select().from(contactMessages);
    const bob = rows.find((row) => row.email === 'bob@example.com');
    expect(bob).toMatchObject({ company: null, website: null });
  });

  it('answers a filled honeypot as a success but stores and mails nothing', async () => {
    const before = await stored(server);
    const mailBefore = (await server.outbox(OPERATOR)).length;
    const response = await api(server.baseUrl, '/api/contact', { body: valid({ [CONTACT_HONEYPOT_FIELD]: 'https://spam.example', email: 'bot@example.com' }) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await stored(server)).toBe(before);
    expect(await server.outbox(OPERATOR)).toHaveLength(mailBefore);
  });

  it.each([
    ['no name', valid({ name: '  ' })],
    ['a bad e-mail', valid({ email: 'not-an-address' })],
    ['an unknown subject', valid({ subject: 'jobs' })],
    ['no message', valid({ message: '' })],
    ['no consent', valid({ consent: false })],
    ['a website that is not an http(s) URL', valid({ website: 'javascript:alert(1)' })],
    ['an unknown field', valid({ admin: true })],
    ['a message over 5000 characters', valid({ message: 'x'.repeat(5001) })],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await stored(server);
    const response = await api(server.baseUrl, '/api/contact', { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid request');
    expect(Array.isArray(response.body.details)).toBe(true);
    expect(await stored(server)).toBe(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await api(server.baseUrl, '/api/contact', { rawBody: '{"name":' });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/contact rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CONTACT_EMAIL: OPERATOR } });
  });
  afterAll(() => server?.close());

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages per hour from one address, then answers 429 with Retry-After`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) {
      const response = await api(server.baseUrl, '/api/contact', { body: valid({ message: `Message ${i}` }) });
      expect(response.status).toBe(200);
    }
    const refused = await api(server.baseUrl, '/api/contact', { body: valid({ message: 'One too many' }) });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: CONTACT_RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await stored(server)).toBe(CONTACT_RATE_LIMIT.limit);
    expect(await server.outbox(OPERATOR)).toHaveLength(CONTACT_RATE_LIMIT.limit);
  });
});

describe('POST /api/contact without CONTACT_EMAIL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('stores the message and sends no mail', async () => {
    const response = await api(server.baseUrl, '/api/contact', { body: valid() });
    expect(response.status).toBe(200);
    expect(await stored(server)).toBe(1);
    expect(await server.outbox()).toHaveLength(0);
  });
});
