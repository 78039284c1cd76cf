import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieHeader, latestLink, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA-1, 6 digits, 30 s) of the otpauth URI's secret, `offsetSteps` away from now. */
function totp(uri: string, offsetSteps = 0): string {
  const secret = base32Decode(new URL(uri).searchParams.get('secret')!);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Waits out the last seconds of a 30 s step. The server accepts the previous, current and next
 * step's code; a previous-step code computed just before a step ends would be two steps old by
 * the time a slow request reaches the server.
 */
async function clearOfStepEnd(marginMs: number): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** E-mail and password: with two-factor on, the answer is a challenge cookie and no session. */
async function startChallenge(email: string, password = STRONG_PASSWORD): Promise<string> {
  const response = await api(base, '/api/auth/sign-in/email', { body: { email, password } });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = cookieHeader(response.headers);
  expect(cookie).not.toContain('session_token');
  expect(cookie).toContain('citable.two_factor=');
  return cookie;
}

async function enrol(email: string): Promise<{ uri: string; backupCodes: string[]; session: string }> {
  const session = await signUpVerified(base, { name: 'Two Factor', email, password: STRONG_PASSWORD });
  const enabled = await api(base, '/api/auth/two-factor/enable', { body: { password: STRONG_PASSWORD }, cookie: session });
  expect(enabled.status).toBe(200);
  const { totpURI: uri, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  // The previous step's code confirms, leaving the current one for the sign-in that follows.
  await clearOfStepEnd(5_000);
  const confirmed = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(uri, -1) }, cookie: session });
  expect(confirmed.status).toBe(200);
  return { uri, backupCodes, session: cookieHeader(confirmed.headers) || session };
}

describe('two-factor enrolment', () => {
  it('needs the password, gives an otpauth URI and ten backup codes, and is off until a code confirms it', async () => {
    const email = uniqueEmail('tf-enrol');
    const session = await signUpVerified(base, { name: 'Enrol Me', email, password: STRONG_PASSWORD });
    expect((await api(base, '/api/auth/two-factor/enable', { body: { password: 'not-my-password' }, cookie: session })).status).toBe(400);

    const enabled = await api(base, '/api/auth/two-factor/enable', { body: { password: STRONG_PASSWORD }, cookie: session });
    expect(enabled.status).toBe(200);
    const uri = new URL(enabled.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Citable');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(enabled.body.backupCodes).toHaveLength(10);

    // Not confirmed yet: signing in still gives a session straight away.
    const early = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(early.body.twoFactorRedirect).toBeUndefined();
    expect(cookieHeader(early.headers)).toContain('citable.session_token=');

    expect((await api(base, '/api/auth/two-factor/verify-totp', { body: { code: '000000' }, cookie: session })).status).toBe(401);
    const confirmed = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(enabled.body.totpURI) }, cookie: session });
    expect(confirmed.status).toBe(200);
    const current = await api(base, '/api/auth/get-session', { cookie: cookieHeader(confirmed.headers) });
    expect(current.body.user.twoFactorEnabled).toBe(true);
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password, refuses a wrong or reused code and accepts a fresh one', async () => {
    const email = uniqueEmail('tf-sign-in');
    const { uri } = await enrol(email);

    const challenge = await startChallenge(email);
    expect((await api(base, '/api/me', { cookie: challenge })).status).toBe(401);
    const wrong = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: '123456' === totp(uri) ? '654321' : '123456' }, cookie: challenge });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');

    const code = totp(uri);
    const verified = await api(base, '/api/auth/two-factor/verify-totp', { body: { code }, cookie: challenge });
    expect(verified.status).toBe(200);
    const session = cookieHeader(verified.headers);
    expect(session).toContain('citable.session_token=');
    expect((await api(base, '/api/me', { cookie: session })).status).toBe(200);

    // The same code, still inside its window, on a new challenge: refused as if it were wrong.
    const second = await startChallenge(email);
    const replay = await api(base, '/api/auth/two-factor/verify-totp', { body: { code }, cookie: second });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_CODE');
    expect(cookieHeader(replay.headers)).not.toContain('session_token');
    const next = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(uri, 1) }, cookie: second });
    expect(next.status).toBe(200);
  });

  it('accepts each backup code once', async () => {
    const email = uniqueEmail('tf-backup');
    const { backupCodes } = await enrol(email);
    const first = await api(base, '/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: await startChallenge(email) });
    expect(first.status).toBe(200);
    expect((await api(base, '/api/me', { cookie: cookieHeader(first.headers) })).status).toBe(200);

    const again = await api(base, '/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: await startChallenge(email) });
    expect(again.status).toBe(401);
    expect(cookieHeader(again.headers)).not.toContain('session_token');
    const other = await api(base, '/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[1] }, cookie: await startChallenge(email) });
    expect(other.status).toBe(200);
  });

  it('still asks for the code after a password reset', async () => {
    const email = uniqueEmail('tf-reset');
    const { uri } = await enrol(email);
    expect((await api(base, '/api/auth/request-password-reset', { body: { email, redirectTo: `${base}/reset-password` } })).status).toBe(200);
    const redirect = await fetch(await latestLink(base, email, '/api/auth/reset-password/'), { redirect: 'manual' });
    const token = new URL(redirect.headers.get('location')!).searchParams.get('token');
    const newPassword = 'Harbour-Quartz-77-Maple';
    const reset = await api(base, '/api/auth/reset-password', { body: { token, newPassword } });
    expect(reset.status).toBe(200);
    expect(cookieHeader(reset.headers)).not.toContain('session_token');

    const challenge = await startChallenge(email, newPassword);
    const verified = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(uri) }, cookie: challenge });
    expect(verified.status).toBe(200);
  });

  it('voids a challenge after five wrong codes', async () => {
    const email = uniqueEmail('tf-limit');
    const { uri } = await enrol(email);
    const challenge = await startChallenge(email);
    const valid = new Set([totp(uri, -1), totp(uri), totp(uri, 1)]);
    const wrongCodes = ['111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter((code) => !valid.has(code)).slice(0, 5);
    for (const code of wrongCodes) {
      expect((await api(base, '/api/auth/two-factor/verify-totp', { body: { code }, cookie: challenge })).status).toBe(401);
    }
    const blocked = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(uri) }, cookie: challenge });
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    // A new challenge (the password again) may still succeed.
    const fresh = await api(base, '/api/auth/two-factor/verify-totp', { body: { code: totp(uri) }, cookie: await startChallenge(email) });
    expect(fresh.status).toBe(200);
  });

  it('turns off with the password, after which sign-in needs no code', async () => {
    const email = uniqueEmail('tf-off');
    const { session } = await enrol(email);
    expect((await api(base, '/api/auth/two-factor/disable', { body: { password: 'wrong-password-here' }, cookie: session })).status).toBe(400);
    expect((await api(base, '/api/auth/two-factor/disable', { body: { password: STRONG_PASSWORD }, cookie: session })).status).toBe(200);
    const signedIn = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } });
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    expect(cookieHeader(signedIn.headers)).toContain('citable.session_token=');
  });
});

describe('two-factor rate limit', () => {
  it('limits code attempts per IP', async () => {
    const limited = await startTestServer({ rateLimits: { twoFactorPerIp: { limit: 2, windowMs: 60_000 } } });
    try {
      const codes = ['100000', '200000', '300000'];
      const statuses = [];
      for (const code of codes) statuses.push((await api(limited.baseUrl, '/api/auth/two-factor/verify-totp', { body: { code } })).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
