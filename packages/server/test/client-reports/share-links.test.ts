import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportShares } from '../../src/features/client-reports/schema';
import { hashShareToken } from '../../src/features/client-reports/share-token';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { api, startTestServer, type TestServer } from '../helpers';
import { readPdf } from '../reports/pdf-reader';
import { audit, generateReport, newUser, type TestUser } from './report-helpers';

let server: TestServer;
let base: string;
let site: TestSite;
let owner: TestUser;
let htmlReportId: string;

beforeAll(async () => {
  site = await startTestSite();
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
  owner = await newUser(server, 'agency', site.url);
  await audit(server, owner.cookie, `${site.url}/`);
  htmlReportId = (await generateReport(server, owner, { format: 'html', reportName: 'Lantern Tea for the board' })).id;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

const share = (user: TestUser, reportId: string, body: unknown = {}) => api(base, `/api/reports/${reportId}/share`, { cookie: user.cookie, body });
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('report share links', () => {
  it('creates a link that opens the stored HTML report without a session, read-only and unindexed', async () => {
    const created = await share(owner, htmlReportId, { expiresInDays: 7 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.body.share;
    expect(link).toMatchObject({ reportId: htmlReportId, revokedAt: null });
    expect(link.url).toMatch(new RegExp(`^${base}/shared/reports/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    // Only the hash is stored.
    const [row] = await server.db.select().from(reportShares).where(eq(reportShares.id, link.id));
    expect(row.tokenHash).toBe(hashShareToken(tokenOf(link.url)));
    expect(row.tokenHash).not.toContain(tokenOf(link.url));

    const response = await fetch(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-disposition')).toMatch(/^inline/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    const html = await response.text();
    expect(html).toContain('Lantern Tea for the board');
    // The same bytes as the signed-in viewer serves.
    const own = await fetch(`${base}/api/reports/${htmlReportId}/view?download=false`, { headers: { cookie: owner.cookie } });
    expect(html).toBe(await own.text());
  });

  it('defaults to 30 days, rejects out-of-range expiries, and lists shares without their links', async () => {
    const created = await share(owner, htmlReportId);
    expect(created.status).toBe(201);
    expect((Date.parse(created.body.share.expiresAt) - Date.parse(created.body.share.createdAt)) / 86_400_000).toBeCloseTo(30, 5);
    for (const expiresInDays of [0, 91, 1.5, '7']) {
      const refused = await share(owner, htmlReportId, { expiresInDays });
      expect(refused.status, String(expiresInDays)).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    const listed = await api(base, `/api/reports/${htmlReportId}/shares`, { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    const ids = listed.body.shares.map((item: { id: string }) => item.id);
    expect(ids).toContain(created.body.share.id);
    for (const item of listed.body.shares) expect(item.url).toBeNull();
  });

  it('serves a PDF inline', async () => {
    const pdf = await generateReport(server, owner, { format: 'pdf', reportName: 'Printable' });
    const created = await share(owner, pdf.id);
    expect(created.status).toBe(201);
    const response = await fetch(created.body.share.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline/);
    const { text } = readPdf(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Printable');
  });

  it('revoked links answer 410 with a page, and revoking is scoped to the owner', async () => {
    const created = await share(owner, htmlReportId);
    const stranger = await newUser(server, 'core', site.url, 'stranger');
    expect((await api(base, `/api/report-shares/${created.body.share.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await fetch(created.body.share.url)).status).toBe(200);

    const revoked = await api(base, `/api/report-shares/${created.body.share.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(revoked.status).toBe(204);
    const response = await fetch(created.body.share.url);
    expect(response.status).toBe(410);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1');
    expect(page).toContain('turned this report link off');
    const listed = await api(base, `/api/reports/${htmlReportId}/shares`, { cookie: owner.cookie });
    expect(listed.body.shares.find((item: { id: string }) => item.id === created.body.share.id).revokedAt).not.toBeNull();
    expect((await api(base, '/api/report-shares/not-a-uuid', { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
  });

  it('expired links answer 410', async () => {
    const created = await share(owner, htmlReportId, { expiresInDays: 1 });
    await server.db.update(reportShares).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reportShares.id, created.body.share.id));
    const response = await fetch(created.body.share.url);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('expired');
  });

  it('unknown and malformed tokens answer 404 with a page', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(90), 'A'.repeat(42) + '=']) {
      const response = await fetch(`${base}/shared/reports/${token}`);
      expect(response.status, token).toBe(404);
      expect(response.headers.get('x-robots-tag')).toContain('noindex');
      expect(await response.text()).toContain('not valid');
    }
  });

  it("refuses to share another user's report, or none at all", async () => {
    const stranger = await newUser(server, 'agency', site.url, 'other');
    expect((await share(stranger, htmlReportId)).status).toBe(404);
    expect((await api(base, `/api/reports/${htmlReportId}/shares`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await share(stranger, 'not-a-uuid')).status).toBe(404);
    expect((await api(base, `/api/reports/${htmlReportId}/share`, { body: {} })).status).toBe(401);
  });

  it('a deleted report takes its links with it', async () => {
    const doomed = await generateReport(server, owner, { format: 'html', reportName: 'Short-lived' });
    const created = await share(owner, doomed.id);
    expect((await api(base, `/api/reports/${doomed.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await fetch(created.body.share.url)).status).toBe(404);
  });
});

describe('shared report links under the rate limiter', () => {
  it('are limited per IP like the other public routes', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${limited.baseUrl}/shared/reports/${'B'.repeat(43)}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
