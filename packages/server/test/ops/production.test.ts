import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { user } from '../../src/db/schema';
import { api, cookieHeader, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), CREDENTIALS_KEY: 'a'.repeat(64) } });
});
afterAll(() => server?.close());

describe('production mode', () => {
  it('refuses to start without BETTER_AUTH_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow(/BETTER_AUTH_SECRET is not set/);
  });

  it('has no dev outbox', async () => {
    expect((await api(server.baseUrl, '/api/dev/outbox')).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/dev/outbox`)).status).toBe(404);
    expect((await api(server.baseUrl, '/api/config')).body).toMatchObject({ devOutbox: false, environment: 'production' });
  });

  it('sets __Host- session cookies: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const email = uniqueEmail('prod');
    expect((await api(server.baseUrl, '/api/auth/sign-up/email', { body: { name: 'Prod User', email, password: STRONG_PASSWORD } })).status).toBe(200);
    await server.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signedIn = await api(server.baseUrl, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-citable.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/Domain=/i);
    expect((await api(server.baseUrl, '/api/me', { cookie: cookieHeader(signedIn.headers) })).status).toBe(200);
  });

  it('trusts only PUBLIC_URL as an origin: localhost and 127.0.0.1 on another name are refused by the CSRF guard and better-auth', async () => {
    const email = uniqueEmail('prod-origin');
    expect((await api(server.baseUrl, '/api/auth/sign-up/email', { body: { name: 'Origin User', email, password: STRONG_PASSWORD } })).status).toBe(200);
    await server.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const localhost = server.baseUrl.replace('127.0.0.1', 'localhost');
    // better-auth: a sign-in whose callbackURL or Origin is the development origin is refused.
    const foreignCallback = await api(server.baseUrl, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD, callbackURL: `${localhost}/dashboard` } });
    expect(foreignCallback.status).toBe(403);
    const foreignOrigin = await api(server.baseUrl, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD }, headers: { origin: localhost } });
    expect(foreignOrigin.status).toBe(403);
    const signedIn = await api(server.baseUrl, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD, callbackURL: `${server.baseUrl}/dashboard` } });
    expect(signedIn.status).toBe(200);
    const cookie = cookieHeader(signedIn.headers);
    // The CSRF guard: the same cookie-authenticated write, from the development origin and from PUBLIC_URL.
    const write = (origin: string) => api(server.baseUrl, '/api/feedback', { cookie, headers: { origin }, body: { feedbackType: 'general', satisfaction: 4, valueRating: 4, feedbackText: `origin probe from ${origin}` } });
    const fromLocalhost = await write(localhost);
    expect(fromLocalhost.status).toBe(403);
    expect(fromLocalhost.body.error).toMatch(/Cross-site/);
    expect((await write(server.baseUrl)).status).toBe(201);
  });
});

