import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@citable/contract';
import { session, user, userProfiles } from '../../src/db/schema';
import { verifiedToken } from '../../src/auth/session-lookup';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// requireUser reads the session cookie itself (one statement: session, user, profile and plan)
// instead of asking better-auth. These tests hold it to better-auth's rules: the same signed
// cookie, nothing but a live session accepted, and no cached session outliving a change to it.
// The direct database writes below go through the server's own pool, as a job's would; the next
// request waits for them to reach the caches (src/cache/own-writes.ts).

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const COOKIE = 'citable.session_token';
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split(`${COOKIE}=`)[1]!.split(';')[0]!).split('.')[0]!;
const sign = (token: string, secret: string) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

async function newUser(label: string): Promise<{ email: string; cookie: string; token: string }> {
  const email = uniqueEmail(label);
  const cookie = await signUpVerified(base, { name: 'Sam Lookup', email, password: STRONG_PASSWORD });
  return { email, cookie, token: tokenOf(cookie) };
}

describe('the session cookie', () => {
  it('accepts the cookie better-auth signs, and the same token signed with the server secret', async () => {
    const { cookie, token, email } = await newUser('ok');
    expect((await api(base, '/api/me', { cookie })).body.user.email).toBe(email);
    const resigned = `${COOKIE}=${sign(token, server.config.authSecret)}`;
    expect((await api(base, '/api/me', { cookie: resigned })).status).toBe(200);
  });

  it('refuses a tampered signature, another secret, an unsigned token and an unknown token', async () => {
    const { token } = await newUser('forged');
    const good = decodeURIComponent(sign(token, server.config.authSecret));
    const flipped = good.slice(0, -2) + (good.at(-2) === 'A' ? 'B' : 'A') + '=';
    const urlSafe = good.replaceAll('+', '-').replaceAll('/', '_');
    const forged = [
      encodeURIComponent(flipped),
      sign(token, 'another-secret-of-at-least-32-characters!'),
      token,
      sign('no-such-session-token-000000000000', server.config.authSecret),
      ...(urlSafe === good ? [] : [encodeURIComponent(urlSafe)]),
    ];
    for (const value of forged) {
      const me = await api(base, '/api/me', { cookie: `${COOKIE}=${value}` });
      expect(me.status, value).toBe(401);
      expect(me.body).toEqual({ error: MESSAGES.auth.notAuthenticated });
    }
  });

  it('refuses an expired session, and a session deleted by another process, on the very next request', async () => {
    const expired = await newUser('expired');
    await server.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, expired.token));
    expect((await api(base, '/api/profile', { cookie: expired.cookie })).status).toBe(401);

    const revoked = await newUser('revoked');
    expect((await api(base, '/api/profile', { cookie: revoked.cookie })).status).toBe(200);
    await server.db.delete(session).where(eq(session.token, revoked.token));
    expect((await api(base, '/api/profile', { cookie: revoked.cookie })).status).toBe(401);
  });

  it('reads the plan, the name and the profile afresh once they change', async () => {
    const { email, cookie } = await newUser('fresh');
    // First access creates the profile (there was no row to read with the session).
    const first = await api(base, '/api/profile', { cookie });
    expect(first.body).toMatchObject({ plan: 'free', email, full_name: 'Sam Lookup', websites: [] });

    const [owner] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await server.db.update(userProfiles).set({ plan: 'pro' }).where(eq(userProfiles.userId, owner!.id));
    await server.db.update(user).set({ name: 'Sam Renamed' }).where(eq(user.id, owner!.id));
    expect((await api(base, '/api/profile', { cookie })).body).toMatchObject({ plan: 'pro', full_name: 'Sam Renamed' });

    const patched = await api(base, '/api/profile', { method: 'PATCH', cookie, body: { industry: 'Other' } });
    expect(patched.status).toBe(200);
    expect((await api(base, '/api/profile', { cookie })).body.industry).toBe('Other');
  });
});

describe('GET /api/auth/get-session', () => {
  it("answers a live session with exactly better-auth's own document and no-store headers", async () => {
    const { cookie } = await newUser('doc');
    const response = await api(base, '/api/auth/get-session', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const own = await server.app.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(own).not.toBeNull();
    expect(response.body).toEqual(JSON.parse(JSON.stringify(own)));
    expect(Object.keys(response.body.user)).toContain('twoFactorEnabled');
  });

  it('leaves everything but a live session to better-auth: none, forged, expired', async () => {
    expect((await api(base, '/api/auth/get-session')).body).toBeNull();
    const { token, cookie } = await newUser('docgone');
    expect((await api(base, '/api/auth/get-session', { cookie: `${COOKIE}=${sign(token, 'another-secret-of-at-least-32-characters!')}` })).body).toBeNull();
    await server.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
    const expired = await api(base, '/api/auth/get-session', { cookie });
    expect(expired.body).toBeNull();
    // better-auth removes the expired session and clears its cookie.
    expect(expired.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE}=;`) || /Max-Age=0/i.test(line))).toBe(true);
    expect(await server.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });
});

describe('verifiedToken', () => {
  const secret = 'a-test-secret-that-is-long-enough-123';
  it('returns the token of a well-signed value and null otherwise', () => {
    const value = decodeURIComponent(sign('abc123', secret));
    expect(verifiedToken(value, secret)).toBe('abc123');
    expect(verifiedToken(value, `${secret}x`)).toBeNull();
    expect(verifiedToken(undefined, secret)).toBeNull();
    expect(verifiedToken('', secret)).toBeNull();
    expect(verifiedToken('.abc', secret)).toBeNull();
    expect(verifiedToken(`abc123.${'A'.repeat(43)}=`, secret)).toBeNull();
    // A signature of the wrong length is refused before any comparison.
    expect(verifiedToken(`${value}A`, secret)).toBeNull();
  });
});
