import { afterAll, describe, expect, it } from 'vitest';
import { api, startTestServer } from '../helpers';
import { startHostileServer } from './hostile-fixtures';

/** Security headers, CSRF on cookie-authenticated writes, body limits and per-route rate limits. */
const [{ server, alice }, production] = await Promise.all([
  startHostileServer({ RATE_LIMIT_PER_MINUTE: '12', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '3' }),
  startTestServer({ env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), CREDENTIALS_KEY: 'a'.repeat(64) } }),
]);
afterAll(() => Promise.all([server.close(), production.close()]));
const base = server.baseUrl;

describe('security headers', () => {
  it('sends a CSP without inline scripts, frame-ancestors none, and no HSTS outside production', async () => {
    const response = await fetch(`${base}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS in production', async () => {
    const response = await fetch(`${production.baseUrl}/api/health`);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  const write = (headers: Record<string, string>) =>
    fetch(`${base}/api/citations/prompts`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: alice.cookie, ...headers }, body: JSON.stringify({ prompt: `CSRF probe ${Math.random()}` }) });

  it('refuses a cross-site Origin with 403', async () => {
    const response = await write({ origin: 'https://evil.example.com' });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/Cross-site/);
  });

  it('refuses Sec-Fetch-Site cross-site or same-site without an Origin', async () => {
    expect((await write({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await write({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('accepts the app\'s own origin, and a non-browser client that sends neither header', async () => {
    expect((await write({ origin: base })).status).toBe(201);
    expect((await write({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await write({})).status).toBe(201);
  });

  it('is not switched off by an Authorization header on a cookie-authenticated route', async () => {
    const response = await write({ origin: 'https://evil.example.com', authorization: 'Bearer junk' });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/Cross-site/);
    expect((await write({ 'sec-fetch-site': 'cross-site', authorization: `Bearer ${alice.key}` })).status).toBe(403);
  });

  it('exempts bearer-key requests and reads', async () => {
    const read = await fetch(`${base}/api/citations/prompts`, { headers: { cookie: alice.cookie, origin: 'https://evil.example.com' } });
    expect(read.status).toBe(200);
    const bearer = await fetch(`${base}/api/v1/audits`, { headers: { authorization: `Bearer ${alice.key}`, origin: 'https://evil.example.com' } });
    expect(bearer.status).toBe(200);
  });
});

describe('body limit', () => {
  it('refuses a body over 1 MB with 413 and the API error shape', async () => {
    const response = await api(base, '/api/feedback', { cookie: alice.cookie, rawBody: JSON.stringify({ feedbackText: 'x'.repeat(1_100_000) }) });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/too large/);
  });
});

describe('rate limits', () => {
  it('sends the IETF draft RateLimit headers and 429 with Retry-After past the limit', async () => {
    const first = await api(base, '/api/alerts', { cookie: alice.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('12');
    expect(Number(first.headers.get('ratelimit-remaining'))).toBeLessThan(12);
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    let last = first;
    for (let i = 0; i < 12 && last.status !== 429; i += 1) last = await api(base, '/api/alerts', { cookie: alice.cookie });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last.body.error).toMatch(/Too many requests/);
  });

  it('limits expensive routes more strictly, per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await api(base, '/api/functions/real-time-content-analysis', { cookie: alice.cookie, body: { content: 'Short text about Citable.' } });
      statuses.push(response.status);
      if (i === 0) expect(response.headers.get('ratelimit-limit')).toBe('3');
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('leaves probes unlimited', async () => {
    for (let i = 0; i < 15; i += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
