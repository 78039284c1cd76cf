import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, AUTH_PAGES } from '@citable/contract';
import { api, cookieHeader, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19: the verification link signs in, "Resend verification e-mail" sends a fresh link within
// limits, and the billing dialog's history call answers 200 on a server without a billing provider.

let server: TestServer;
let limited: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
  // Real limits for the resend route only (the rest stay generous, as in every API test).
  limited = await startTestServer({ rateLimits: { verificationPerEmail: { limit: 2, windowMs: 60_000 }, verificationPerIp: { limit: 3, windowMs: 60_000 } } });
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
});

async function verificationLinks(baseUrl: string, email: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { links: string[] }[] };
  return messages.flatMap((message) => message.links).filter((link) => link.includes('/api/auth/verify-email'));
}

describe('the verification link', () => {
  it('signs the user in and lands on the dashboard', async () => {
    const email = uniqueEmail('autosignin');
    expect((await api(base, '/api/auth/sign-up/email', { body: { name: 'Vera Link', email, password: STRONG_PASSWORD } })).status).toBe(200);
    const [link] = await verificationLinks(base, email);
    expect(link).toBeDefined();

    const verified = await fetch(link!, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/dashboard?auth=verified');
    expect(AUTH_PAGES.emailVerified).toBe('/dashboard?auth=verified');
    const cookie = cookieHeader(verified.headers);
    expect(cookie).toContain('citable.session_token=');

    const me = await api(base, '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, emailVerified: true });
  });

  it('signs nobody in a second time: a used link only confirms', async () => {
    const email = uniqueEmail('reuse');
    await api(base, '/api/auth/sign-up/email', { body: { name: 'Re Use', email, password: STRONG_PASSWORD } });
    const [link] = await verificationLinks(base, email);
    expect(cookieHeader((await fetch(link!, { redirect: 'manual' })).headers)).toContain('citable.session_token=');
    const again = await fetch(link!, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(cookieHeader(again.headers)).toBe('');
  });
});

describe('resend verification e-mail', () => {
  it('sends a new link to an unverified address, which signs in', async () => {
    const email = uniqueEmail('resend');
    await api(base, '/api/auth/sign-up/email', { body: { name: 'Re Send', email, password: STRONG_PASSWORD } });
    const refused = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(AUTH_ERROR_CODES.emailNotVerified);
    const before = (await verificationLinks(base, email)).length;

    const resent = await api(base, '/api/auth/send-verification-email', { body: { email } });
    expect(resent.status).toBe(200);
    const links = await verificationLinks(base, email);
    expect(links).toHaveLength(before + 1);
    // Without a callbackURL from the client, the link still lands on the dashboard.
    expect(decodeURIComponent(links.at(-1)!)).toContain(`callbackURL=${AUTH_PAGES.emailVerified}`);
    const verified = await fetch(links.at(-1)!, { redirect: 'manual' });
    expect((await api(base, '/api/me', { cookie: cookieHeader(verified.headers) })).status).toBe(200);
  });

  it('is limited per e-mail address and per client address', async () => {
    const email = uniqueEmail('flood');
    await api(limited.baseUrl, '/api/auth/sign-up/email', { body: { name: 'Flo Od', email, password: STRONG_PASSWORD } });
    const send = (to: string) => api(limited.baseUrl, '/api/auth/send-verification-email', { body: { email: to } });
    expect((await send(email)).status).toBe(200);
    expect((await send(email)).status).toBe(200);
    const perEmail = await send(email);
    expect(perEmail.status).toBe(429);
    expect(perEmail.body).toMatchObject({ code: AUTH_ERROR_CODES.rateLimited, error: 'Too many verification e-mails requested. Please wait a few minutes before trying again.' });
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address from the same client: the per-address limit (3) is reached with this one.
    expect((await send(uniqueEmail('other'))).status).toBe(429);
    // Two accepted sends, one e-mail each; the refused ones sent nothing.
    expect(await verificationLinks(limited.baseUrl, email)).toHaveLength(1 + 2);
  });
});

describe('billing history without a billing provider', () => {
  it('answers 200 with no invoices instead of 404', async () => {
    const cookie = await signUpVerified(base, { name: 'Hist Ory', email: uniqueEmail('invoices'), password: STRONG_PASSWORD });
    const config = await api(base, '/api/config');
    expect(config.body.billingConfigured).toBe(false);
    const invoices = await api(base, '/api/billing/invoices', { cookie });
    expect(invoices.status).toBe(200);
    expect(invoices.body).toEqual({ invoices: [] });
    expect((await api(base, '/api/billing/invoices')).status).toBe(401);
  });
});
