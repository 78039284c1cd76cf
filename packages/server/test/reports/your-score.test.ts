import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  competitiveAnalysisResultSchema,
  competitiveDataSchema,
  insightListSchema,
  profileSchema,
  reportConfigSchema,
  reportDocumentSchema,
  YOUR_SCORE_MESSAGES,
  type AuditResult,
  type ReportTemplateId,
} from '@citable/contract';
import { auditContent } from '@citable/engine';
import { auditHistory, customPlaybooks } from '../../src/db/schema';
import { saveAuditHistory } from '../../src/features/audits/history';
import { storedSiteAudit } from '../../src/features/audits/stored-audit';
import { buildDigest } from '../../src/features/digest/build-digest';
import { setPlan } from '../../src/features/profile/profile';
import { gatherReport } from '../../src/features/reports/gather';
import { renderPdf } from '../../src/features/reports/render/pdf';
import { trendSeries } from '../../src/features/track/history/trends-service';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { readPdf } from './pdf-reader';

// Issue 30: "an Entire site audit (66, 4 pages), then a page audit of one page (81)". The site's
// score stays its latest site audit everywhere (insights, Competitive Insights, trends, the digest,
// reports); a page audit is reported as a page audit; a change, a ranking or ROI is stated only
// between audits of the same kind, address and pages, and the reports say so when there is none.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const OWN = 'https://lantern.example/';
const RIVAL = 'https://kettle.example/';

const thin = (title: string) => `<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>Welcome to ${title}.</p></body></html>`;
const rich = (title: string, questions: number) =>
  `<html lang="en"><head><title>${title}</title><meta name="description" content="${title} sells single-origin green teas from Shizuoka."></head><body><main><h1>${title}</h1><p>${title} is a tea shop in Lisbon that sells single-origin green teas from Shizuoka, Japan, shipped within two days across Europe.</p>${Array.from({ length: questions }, (_, i) => `<h2>How should I brew tea number ${i + 1}?</h2><p>Brew it at 70 °C for 60 seconds: 82% of the 1,200 tasters in the 2023 survey by the Japan Tea Central Council preferred it.</p>`).join('')}<ul><li>Six family farms</li><li>Two-day shipping</li></ul></main></body></html>`;

const pageUrls = ['', 'tea', 'about', 'contact'].map((path) => `${OWN}${path}`);
const sitePages = (level: number): AuditResult[] => pageUrls.map((url, index) => auditContent(index < level ? rich('Lantern Tea', 2) : thin('Lantern Tea'), { url }));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Score Keeper', email: uniqueEmail('score'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'agency');
  const sites = { websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle Co', url: RIVAL }] };
  expect((await api(base, '/api/profile', { method: 'PATCH', cookie, body: sites })).status).toBe(200);
  return { cookie, id };
}

async function saveSite(user: TestUser, url: string, pages: AuditResult[], at: Date): Promise<number> {
  const stored = storedSiteAudit(pages, []);
  await saveAuditHistory(server.db, user.id, randomUUID(), url, stored, at);
  return stored.result.overallScore;
}

async function savePage(user: TestUser, url: string, result: AuditResult, at: Date): Promise<number> {
  await saveAuditHistory(server.db, user.id, randomUUID(), url, { kind: 'page', result }, at);
  return result.overallScore;
}

const roiInputs = { monthlyOrganicTraffic: 20_000, conversionRate: 2, valuePerConversion: 80 };

async function report(user: TestUser, template: ReportTemplateId) {
  const profile = profileSchema.parse((await api(base, '/api/profile', { cookie: user.cookie })).body);
  const document = await gatherReport(server.db, {
    id: randomUUID(),
    userId: user.id,
    plan: 'agency',
    profile,
    name: 'Client report',
    template,
    format: 'pdf',
    config: { ...reportConfigSchema.parse({ includeROI: true, includeCompetitorBenchmarks: true, roiInputs }), website: null },
    now: new Date(),
  });
  const parsed = reportDocumentSchema.parse(document);
  return { document: parsed, text: readPdf(await renderPdf(parsed)).text.replace(/\s+/g, ' ') };
}

