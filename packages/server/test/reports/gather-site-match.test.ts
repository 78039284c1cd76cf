import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema, REPORT_MESSAGES, reportConfigSchema, reportDocumentSchema, type AuditResult, type Profile } from '@citable/contract';
import { auditContent } from '@citable/engine';
import { gatherReport, ReportDataError } from '../../src/features/reports/gather';
import { saveAuditHistory } from '../../src/features/audits/history';
import { storedSiteAudit } from '../../src/features/audits/stored-audit';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19: a report reads the website's audits by the same site-matching rule as the overview
// (contract/site-match.ts), not by origin, so a competitor listed under its own path of the same
// host keeps its audits, its name and its score, and the website keeps its own, whichever is newer.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const OWN = 'https://lantern.example/';
const RIVAL = 'https://lantern.example/rival';
/** A competitor on a subdomain: another origin, so another site under either rule. */
const SHOP = 'https://shop.lantern.example/';

const page = (title: string, paragraphs: number) =>
  `<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${Array.from({ length: paragraphs }, (_, i) => `<h2>Question ${i + 1} about ${title}?</h2><p>The answer ${i + 1} is that ${title} brews best at 70 °C for 60 seconds, according to the 2023 survey of 1,200 tasters.</p>`).join('')}</body></html>`;

interface TestUser {
  cookie: string;
  id: string;
}

async function newUser(sites?: Pick<Profile, 'websites' | 'competitors'>): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Report Matcher', email: uniqueEmail('gather'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  // Agency: room for two competitors, and every report section.
  await setPlan(server.db, id, 'agency');
  if (sites) expect((await api(base, '/api/profile', { method: 'PATCH', cookie, body: sites })).status).toBe(200);
  return { cookie, id };
}

const profileOf = async (user: TestUser) => profileSchema.parse((await api(base, '/api/profile', { cookie: user.cookie })).body);

async function save(user: TestUser, url: string | null, result: AuditResult, at: Date): Promise<void> {
  await saveAuditHistory(server.db, user.id, randomUUID(), url, { kind: url === null ? 'content' : 'page', result }, at);
}

/** A one-page site audit: competitors are compared site against site (issue 30). */
async function saveSite(user: TestUser, url: string, result: AuditResult, at: Date): Promise<void> {
  await saveAuditHistory(server.db, user.id, randomUUID(), url, storedSiteAudit([result], []), at);
}

async function gather(user: TestUser, website: string | null = null) {
  const document = await gatherReport(server.db, {
    id: randomUUID(),
    userId: user.id,
    plan: 'agency',
    profile: await profileOf(user),
    name: 'Site match',
    template: 'competitive-intelligence',
    format: 'json',
    config: { ...reportConfigSchema.parse({}), website },
    now: new Date(Date.UTC(2026, 1, 1)),
  });
  return reportDocumentSchema.parse(document);
}

const at = (hour: number) => new Date(Date.UTC(2026, 0, 10, hour));

describe('the report’s site and its competitors', () => {
  it('keeps the website’s audits apart from a competitor’s on the same host, whichever is newer', async () => {
    const user = await newUser({
      websites: [{ name: 'Lantern Tea', url: OWN }],
      competitors: [
        { name: 'Kettle Co', url: RIVAL },
        { name: 'Tea Shop', url: SHOP },
      ],
    });
    const home = auditContent(page('Sencha', 4), { url: OWN });
    const teaPage = auditContent(page('Matcha', 2), { url: `${OWN}tea` });
    const rival = auditContent('<html><head><title>Kettle</title></head><body><p>Kettles.</p></body></html>', { url: RIVAL });
    const shop = auditContent(page('Shop', 1), { url: SHOP });
    expect(new Set([home.overallScore, teaPage.overallScore, rival.overallScore]).size).toBe(3);
    await save(user, OWN, home, at(1));
    await save(user, `${OWN}tea`, teaPage, at(2));
    // The competitor on the same host, audited last: by origin alone it was "the site's latest".
    await saveSite(user, RIVAL, rival, at(3));
    await saveSite(user, SHOP, shop, at(4));

    const first = await gather(user);
    expect(first.site).toMatchObject({ name: 'Lantern Tea', url: `${OWN}tea`, auditedAt: at(2).toISOString() });
    expect(first.site.latest?.overallScore).toBe(teaPage.overallScore);
    expect(first.issues.map((issue) => issue.checkId)).toEqual(expect.arrayContaining(teaPage.issues.map((issue) => issue.checkId)));
    // Two pages are not one series (issue 30): the history holds the reported page's audits only.
    expect(first.history.map((point) => point.overallScore)).toEqual([teaPage.overallScore]);
    // The websites' table gives each site's score, a site audit: Lantern Tea has none yet (issue 30).
    expect(first.websites).toEqual([{ name: 'Lantern Tea', url: OWN, latest: null }]);
    expect(first.competitors.map((site) => [site.name, site.latest?.overallScore ?? null])).toEqual([
      ['Kettle Co', rival.overallScore],
      ['Tea Shop', shop.overallScore],
    ]);

    // A newer own audit: the competitor's score stays its own (by origin it became the website's).
    const again = auditContent(page('Sencha', 3), { url: OWN });
    await save(user, OWN, again, at(5));
    const second = await gather(user);
    expect(second.site.latest?.overallScore).toBe(again.overallScore);
    expect(second.competitors.find((site) => site.name === 'Kettle Co')?.latest?.overallScore).toBe(rival.overallScore);
    expect(second.competitors.find((site) => site.name === 'Kettle Co')?.latest?.date).toBe(at(3).toISOString());
  });

  it('reports on a chosen website by its path, not the host it shares with a competitor', async () => {
    const user = await newUser({ websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle Co', url: RIVAL }] });
    const home = auditContent(page('Sencha', 4), { url: OWN });
    const rival = auditContent(page('Kettle', 1), { url: RIVAL });
    await save(user, RIVAL, rival, at(1));
    await save(user, OWN, home, at(2));
    // Asked for by its own address, the competitor's report is the competitor's.
    const report = await gather(user, RIVAL);
    expect(report.site.latest?.overallScore).toBe(rival.overallScore);
    expect(report.history.map((point) => point.overallScore)).toEqual([rival.overallScore]);
    expect(report.site.name).toBe('lantern.example');
  });

  it('needs an audit of the website: a competitor’s on the same host is not one', async () => {
    const user = await newUser({ websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle Co', url: RIVAL }] });
    await save(user, RIVAL, auditContent(page('Kettle', 1), { url: RIVAL }), at(1));
    await expect(gather(user)).rejects.toThrow(new ReportDataError(REPORT_MESSAGES.noAudits));
  });

  it('without a website, reports on the newest own audit of an address, not on newer pasted content', async () => {
    const user = await newUser();
    const own = auditContent(page('Oolong', 2), { url: 'https://oolong.example/guide' });
    await save(user, 'https://oolong.example/guide', own, at(1));
    await save(user, null, auditContent(page('Pasted', 2)), at(2));
    const report = await gather(user);
    expect(report.site).toMatchObject({ name: 'oolong.example', url: 'https://oolong.example/guide' });
    expect(report.site.latest?.overallScore).toBe(own.overallScore);
    expect(report.history.map((point) => point.overallScore)).toEqual([own.overallScore]);
  });
});
