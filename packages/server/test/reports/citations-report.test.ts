import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { citationTrackingSchema, REPORT_MESSAGES, reportConfigSchema, reportDocumentSchema, trackingHistorySchema, type GenerateReportRequest, type ReportListItem } from '@citable/contract';
import { auditContent } from '@citable/engine';
import { saveAuditHistory } from '../../src/features/audits/history';
import { setPlan } from '../../src/features/profile/profile';
import { createReport, createReportStorage, generateReport } from '../../src/features/reports';
import { workspaceClients } from '../../src/features/workspaces/schema';
import { anthropicWebSearchAnswer, geminiGroundedAnswer, openAiResponsesAnswer, promptOf } from '../fakes/answer-engines';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { api, startTestServer, type TestServer } from '../helpers';
import { as, person, type Person } from '../workspaces/fixtures';
import { readPdf } from './pdf-reader';

/**
 * Issue 21 item 6: reports and client reports carry the website's tracked prompts on the answer
 * engines. The runs are made the real way: tracked prompts added through the API, run by the
 * Citation Tracker's scheduler (ticked with a clock the test moves) against local fakes of the
 * ChatGPT, Claude and Gemini APIs; the reports are generated through the API and the client-reports
 * job, and read back as the user downloads them.
 */

const DOMAIN = 'acmetools.example';
const SITE = `https://${DOMAIN}/`;
const CRAWLER = 'Which SEO crawler should a small agency use?';
const GAP = 'What is the best log analyser for SEO?';
const MENTION = 'Acme Tools is the crawler most small agencies pick. Globex is the other common choice.';
const NO_MENTION = 'Globex is the tool most small agencies pick.';

let chatgpt: HttpFake;
let claude: HttpFake;
let gemini: HttpFake;
let server: TestServer;
let pat: Person;
/** ChatGPT names Acme Tools for the crawler prompt on the first run, not on the second. */
let chatgptMentions = true;

const noMention = (extra: { url: string }[] = []) => [{ url: 'https://globex.example/tools' }, ...extra];

/** A saved audit of the website, so there is something to report on; the audit itself is not under test here. */
async function auditSite(userId: string, url = SITE): Promise<void> {
  const page = `<html lang="en"><head><title>Acme Tools</title></head><body><h1>Acme Tools</h1><h2>What does Acme Tools crawl?</h2><p>Acme Tools crawls 10,000 pages in 5 minutes, according to our 2025 benchmark.</p></body></html>`;
  await saveAuditHistory(server.db, userId, randomUUID(), url, { kind: 'page', result: auditContent(page, { url }) });
}

const headers = (who: Person, clientId?: string) => ({ cookie: who.cookie, ...(clientId ? { 'x-citable-client': clientId } : {}) });
const history = async (who: Person, clientId?: string) => trackingHistorySchema.parse((await as(server, who, clientId)(`/api/citations/tracking/history?domain=${DOMAIN}`)).body);
const tracking = async (who: Person, clientId?: string) => citationTrackingSchema.parse((await as(server, who, clientId)('/api/citations/tracking')).body);

/** Polls `read` until `done` holds of its value (expect.poll works inside a test only, and this also runs in beforeAll). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits until the website has `count` scheduled runs and none in flight. */
async function runsDone(who: Person, count: number, clientId?: string): Promise<void> {
  await until(async () => (await history(who, clientId)).runs.length, (runs) => runs === count, `${count} runs`);
  await until(async () => (await tracking(who, clientId)).sites[0]?.running, (running) => running === null, 'the run to finish');
}