describe('a site audit, then a page audit of the same site', () => {
  let user: TestUser;
  const scores = { site: 0, page: 0, rival: 0 };
  const siteAuditedAt = minutesAgo(40);

  beforeAll(async () => {
    user = await newUser();
    scores.rival = await saveSite(user, RIVAL, [auditContent(rich('Kettle Co', 1), { url: RIVAL })], minutesAgo(50));
    scores.site = await saveSite(user, OWN, sitePages(1), siteAuditedAt);
    scores.page = await savePage(user, OWN, auditContent(rich('Lantern Tea', 6), { url: OWN }), minutesAgo(30));
    // The situation of the issue: the page scores higher than the site and than the competitor's site.
    expect(scores.page).toBeGreaterThan(scores.site);
    expect(scores.page).toBeGreaterThan(scores.rival);
    expect(scores.site).toBeLessThan(scores.rival);
  });

  it('keeps the site audit as the score of insights, Competitive Insights and trends', async () => {
    const insights = insightListSchema.parse((await api(base, `/api/insights?website=${encodeURIComponent(OWN)}`, { cookie: user.cookie })).body).insights;
    const scoreInsight = insights.find((insight) => /Your score is/.test(insight.description));
    expect(scoreInsight?.description).toContain(`Your score is ${scores.site}`);
    const overall = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body).insights;
    expect(overall.find((insight) => /Your score is/.test(insight.description))?.description).toContain(`Your score is ${scores.site}`);

    const competitive = competitiveDataSchema.parse((await api(base, '/api/competitive-intel', { cookie: user.cookie })).body);
    expect(competitive.userSite?.overallScore).toBe(scores.site);
    expect(competitive.competitors.map((site) => site.overallScore)).toEqual([scores.rival]);
    expect(competitive.trends.map((point) => point.userScore)).toEqual([scores.site]);

    const profile = profileSchema.parse((await api(base, '/api/profile', { cookie: user.cookie })).body);
    const [series] = await trendSeries(server.db, user.id, profile, [], 'all');
    expect(series?.points.map((point) => point.overallScore)).toEqual([scores.site]);
  });

  it('compares site audit against site audit in Competitive Analysis, with the same scores', async () => {
    const response = await api(base, '/api/functions/competitive-analysis', { cookie: user.cookie, body: { primaryUrl: OWN, competitorUrls: [RIVAL] } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = competitiveAnalysisResultSchema.parse(response.body);
    expect(result.basis).toBe('site-audits');
    expect(result.primarySiteAnalysis.overallScore).toBe(scores.site);
    expect(result.competitorAnalyses.map((site) => site.overallScore)).toEqual([scores.rival]);
    expect(result.summary.competitivePosition).not.toBe('Leading');
  });

  it('builds the custom playbook from the site audit, not the newer page audit', async () => {
    const created = await api(base, '/api/playbooks/custom', { cookie: user.cookie, method: 'POST' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [playbook] = await server.db.select({ auditId: customPlaybooks.auditId }).from(customPlaybooks).where(eq(customPlaybooks.userId, user.id));
    const [audit] = await server.db.select({ kind: auditHistory.kind, score: auditHistory.overallScore }).from(auditHistory).where(eq(auditHistory.id, playbook!.auditId!));
    expect(audit).toEqual({ kind: 'site', score: scores.site });
  });

  it('gives the digest no score change from a page audit', async () => {
    const digest = await buildDigest(server.db, user.id, new Date(), 'https://citable.test');
    expect(digest.scoreChanges).toEqual([{ site: 'https://lantern.example', from: null, to: scores.site, change: null }]);
  });

  it('reports the site audit, claims no change, no ranking from the page and no ROI (Executive Summary)', async () => {
    const { document, text } = await report(user, 'executive-summary');
    expect(document.site).toMatchObject({ auditKind: 'site', pageCount: 4 });
    expect(document.site.latest?.overallScore).toBe(scores.site);
    expect(document.summary[0]).toContain(`scored ${scores.site}/100 for AI visibility in a site audit of 4 pages`);
    expect(document.summary).toContain(`No change to report: ${YOUR_SCORE_MESSAGES.nothingToCompare}`);
    // Site against site: behind the competitor, whose site audit scores higher.
    expect(document.summary).toContain('Ahead of 0 of 1 audited competitor.');
    expect(document.history.map((point) => point.overallScore)).toEqual([scores.site]);
    expect(document.roi).toMatchObject({ available: false });
    expect(text).not.toMatch(/rose \d+ point/);
    expect(text).not.toContain(String(scores.page) + '/100');
    expect(text).not.toMatch(/Monthly ROI|visits \/ month/);
  });

  it('says the same in the Competitive Intelligence report', async () => {
    const { document, text } = await report(user, 'competitive-intelligence');
    expect(document.competitors.map((site) => site.latest?.overallScore)).toEqual([scores.rival]);
    expect(text).toContain('Ahead of 0 of 1 audited competitor.');
    expect(text).toContain('No change to report');
    expect(text).not.toMatch(/rose \d+ point|Ahead of 1/);
  });

  it('states a real change only between site audits of the same pages, with its inputs beside the ROI', async () => {
    // A crawl of other pages (one more page) measured something else: still nothing to compare.
    await saveSite(user, OWN, [...sitePages(1), auditContent(thin('Lantern Tea'), { url: `${OWN}faq` })], minutesAgo(20));
    const other = await report(user, 'executive-summary');
    expect(other.document.summary).toContain(`No change to report: ${YOUR_SCORE_MESSAGES.nothingToCompare}`);
    expect(other.document.roi).toMatchObject({ available: false });

    // The same four pages, improved: a measured change, and ROI from it with its inputs printed.
    const improved = await saveSite(user, OWN, sitePages(3), minutesAgo(10));
    expect(improved).toBeGreaterThan(scores.site);
    const { document, text } = await report(user, 'executive-summary');
    expect(document.summary).toContain(`Over 2 site audits of the same 4 pages since ${siteAuditedAt.toISOString().slice(0, 10)}, the overall score rose ${improved - scores.site} point${improved - scores.site === 1 ? '' : 's'} to ${improved}.`);
    expect(document.roi).toMatchObject({ available: true, period: { audits: 2 } });
    expect(text).toContain('2 site audits of the same 4 pages');
    expect(text).toContain('20,000 organic visits per month, 2% conversion rate, 80 per conversion');
    expect(text).toContain(`latest score ${improved} - first score ${scores.site} in the period`);
  });
});

describe('a site with page audits only', () => {
  it('is reported as a page audit with its address, and never ranked against competitors’ sites', async () => {
    const user = await newUser();
    await saveSite(user, RIVAL, [auditContent(thin('Kettle Co'), { url: RIVAL })], minutesAgo(30));
    const pageAuditedAt = minutesAgo(20);
    const page = await savePage(user, OWN, auditContent(rich('Lantern Tea', 6), { url: OWN }), pageAuditedAt);
    const { document, text } = await report(user, 'competitive-intelligence');
    expect(document.site).toMatchObject({ auditKind: 'page', url: OWN });
    expect(document.summary[0]).toBe(
      `Lantern Tea has no site audit yet. The page ${OWN} scored ${page}/100 for AI visibility in a single-page audit on ${pageAuditedAt.toISOString().slice(0, 10)}; that is one page's score, not the site's.`,
    );
    expect(text).not.toMatch(/Ahead of/);
    expect(text).toContain('Lantern Tea (you, no site audit yet)');
    // The insights ask for a site audit instead of stating a score.
    const insights = insightListSchema.parse((await api(base, '/api/insights', { cookie: user.cookie })).body).insights;
    expect(insights.map((insight) => insight.id)).toContain('site-audit');
    expect(insights.some((insight) => /Your score is/.test(insight.description))).toBe(false);
    const competitive = competitiveDataSchema.parse((await api(base, '/api/competitive-intel', { cookie: user.cookie })).body);
    expect(competitive.userSite?.overallScore ?? null).toBeNull();
  });
});
