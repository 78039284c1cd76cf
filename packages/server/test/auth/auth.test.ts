import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, AUTH_PAGES, MESSAGES, PASSWORD_MESSAGES } from '@citable/contract';
import { api, cookieHeader, latestLink, signIn, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

describe('sign-up, verification and sign-in', () => {
  it('signs up, refuses sign-in until the e-mail is verified, then signs in and reads /api/me', async () => {
    const email = uniqueEmail('ann');
    const signUp = await api(base, '/api/auth/sign-up/email', { body: { name: 'Ann Lee', email, password: STRONG_PASSWORD } });
    expect(signUp.status).toBe(200);
    expect(signUp.body.token).toBeNull();
    expect(cookieHeader(signUp.headers)).toBe('');

    const early = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe(AUTH_ERROR_CODES.emailNotVerified);

    const link = await latestLink(base, email, '/api/auth/verify-email');
    expect(link.startsWith(`${base}/api/auth/verify-email?token=`)).toBe(true);
    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe(AUTH_PAGES.emailVerified);

    const signedIn = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('citable.session_token='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    const me = await api(base, '/api/me', { cookie: cookieHeader(signedIn.headers) });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, name: 'Ann Lee', emailVerified: true });
    expect(me.body.profile).toMatchObject({ plan: 'free', onboarding_completed_at: null, email, full_name: 'Ann Lee', websites: [] });
  });

  it('answers 401 with the spec message without a session', async () => {
    const me = await api(base, '/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: MESSAGES.auth.notAuthenticated });
  });

  it('issues a new session token at each sign-in and ends the session at sign-out', async () => {
    const email = uniqueEmail('tok');
    const first = await signUpVerified(base, { name: 'Tok En', email, password: STRONG_PASSWORD });
    const second = await signIn(base, email, STRONG_PASSWORD);
    expect(second).not.toBe(first);
    // better-auth's client may send an empty body labelled as JSON.
    const signOut = await api(base, '/api/auth/sign-out', { method: 'POST', rawBody: '', cookie: second });
    expect(signOut.status).toBe(200);
    expect((await api(base, '/api/me', { cookie: second })).status).toBe(401);
    expect((await api(base, '/api/me', { cookie: first })).status).toBe(200);
  });

  it('gives sessions an absolute 30-day lifetime that use does not extend', async () => {
    const email = uniqueEmail('life');
    const cookie = await signUpVerified(base, { name: 'Life Time', email, password: STRONG_PASSWORD });
    const { session, user } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const read = () => server.db.select({ createdAt: session.createdAt, expiresAt: session.expiresAt }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, email));
    const [before] = await read();
    expect(before.expiresAt.getTime() - before.createdAt.getTime()).toBeCloseTo(30 * 24 * 60 * 60 * 1000, -4);
    expect((await api(base, '/api/me', { cookie })).status).toBe(200);
    expect((await api(base, '/api/auth/get-session', { cookie })).status).toBe(200);
    const [after] = await read();
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
  });

  it('refuses a wrong password with the generic credentials error', async () => {
    const email = uniqueEmail('wrong');
    await signUpVerified(base, { name: 'Wrong Pass', email, password: STRONG_PASSWORD });
    const response = await api(base, '/api/auth/sign-in/email', { body: { email, password: 'Not-The-Password-99' } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(AUTH_ERROR_CODES.invalidCredentials);
  });
});

describe('password policy', () => {
  it.each(['password123', 'PASSWORD123', 'iloveyou'])('refuses the common password %s', async (password) => {
    const response = await api(base, '/api/auth/sign-up/email', { body: { name: 'Common', email: uniqueEmail('common'), password } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(AUTH_ERROR_CODES.passwordTooCommon);
    expect(response.body.message).toMatch(/too common/);
  });

  it.each([
    ['one repeated letter', () => 'aaaaaaaa', AUTH_ERROR_CODES.passwordTooWeak, PASSWORD_MESSAGES.repetitive],
    ['eight spaces', () => ' '.repeat(8), AUTH_ERROR_CODES.passwordTooWeak, PASSWORD_MESSAGES.whitespace],
    ['the e-mail address', (email: string) => email, AUTH_ERROR_CODES.passwordPersonal, PASSWORD_MESSAGES.email],
    ['a repeated non-ASCII letter', () => 'ééééééé€', AUTH_ERROR_CODES.passwordTooWeak, PASSWORD_MESSAGES.repetitive],
    ['the name', () => 'Quill-Bartholomew-Orchard-42', AUTH_ERROR_CODES.passwordPersonal, PASSWORD_MESSAGES.name],
  ])('refuses signing up with %s and says why', async (_label, password, code, message) => {
    const email = uniqueEmail('weak');
    const response = await api(base, '/api/auth/sign-up/email', { body: { name: 'Bartholomew Quill', email, password: password(email) } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, message });
    expect(await server.outbox(email)).toEqual([]);
  });

  it('refuses a guessable password with zxcvbn\'s reason', async () => {
    const response = await api(base, '/api/auth/sign-up/email', { body: { name: 'Guess Able', email: uniqueEmail('guess'), password: 'abcdefgh123' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(AUTH_ERROR_CODES.passwordTooWeak);
    expect(response.body.message).toMatch(/^This password is too easy to guess: common character sequences/);
  });

  it('accepts a strong non-ASCII passphrase', async () => {
    const email = uniqueEmail('unicode');
    const cookie = await signUpVerified(base, { name: 'Zoë Ünal', email, password: 'Sommerregen über Köln' });
    expect((await api(base, '/api/me', { cookie })).status).toBe(200);
  });

  it('refuses changing to a weak or personal password, then accepts a strong one', async () => {
    const email = uniqueEmail('change');
    const cookie = await signUpVerified(base, { name: 'Cornelius Change', email, password: STRONG_PASSWORD });
    const change = (newPassword: string) => api(base, '/api/auth/change-password', { body: { currentPassword: STRONG_PASSWORD, newPassword }, cookie });

    const repeated = await change('aaaaaaaa');
    expect(repeated.status).toBe(400);
    expect(repeated.body).toMatchObject({ code: AUTH_ERROR_CODES.passwordTooWeak, message: PASSWORD_MESSAGES.repetitive });
    // The session's user supplies the e-mail and the name.
    const ownEmail = await change(email);
    expect(ownEmail.body).toMatchObject({ code: AUTH_ERROR_CODES.passwordPersonal, message: PASSWORD_MESSAGES.email });
    const ownName = await change('Cornelius-Harbour-Quartz-77');
    expect(ownName.body).toMatchObject({ code: AUTH_ERROR_CODES.passwordPersonal, message: PASSWORD_MESSAGES.name });
    await expect(signIn(base, email, 'aaaaaaaa')).rejects.toThrow(/401/);

    const strong = await change('Harbour-Quartz-77-Maple');
    expect(strong.status).toBe(200);
    expect(await signIn(base, email, 'Harbour-Quartz-77-Maple')).toContain('citable.session_token=');
  });

  it('answers an unauthenticated change-password with 401, not a policy message', async () => {
    const response = await api(base, '/api/auth/change-password', { body: { currentPassword: STRONG_PASSWORD, newPassword: 'aaaaaaaa' } });
    expect(response.status).toBe(401);
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const short = await api(base, '/api/auth/sign-up/email', { body: { name: 'Short', email: uniqueEmail('short'), password: 'Xq7#kLp' } });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe(AUTH_ERROR_CODES.passwordTooShort);
    const long = await api(base, '/api/auth/sign-up/email', { body: { name: 'Long', email: uniqueEmail('long'), password: 'x'.repeat(129) } });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe(AUTH_ERROR_CODES.passwordTooLong);
  });

  it('stores Argon2id hashes with the OWASP parameters', async () => {
    const email = uniqueEmail('hash');
    await api(base, '/api/auth/sign-up/email', { body: { name: 'Hash', email, password: STRONG_PASSWORD } });
    const { account, user } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.db.select({ password: account.password }).from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, email));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('account enumeration', () => {
  it('answers a sign-up with a registered e-mail like a new one and tells the owner by mail', async () => {
    const email = uniqueEmail('enum');
    const first = await api(base, '/api/auth/sign-up/email', { body: { name: 'First Owner', email, password: STRONG_PASSWORD } });
    const again = await api(base, '/api/auth/sign-up/email', { body: { name: 'Someone Else', email, password: 'Another-Strong-Pass-77' } });
    const fresh = await api(base, '/api/auth/sign-up/email', { body: { name: 'Someone Else', email: uniqueEmail('fresh'), password: 'Another-Strong-Pass-77' } });
    expect(again.status).toBe(first.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(again.body.user).toMatchObject({ email, name: 'Someone Else', emailVerified: false });
    expect(again.body.token).toBeNull();

    // The after-response hook runs once the reply is sent; give it a moment.
    await expect.poll(async () => (await server.outbox(email)).map((message) => message.subject), { timeout: 30_000 }).toContain('Someone tried to create a Citable account with your email');
    const notice = (await server.outbox(email)).find((message) => message.subject.startsWith('Someone tried'));
    expect(notice?.links).toContain(`${base}/?auth=signin`);
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the new password and revokes every other session', async () => {
    const email = uniqueEmail('reset');
    const laptop = await signUpVerified(base, { name: 'Reset Me', email, password: STRONG_PASSWORD });
    const phone = await signIn(base, email, STRONG_PASSWORD);
    expect((await api(base, '/api/me', { cookie: phone })).status).toBe(200);

    const request = await api(base, '/api/auth/request-password-reset', { body: { email, redirectTo: `${base}/reset-password` } });
    expect(request.status).toBe(200);
    const link = await latestLink(base, email, '/api/auth/reset-password/');
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const common = await api(base, '/api/auth/reset-password', { body: { token, newPassword: 'qwerty123' } });
    expect(common.status).toBe(400);
    expect(common.body.code).toBe(AUTH_ERROR_CODES.passwordTooCommon);
    // The token's user supplies the e-mail and the name.
    const personal = await api(base, '/api/auth/reset-password', { body: { token, newPassword: `Quill-${email.split('@')[0]}-42` } });
    expect(personal.status).toBe(400);
    expect(personal.body).toMatchObject({ code: AUTH_ERROR_CODES.passwordPersonal, message: PASSWORD_MESSAGES.email });
    const repeated = await api(base, '/api/auth/reset-password', { body: { token, newPassword: 'ééééééé€' } });
    expect(repeated.body).toMatchObject({ code: AUTH_ERROR_CODES.passwordTooWeak, message: PASSWORD_MESSAGES.repetitive });

    const reset = await api(base, '/api/auth/reset-password', { body: { token, newPassword: 'Brand-New-Secret-2026' } });
    expect(reset.status).toBe(200);
    expect((await api(base, '/api/me', { cookie: laptop })).status).toBe(401);
    expect((await api(base, '/api/me', { cookie: phone })).status).toBe(401);
    await expect(signIn(base, email, STRONG_PASSWORD)).rejects.toThrow(/401/);
    expect(await signIn(base, email, 'Brand-New-Secret-2026')).toContain('citable.session_token=');
  });

  it('lands reset links on the web reset page when the client names none', async () => {
    const email = uniqueEmail('reset-default');
    await signUpVerified(base, { name: 'Reset Default', email, password: STRONG_PASSWORD });
    expect((await api(base, '/api/auth/request-password-reset', { body: { email } })).status).toBe(200);
    const redirect = await fetch(await latestLink(base, email, '/api/auth/reset-password/'), { redirect: 'manual' });
    expect(new URL(redirect.headers.get('location')!, base).pathname).toBe('/reset-password');
  });

  it('answers a reset request for an unknown e-mail the same way', async () => {
    const response = await api(base, '/api/auth/request-password-reset', { body: { email: uniqueEmail('ghost'), redirectTo: `${base}/reset-password` } });
    expect(response.status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-carrying request from an untrusted origin', async () => {
    const email = uniqueEmail('csrf');
    const cookie = await signUpVerified(base, { name: 'Csrf Target', email, password: STRONG_PASSWORD });
    const response = await api(base, '/api/auth/sign-out', { body: {}, cookie, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await api(base, '/api/me', { cookie })).status).toBe(200);
  });

  it('refuses a cross-site form sign-in', async () => {
    const response = await api(base, '/api/auth/sign-in/email', {
      body: { email: uniqueEmail('csrf'), password: STRONG_PASSWORD },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(response.status).toBe(403);
  });
});

describe('dev outbox page', () => {
  it('lists messages with clickable links', async () => {
    const email = uniqueEmail('page');
    await api(base, '/api/auth/sign-up/email', { body: { name: 'Page <b>Reader</b>', email, password: STRONG_PASSWORD } });
    const link = await latestLink(base, email, '/api/auth/verify-email');
    const response = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    const escaped = link.replaceAll('&', '&amp;');
    expect(html).toContain(`<a href="${escaped}">${escaped}</a>`);
    expect(html).toContain('Page &lt;b&gt;Reader&lt;/b&gt;');
  });
});