/** Tracks the two prompts (the first run starts at once) and runs them a second time on the schedule. */
async function trackTwice(who: Person, clientId?: string, between?: () => void): Promise<void> {
  const added = await as(server, who, clientId)('/api/citations/tracking/prompts', { body: { domain: DOMAIN, prompts: [CRAWLER, GAP] } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await runsDone(who, 1, clientId);
  between?.();
  const site = (await tracking(who, clientId)).sites[0]!;
  expect((await server.app.citationMonitor.tick(new Date(Date.parse(site.nextRunAt!)))).started).toBeGreaterThan(0);
  await runsDone(who, 2, clientId);
}

async function generate(who: Person, body: Partial<GenerateReportRequest>): Promise<ReportListItem> {
  const started = await as(server, who)('/api/functions/generate-report', { body: { reportType: 'executive-summary', reportName: 'Acme Tools in answer engines', format: 'pdf', ...body } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const report = await until(async () => (await as(server, who)(`/api/reports/${started.body.reportId}`)).body as ReportListItem, (item) => item.status === 'completed' || item.status === 'failed', 'the report');
  expect(report.status, report.error ?? '').toBe('completed');
  return report;
}

async function download(who: Person, reportId: string, format?: string, clientId?: string): Promise<Buffer> {
  const response = await fetch(`${server.baseUrl}/api/reports/${reportId}/view?download=true${format ? `&format=${format}` : ''}`, { headers: headers(who, clientId) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The PDF's text with its lines joined by spaces, and WinAnsi's en dash (0x96) read back as one. */
const pdfText = (file: Buffer) => readPdf(file).text.replace(/\x96/g, '–').replace(/\s+/g, ' ');

beforeAll(async () => {
  chatgpt = await startHttpFake((request) => ({
    json:
      promptOf(request) === CRAWLER && chatgptMentions
        ? openAiResponsesAnswer(MENTION, [{ url: `${SITE}crawler` }, { url: 'https://globex.example/tools' }])
        : openAiResponsesAnswer(NO_MENTION, noMention([{ url: 'https://reviews.example/seo-tools' }])),
  }));
  claude = await startHttpFake(() => ({ json: anthropicWebSearchAnswer(NO_MENTION, noMention()) }));
  gemini = await startHttpFake((request) => ({ json: promptOf(request) === CRAWLER ? geminiGroundedAnswer(MENTION, [{ url: `${SITE}crawler` }]) : geminiGroundedAnswer(NO_MENTION, noMention()) }));
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: 'sk-openai-test',
      OPENAI_BASE_URL: `${chatgpt.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: `${claude.url}/v1`,
      GEMINI_API_KEY: 'gemini-test',
      GEMINI_BASE_URL: `${gemini.url}/v1beta`,
      CITATION_ENGINE_RETRY_BASE_MS: '1',
      HN_SEARCH_URL: 'off',
      REDDIT_SEARCH_URL: 'off',
    },
  });
  pat = await person(server, 'pat', 'pro');
  const profile = await as(server, pat)('/api/profile', {
    method: 'PATCH',
    body: { websites: [{ name: 'Acme Tools', url: `https://${DOMAIN}` }], competitors: [{ name: 'Globex', url: 'https://globex.example' }] },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  await auditSite(pat.id);
  await trackTwice(pat, undefined, () => {
    chatgptMentions = false;
  });
  chatgptMentions = true;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([chatgpt, claude, gemini].map((fake) => fake?.close()));
});

describe('the answer-engine section of a report', () => {
  it('shows each engine’s latest mention rate with its interval, the trend, share of voice, the top cited domains and the gap', async () => {
    const report = await generate(pat, {});
    const text = pdfText(await download(pat, report.id));
    expect(text).toContain('Answer engines');
    expect(text).toContain(`How answer engines answer the tracked prompts about ${DOMAIN}:`);
    expect(text).toContain('asked 2 prompts of 3 answer engines (2 runs since');
    // Engine, mention rate (95% interval), answers mentioning the site, answers citing it, share of voice, the previous run's rate:
    // ChatGPT stopped naming the site (3 of 6 before, 0 of 6 now), Claude never did, Gemini did for the crawler prompt, citing its page.
    expect(text).toContain('ChatGPT 0% (0–39%) 0 of 6 0 of 6 0% 50%');
    expect(text).toContain('Claude 0% (0–39%) 0 of 6 0 of 6 0% 0%');
    expect(text).toContain('Gemini 50% (19–81%) 3 of 6 3 of 6 33% 50%');
    // Issue 29: the two measures defined, and no failure list when every ask was answered.
    expect(text).toContain('A name that appears only inside a link does not count.');
    expect(text).not.toContain('Failed asks on the latest run');
    expect(text).not.toContain('Perplexity');
    expect(text).toContain('Mention rate over the runs');
    expect(text).not.toContain('One run so far');
    // Share of voice: Gemini's 3 answers name Acme Tools, all 18 name Globex; mentioned, then cited:
    // Globex's page is cited by ChatGPT's and Claude's 12 answers and Gemini's 3 to the gap prompt, Acme's by Gemini's 3 to the crawler prompt.
    expect(text).toContain('Brand Mentioned Cited Share of voice');
    expect(text).toContain('Globex 18 15 86%');
    expect(text).toContain('Acme Tools (you) 3 3 14%');
    // Cited domains, most cited first: Globex's page (by every engine, for both prompts), then the review site, then the user's own.
    expect(text).toContain('Domain Times cited globex.example 5 reviews.example 2 acmetools.example (your site) 1');
    expect(text).toContain(`Citation gap`);
    expect(text).toContain(`${GAP} Globex`);
    expect(text).not.toContain(`${CRAWLER} Globex`);
    expect(text).toContain('Answer engines mentioned Acme Tools in 3 of 18 answers (17%) to the tracked prompts on');

    // The same data in the document kept with the report: the two scheduled runs, newest first.
    const doc = reportDocumentSchema.parse(JSON.parse((await download(pat, report.id, 'json')).toString('utf8')));
    expect(doc.report.sections).toContain('citations');
    expect(doc.citations?.domain).toBe(DOMAIN);
    expect(doc.citations?.runs.map((run) => run.engines.find((engine) => engine.sourceId === 'chatgpt')?.mentions)).toEqual([0, 3]);
    expect(Date.parse(doc.citations!.runs[0]!.created_at)).toBeGreaterThan(Date.parse(doc.citations!.runs[1]!.created_at));
  });

  it('is in the competitive-intelligence template too, and in the HTML and CSV of the same report', async () => {
    const report = await generate(pat, { reportType: 'competitive-intelligence', format: 'html' });
    const html = (await download(pat, report.id)).toString('utf8');
    expect(html).toContain('<h2>Answer engines</h2>');
    expect(html).toContain('Gemini</strong></td><td><strong>50% (19–81%)</strong></td><td>3 of 6</td><td>3 of 6</td>');
    expect(html).toContain('<th>Answers mentioning you</th><th>Answers citing you</th>');
    expect(html).toContain('aria-label="Mention rate per answer engine over the runs"');
    expect(html).toContain(GAP);
    const csv = (await download(pat, report.id, 'csv')).toString('utf8').split('\r\n');
    expect(csv.filter((line) => line.startsWith(`citations,${DOMAIN},`) && line.includes(',ChatGPT mention rate,'))).toHaveLength(2);
    expect(csv.some((line) => line.startsWith(`citations,${DOMAIN},`) && line.includes(',Cited domain,5,') && line.endsWith(',globex.example'))).toBe(true);
    expect(csv.filter((line) => line.startsWith(`citations,${DOMAIN},`) && line.includes(',Gemini answers citing you,3,'))).toHaveLength(2);
    expect(csv.some((line) => line.includes(',Share of voice: Globex,86,') && line.endsWith(',"mentioned in 18, cited in 15"'))).toBe(true);
  });

  it('counts only scheduled runs of the user’s own tracked prompts: otherwise it says no tracked prompt has run', async () => {
    // The same website for another user, with a one-off run of the Citation Tracker and no tracked prompts.
    const cora = await person(server, 'cora', 'core');
    expect((await as(server, cora)('/api/profile', { method: 'PATCH', body: { websites: [{ name: 'Acme Tools', url: `https://${DOMAIN}` }] } })).status).toBe(200);
    await auditSite(cora.id);
    const manual = await as(server, cora)('/api/functions/citation-tracker', { body: { domain: DOMAIN } });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const report = await generate(cora, {});
    const text = pdfText(await download(cora, report.id));
    expect(text).toContain('Answer engines');
    expect(text).toContain(REPORT_MESSAGES.noCitationRuns);
    expect(text).not.toContain('Mention rate per answer engine');
    const doc = reportDocumentSchema.parse(JSON.parse((await download(cora, report.id, 'json')).toString('utf8')));
    expect(doc.citations).toEqual({ domain: DOMAIN, runs: [] });
  });

  it('is left out of the technical template, and of any report on the Free plan, which has no Citation Tracker', async () => {
    const technical = reportDocumentSchema.parse(JSON.parse((await download(pat, (await generate(pat, { reportType: 'technical-audit', format: 'json' })).id)).toString('utf8')));
    expect(technical.report.sections).not.toContain('citations');
    expect(technical.citations).toBeNull();

    // Pat's runs are still stored after a downgrade; a report generated on Free (as the job does) leaves them out.
    await setPlan(server.db, pat.id, 'free');
    try {
      const config = { ...reportConfigSchema.parse({}), website: null };
      const row = await createReport(server.db, pat.id, { name: 'After the downgrade', type: 'executive-summary', format: 'pdf', config });
      await generateReport({ db: server.db, storage: createReportStorage(server.config.reportStorage), log: server.app.log }, pat.id, row.id);
      const text = pdfText(await download(pat, row.id));
      expect(text).toContain('After the downgrade');
      expect(text).toContain('Issues by priority');
      expect(text).not.toContain('Answer engines');
      expect(text).not.toContain('ChatGPT');
      expect(text).not.toContain(REPORT_MESSAGES.noCitationRuns);
      const doc = reportDocumentSchema.parse(JSON.parse((await download(pat, row.id, 'json')).toString('utf8')));
      expect(doc.report.sections).not.toContain('citations');
      expect(doc.citations).toBeNull();
    } finally {
      await setPlan(server.db, pat.id, 'pro');
    }
  });
});

describe('the answer-engine section of a scheduled client report', () => {
  it('carries the client’s own tracked prompts, generated by the client-reports job', async () => {
    const owner = await person(server, 'agency-owner', 'agency');
    const workspace = await as(server, owner)('/api/workspaces', { body: { name: 'Harbour Digital' } });
    expect(workspace.status, JSON.stringify(workspace.body)).toBe(201);
    const workspaceId = workspace.body.workspace.id as string;
    const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name: 'Acme Tools', website: SITE } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const clientId = created.body.client.id as string;
    const [client] = await server.db.select({ principalId: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.id, clientId));
    await auditSite(client!.principalId);
    // In the client's scope, on the owner's Agency plan; ChatGPT now names the site for the crawler prompt on both runs.
    await trackTwice(owner, clientId);

    const saved = await as(server, owner)(`/api/workspaces/${workspaceId}/clients/${clientId}/report-schedule`, {
      method: 'PUT',
      body: { cadence: 'weekly', recipients: ['cmo@acmetools.example'], template: 'executive-summary', format: 'pdf' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const outcome = await server.app.sendClientReports(new Date(Date.parse(saved.body.schedule.nextRunAt) + 5 * 60_000));
    expect(outcome.sent).toBe(1);
    const listed = (await as(server, owner, clientId)('/api/reports')).body.reports as ReportListItem[];
    const report = listed.find((item) => item.name.startsWith('Acme Tools - Executive summary'));
    expect(report).toMatchObject({ status: 'completed', format: 'pdf' });
    const text = pdfText(await download(owner, report!.id, undefined, clientId));
    expect(text).toContain('Answer engines');
    expect(text).toContain('ChatGPT 50% (19–81%) 3 of 6 3 of 6 100% 50%');
    expect(text).toContain('Gemini 50% (19–81%) 3 of 6 3 of 6 100% 50%');
    expect(text).toContain('Acme Tools (you)');
    expect(text).toContain('acmetools.example (your site)');
    expect(text).not.toContain(REPORT_MESSAGES.noCitationRuns);
  });
});
