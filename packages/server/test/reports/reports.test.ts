import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDocumentSchema, type GenerateReportRequest, type ReportListItem } from '@citable/contract';
import { whiteLabelSettings } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { CSV_COLUMNS } from '../../src/features/reports/render/csv';
import { createReport } from '../../src/features/reports/store';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { readPdf } from './pdf-reader';

let server: TestServer;
let base: string;
let site: TestSite;
let rival: TestSite;

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(plan: 'free' | 'core' | 'pro' | 'agency'): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Report Tester', email: uniqueEmail('report'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  // No billing in tests: the plan is set through the profile service.
  if (plan !== 'free') await setPlan(server.db, id, plan);
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Rival Tea', url: rival.url }], goals: ['increase_citations'] },
  });
  expect(onboarding.status).toBe(200);
  return { cookie, id };
}

async function audit(user: TestUser, url: string): Promise<void> {
  const response = await api(base, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/**
 * A site audit of `pages` pages, run to its end: a site's score, and what its changes are measured
 * between (issue 30). By default every page of the four-page test site: with fewer, which pages
 * fill the limit depends on which page jobs finish first, and two audits of different page sets
 * are rightly not compared.
 */
async function siteAudit(user: TestUser, url: string, pages = 4): Promise<void> {
  const started = await api(base, '/api/audits', { cookie: user.cookie, body: { url, scope: 'site', maxPages: pages } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const run = (await api(base, `/api/audits/${started.body.id as string}`, { cookie: user.cookie })).body as { status: string; error?: string };
    if (run.status === 'completed') return;
    if (run.status === 'failed') throw new Error(`audit of ${url} failed: ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const roiInputs = { monthlyOrganicTraffic: 12_000, conversionRate: 2.5, valuePerConversion: 80 };

function request(overrides: Partial<GenerateReportRequest> = {}, config: GenerateReportRequest['config'] = {}): GenerateReportRequest {
  return { reportType: 'executive-summary', reportName: 'Quarterly AI visibility', format: 'pdf', ...overrides, config: { includeROI: true, roiInputs, ...config } };
}

async function generate(user: TestUser, body: GenerateReportRequest): Promise<ReportListItem> {
  const started = await api(base, '/api/functions/generate-report', { cookie: user.cookie, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'queued', downloadUrl: null });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const report = await api<ReportListItem>(base, `/api/reports/${started.body.reportId}`, { cookie: user.cookie });
    expect(report.status).toBe(200);
    if (report.body.status === 'completed' || report.body.status === 'failed') return report.body;
    if (Date.now() > deadline) throw new Error(`report still ${report.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function download(user: TestUser, report: ReportListItem, query = 'download=true'): Promise<Response> {
  return fetch(`${base}/api/reports/${report.id}/view?${query}`, { headers: { cookie: user.cookie } });
}

let core: TestUser;

beforeAll(async () => {
  [site, rival] = await Promise.all([startTestSite(), startTestSite()]);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
  core = await newUser('core');
  // Real audits through the API: two site audits of the same pages (a history, like with like),
  // a page audit of the site in between (never part of it, issue 30), and the competitor's site.
  await siteAudit(core, site.url);
  await audit(core, `${site.url}/faq`);
  await siteAudit(core, site.url);
  await siteAudit(core, rival.url);
});
afterAll(async () => {
  await server?.close();
  await Promise.all([site?.close(), rival?.close()]);
});

describe('POST /api/functions/generate-report gates', () => {
  it('needs a session', async () => {
    expect((await api(base, '/api/functions/generate-report', { body: request() })).status).toBe(401);
  });

  it('refuses free users with the core plan required', async () => {
    const free = await newUser('free');
    const response = await api(base, '/api/functions/generate-report', { cookie: free.cookie, body: request() });
    expect(response.status).toBe(403);
    expect(response.body.requiredPlan).toBe('core');
  });

  it('wants a report name', async () => {
    const response = await api(base, '/api/functions/generate-report', { cookie: core.cookie, body: request({ reportName: '   ' }) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Please enter a report name');
  });

  it('keeps the pro template, benchmarks and white label to their plans', async () => {
    const competitive = await api(base, '/api/functions/generate-report', { cookie: core.cookie, body: request({ reportType: 'competitive-intelligence' }) });
    expect([competitive.status, competitive.body.requiredPlan]).toEqual([403, 'pro']);
    const benchmarks = await api(base, '/api/functions/generate-report', { cookie: core.cookie, body: request({}, { includeCompetitorBenchmarks: true }) });
    expect([benchmarks.status, benchmarks.body.requiredPlan]).toEqual([403, 'pro']);
    const pro = await newUser('pro');
    const branding = await api(base, '/api/functions/generate-report', { cookie: pro.cookie, body: request({}, { brandingOptions: { includeLogo: false, customColors: false, companyName: 'Acme Agency', footerText: '' } }) });
    expect([branding.status, branding.body.requiredPlan]).toEqual([403, 'agency']);
  });

  it('offers ROI only on templates that carry it, and only with the inputs', async () => {
    const technical = await api(base, '/api/functions/generate-report', { cookie: core.cookie, body: request({ reportType: 'technical-audit' }) });
    expect(technical.status).toBe(400);
    const missing = await api(base, '/api/functions/generate-report', { cookie: core.cookie, body: { ...request(), config: { includeROI: true } } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/monthly organic traffic/);
  });

  it('stops at the monthly allowance of the plan, naming the plan with a larger one', async () => {
    const busy = await newUser('core');
    const config = { includeRecommendations: true, includeCharts: true, includeHistory: true, includeROI: false, includeCompetitorBenchmarks: false, period: 'all' as const, website: null };
    for (let index = 0; index < 10; index += 1) await createReport(server.db, busy.id, { name: `Report ${index}`, type: 'technical-audit', format: 'csv', config });
    const response = await api(base, '/api/functions/generate-report', { cookie: busy.cookie, body: request({ reportType: 'technical-audit' }, { includeROI: false }) });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'You have generated all the reports your plan includes this month.', requiredPlan: 'pro' });
  });

  it('needs an audit to report on', async () => {
    const fresh = await newUser('core');
    const response = await api(base, '/api/functions/generate-report', { cookie: fresh.cookie, body: request() });
    expect(response.status).toBe(422);
  });
});

describe('generated reports from real audits', () => {
  it('renders a multi-page PDF with the title, downloaded as report_xxxxxxxx.pdf', async () => {
    const report = await generate(core, request({ reportName: 'Lantern Tea Q3 review' }));
    expect(report.status, report.error ?? '').toBe('completed');
    expect(report.downloadUrl).toBe(`/api/reports/${report.id}/view?format=pdf&download=true`);
    const response = await download(core, report);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="report_${report.id.slice(0, 8)}.pdf"`);
    const file = Buffer.from(await response.arrayBuffer());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = readPdf(file);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(pdf.text).toContain('Lantern Tea Q3 review');
    expect(pdf.text).toContain('Issues by priority');
    expect(pdf.text).toMatch(/Page 1 of \d+/);
    expect(existsSync(path.join(server.config.dataDir, 'reports', core.id, `${report.id}.pdf`))).toBe(true);
  });

  it('renders CSV with its header row', async () => {
    const report = await generate(core, request({ format: 'csv' }));
    const response = await download(core, report);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(`report_${report.id.slice(0, 8)}.csv`);
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines.some((line) => line.startsWith('scores,'))).toBe(true);
    expect(lines.some((line) => line.startsWith('history,'))).toBe(true);
  });

  it('renders JSON that validates against the contract, with the history and ROI computed from the audits', async () => {
    const report = await generate(core, request({ format: 'json' }));
    const response = await download(core, report);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const parsed = reportDocumentSchema.safeParse(await response.json());
    expect(parsed.success, parsed.error?.message).toBe(true);
    const doc = parsed.data!;
    expect(doc.history).toHaveLength(2);
    expect(doc.site.latest?.overallScore).toBe(doc.history[1]!.overallScore);
    expect(doc.issues.length).toBeGreaterThan(0);
    expect(doc.roi?.available).toBe(true);
    expect(doc.site).toMatchObject({ auditKind: 'site', pageCount: 4 });
    if (doc.roi?.available) {
      const gain = doc.history[1]!.overallScore - doc.history[0]!.overallScore;
      expect(doc.roi.terms[0]).toMatchObject({ label: 'Overall score gain', value: gain });
      // The same pages read twice: no gain, so no projected visits (issue 30); a rise would project them.
      const visits = doc.roi.terms.find((term) => term.label === 'Estimated AI-referred traffic increase');
      if (gain > 0) expect(visits?.value).toBe(Math.round(12_000 * (gain / 100) * 0.4));
      else expect(visits).toBeUndefined();
    }
  });

  it('says so instead of inventing ROI with fewer than two audits in the period', async () => {
    const report = await generate(core, request({ format: 'json' }, { period: '7d' }));
    const doc = reportDocumentSchema.parse(await (await download(core, report)).json());
    expect(doc.history).toHaveLength(2);
    const lone = await newUser('core');
    await audit(lone, `${site.url}/`);
    const single = reportDocumentSchema.parse(await (await download(lone, await generate(lone, request({ format: 'json' })))).json());
    expect(single.roi).toMatchObject({ available: false });
  });

  it('shows HTML inline under a strict policy, and other formats of the same data on request', async () => {
    const report = await generate(core, request({ format: 'html', reportName: 'Tea <report>' }));
    const response = await download(core, report, 'download=false');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const html = await response.text();
    expect(html).toContain('<title>Tea &lt;report&gt;</title>');
    expect(html).not.toContain('<script');
    const asCsv = await download(core, report, 'format=csv&download=true');
    expect(asCsv.headers.get('content-disposition')).toContain(`report_${report.id.slice(0, 8)}.csv`);
    expect((await asCsv.text()).split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
  });

  it('gives agencies the competitive template with benchmarks and their branding', async () => {
    const agency = await newUser('agency');
    await siteAudit(agency, site.url);
    // Competitors are compared site against site (issue 30).
    await siteAudit(agency, rival.url, 1);
    const body = request({ reportType: 'competitive-intelligence', format: 'pdf' }, { brandingOptions: { includeLogo: false, customColors: false, companyName: 'Acme Agency', footerText: 'Confidential: prepared for Lantern Tea' } });
    const report = await generate(agency, body);
    expect(report.status, report.error ?? '').toBe('completed');
    const pdf = readPdf(Buffer.from(await (await download(agency, report)).arrayBuffer()));
    expect(pdf.text).toContain('ACME AGENCY');
    expect(pdf.text).toContain('Confidential: prepared for Lantern Tea');
    expect(pdf.text).toContain('Rival Tea');
    const doc = reportDocumentSchema.parse(await (await download(agency, report, 'format=json')).json());
    expect(doc.competitors).toEqual([expect.objectContaining({ name: 'Rival Tea', latest: expect.objectContaining({ overallScore: expect.any(Number) }) })]);

    // Custom colours come from the agency's white-label settings.
    await server.db.insert(whiteLabelSettings).values({ userId: agency.id, primaryColorHex: '#0E7490', secondaryColorHex: '#BE185D', accentColorHex: '#65A30D', companyName: 'Acme Agency' });
    const themed = await generate(agency, request({ format: 'json' }, { brandingOptions: { includeLogo: false, customColors: true, companyName: '', footerText: '' } }));
    const themedDoc = reportDocumentSchema.parse(await (await download(agency, themed)).json());
    expect(themedDoc.branding).toMatchObject({ companyName: 'Acme Agency', colors: { primary: '#0E7490', secondary: '#BE185D', accent: '#65A30D' } });
  });
});

describe('report list, ownership and delete', () => {
  it('lists newest first and hides reports from other users', async () => {
    const list = await api<{ reports: ReportListItem[] }>(base, '/api/reports', { cookie: core.cookie });
    expect(list.status).toBe(200);
    const dates = list.body.reports.map((report) => report.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const other = await newUser('core');
    const id = list.body.reports[0]!.id;
    expect((await api(base, `/api/reports/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await api(base, `/api/reports/${id}/view?download=true`, { cookie: other.cookie })).status).toBe(404);
    expect((await api(base, `/api/reports/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await api(base, '/api/reports', { cookie: other.cookie })).body.reports).toEqual([]);
    expect((await api(base, '/api/reports')).status).toBe(401);
  });

  it('deletes the row and the file', async () => {
    const report = await generate(core, request({ format: 'pdf', reportName: 'To delete' }));
    const file = path.join(server.config.dataDir, 'reports', core.id, `${report.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    const deleted = await api(base, `/api/reports/${report.id}`, { method: 'DELETE', cookie: core.cookie });
    expect(deleted.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(server.config.dataDir, 'reports', core.id, `${report.id}.json`))).toBe(false);
    expect((await api(base, `/api/reports/${report.id}`, { cookie: core.cookie })).status).toBe(404);
  });
});
