import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema, type Alert } from '@citable/contract';
import { serveSite, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The site freshness alert (issue 30): a page whose declared date lies in the future is not
 * "stale" (its date says nothing of its age); the alert names it apart, as a date to correct.
 * The dates are set relative to the day the test runs, so it holds on any date.
 */
let server: TestServer;
let site: ServedSite;
const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const OLD = isoDay(-800);
const FUTURE = isoDay(400);

const page = (title: string, dateModified: string | null, links = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${title} of Lantern Tea, a tea shop in Lisbon.">${
    dateModified ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Article', headline: title, datePublished: dateModified, dateModified })}</script>` : ''
  }</head><body><main><h1>${title}</h1><p>Lantern Tea sells single-origin green teas from Shizuoka, shipped within two days across Europe.</p>${links}</main></body></html>`;

beforeAll(async () => {
  site = await serveSite({
    '/': () => page('Home', null, '<p><a href="/old-guide">Old guide</a> <a href="/launch">Launch</a></p>'),
    '/old-guide': () => page('Old guide', OLD),
    '/launch': () => page('Launch', FUTURE),
  });
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function siteAudit(cookie: string): Promise<void> {
  const started = await api(server.baseUrl, '/api/audits', { cookie, body: { url: `${site.url}/`, scope: 'site', maxPages: 5 } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const run = (await api(server.baseUrl, `/api/audits/${started.body.id as string}`, { cookie })).body as { status: string; error?: string };
    if (run.status === 'completed') return;
    if (run.status === 'failed') throw new Error(`site audit failed: ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('site freshness alert', () => {
  it('counts a page dated over a year ago as stale, and names a page dated in the future apart, not as stale', async () => {
    const cookie = await signUpVerified(server.baseUrl, { name: 'Fresh', email: uniqueEmail('fresh'), password: STRONG_PASSWORD });
    await siteAudit(cookie);
    const { alerts } = alertListSchema.parse((await api(server.baseUrl, '/api/alerts', { cookie })).body);
    const freshness = alerts.filter((alert: Alert) => alert.title.includes('updated for over a year') || alert.title.includes('in the future'));
    expect(freshness, JSON.stringify(alerts.map((alert) => alert.title))).toHaveLength(1);
    const [alert] = freshness;
    expect(alert.title).toBe('A page has not been updated for over a year');
    expect(alert.message).toContain(`${site.url}/old-guide (last modified ${OLD})`);
    expect(alert.message).toContain(`One page declares a date in the future, which says nothing of its age: answer engines may treat it as undated. Correct it: ${site.url}/launch (dated ${FUTURE}).`);
    // The future-dated page is not among the stale ones.
    expect(alert.message.split('One page declares')[0]).not.toContain('/launch');
  }, 120_000);
});
