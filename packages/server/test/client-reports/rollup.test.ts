import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { YOUR_SCORE_MESSAGES, type RollupRow } from '@citable/contract';
import { rolledScore } from '../../src/features/workspaces/rollup-score';
import { alerts, auditHistory } from '../../src/db/schema';
import { workspaceClients } from '../../src/features/workspaces/schema';
import { ROLLUP_CSV_HEADER } from '../../src/features/workspaces/rollup-csv';
import { startTestServer, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';
import { as, join, person, type Person } from '../workspaces/fixtures';

let server: TestServer;
let site: ChangingSite;
let owner: Person;
let clientMember: Person;
let workspaceId: string;
const ids: Record<'zeta' | 'quoted' | 'formula' | 'pagesOnly', string> = { zeta: '', quoted: '', formula: '', pagesOnly: '' };
const principals: Record<string, string> = {};

// Names a spreadsheet would mangle: a comma, quotes and a newline; and a formula.
const QUOTED_NAME = 'alpha, "Quoted"\nTea';
const FORMULA_NAME = '=HYPERLINK("https://evil.example","x")';

async function newClient(name: string, website: string): Promise<string> {
  const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name, website } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await server.db.select({ principal: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.id, created.body.client.id));
  principals[created.body.client.id] = row.principal;
  return created.body.client.id;
}

/** A page audit of the client's site: one page's score, never the client's (issue 30). */
async function pageAuditAs(clientId: string, level: number): Promise<void> {
  site.level = level;
  const response = await as(server, owner, clientId)('/api/functions/ai-visibility-audit', { body: { url: `${site.url}/` } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A site audit of the client's site, run to its end through the jobs: what the client's score is. */
async function siteAuditAs(clientId: string, level: number): Promise<void> {
  site.level = level;
  const started = await as(server, owner, clientId)('/api/audits', { body: { url: `${site.url}/`, scope: 'site', maxPages: 5 } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const run = (await as(server, owner, clientId)(`/api/audits/${started.body.id as string}`)).body as { status: string; error?: string };
    if (run.status === 'completed') return;
    if (run.status === 'failed') throw new Error(`site audit failed: ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function addAlerts(clientId: string, open: number, dismissed: number): Promise<void> {
  const rows = Array.from({ length: open + dismissed }, (_, index) => ({
    userId: principals[clientId],
    dedupeKey: `rollup-test-${index}`,
    type: 'score_drop',
    title: `Alert ${index}`,
    message: 'A test alert',
    severity: 'medium',
    confidence: 80,
    dismissed: index >= open,
  }));
  await server.db.insert(alerts).values(rows);
}

const openAlertsOf = async (clientId: string) =>
  (await server.db.select({ id: alerts.id }).from(alerts).where(and(eq(alerts.userId, principals[clientId]), eq(alerts.dismissed, false)))).length;

beforeAll(async () => {
  site = await startChangingSite(1);
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  owner = await person(server, 'rollup-owner', 'agency');
  const created = await as(server, owner)('/api/workspaces', { body: { name: 'Rollup Agency' } });
  expect(created.status).toBe(201);
  workspaceId = created.body.workspace.id;
  ids.zeta = await newClient('Zeta Shop', `${site.url}/`);
  ids.quoted = await newClient(QUOTED_NAME, `${site.url}/`);
  ids.formula = await newClient(FORMULA_NAME, 'https://never-audited.example');
  ids.pagesOnly = await newClient('Pages Only', `${site.url}/`);
  // Zeta: two site audits with different content, so a change, then a newer page audit that is
  // not its score; Quoted: one site audit, no change yet; Pages Only: a page audit, no score.
  await siteAuditAs(ids.zeta, 1);
  await siteAuditAs(ids.zeta, 5);
  await pageAuditAs(ids.zeta, 0);
  await siteAuditAs(ids.quoted, 3);
  await pageAuditAs(ids.pagesOnly, 4);
  await addAlerts(ids.formula, 3, 2);
  clientMember = await person(server, 'rollup-client');
  await join(server, owner, workspaceId, clientMember, 'client', [ids.zeta]);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

const rollup = async (who: Person, query = '') => {
  const response = await as(server, who)(`/api/workspaces/${workspaceId}/rollup${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.rows as RollupRow[];
};

describe('workspace roll-up', () => {
  it('shows each client with its latest site audit as its score, the like-for-like change and open alerts', async () => {
    const rows = await rollup(owner);
    expect(rows.map((row) => row.clientId).sort()).toEqual(Object.values(ids).sort());
    const zetaAudits = await server.db.select().from(auditHistory).where(eq(auditHistory.userId, principals[ids.zeta])).orderBy(auditHistory.createdAt);
    expect(zetaAudits.map((audit) => audit.kind)).toEqual(['site', 'site', 'page']);
    const [first, second, page] = zetaAudits;
    expect(second.overallScore).not.toBe(first.overallScore);
    // The newer page audit scored differently: were it taken for the client's score, this would show.
    expect(page.overallScore).not.toBe(second.overallScore);
    const zeta = rows.find((row) => row.clientId === ids.zeta)!;
    expect(zeta).toEqual({
      clientId: ids.zeta,
      name: 'Zeta Shop',
      url: `${site.url}/`,
      latestScore: second.overallScore,
      previousScore: first.overallScore,
      change: second.overallScore - first.overallScore,
      lastAuditAt: second.createdAt.toISOString(),
      openAlerts: await openAlertsOf(ids.zeta),
      scoreNote: null,
      changeNote: null,
    });
    const quoted = rows.find((row) => row.clientId === ids.quoted)!;
    expect(quoted.latestScore).toEqual(expect.any(Number));
    expect(quoted.previousScore).toBeNull();
    expect(quoted.change).toBeNull();
    expect(quoted).toMatchObject({ scoreNote: null, changeNote: YOUR_SCORE_MESSAGES.nothingToCompare });
    const pagesOnly = rows.find((row) => row.clientId === ids.pagesOnly)!;
    expect(pagesOnly).toMatchObject({ latestScore: null, previousScore: null, change: null, lastAuditAt: null, scoreNote: YOUR_SCORE_MESSAGES.noSiteAudit(`${site.url}/`), changeNote: null });
    const formula = rows.find((row) => row.clientId === ids.formula)!;
    expect(formula).toMatchObject({ latestScore: null, previousScore: null, change: null, lastAuditAt: null, openAlerts: 3, scoreNote: null, changeNote: null });
  });

  it('states no change between site audits of different page sets', () => {
    const audit = (score: number, pageUrls: string[]) => ({ kind: 'site', url: 'https://shop.example/', pageUrls, pageCount: pageUrls.length, score, at: new Date('2026-11-01T00:00:00Z') });
    const newest = audit(70, ['https://shop.example/', 'https://shop.example/a']);
    const other = audit(50, ['https://shop.example/', 'https://shop.example/b']);
    const same = audit(60, ['https://shop.example/a', 'https://shop.example/']);
    expect(rolledScore([newest, other], true, 'Shop')).toMatchObject({ latestScore: 70, previousScore: null, change: null, changeNote: YOUR_SCORE_MESSAGES.nothingToCompare });
    expect(rolledScore([newest, other, same], true, 'Shop')).toMatchObject({ latestScore: 70, previousScore: 60, change: 10, changeNote: null });
  });

  it('sorts by name, score, change and alerts in both directions, clients without a value last', async () => {
    const names = (rows: RollupRow[]) => rows.map((row) => row.clientId);
    // Names compare case-insensitively: "=HYPERLINK" < "alpha" < "Pages Only" < "Zeta".
    expect(names(await rollup(owner, '?sort=name&dir=asc'))).toEqual([ids.formula, ids.quoted, ids.pagesOnly, ids.zeta]);
    expect(names(await rollup(owner, '?sort=name&dir=desc'))).toEqual([ids.zeta, ids.pagesOnly, ids.quoted, ids.formula]);
    expect(names(await rollup(owner))).toEqual([ids.formula, ids.quoted, ids.pagesOnly, ids.zeta]);

    for (const dir of ['asc', 'desc'] as const) {
      const byScore = await rollup(owner, `?sort=score&dir=${dir}`);
      // Without a site audit there is no score: last, by name.
      expect(names(byScore).slice(2)).toEqual([ids.formula, ids.pagesOnly]);
      const [a, b] = byScore;
      expect(dir === 'asc' ? a.latestScore! <= b.latestScore! : a.latestScore! >= b.latestScore!).toBe(true);
      const byChange = await rollup(owner, `?sort=change&dir=${dir}`);
      expect(byChange[0].clientId).toBe(ids.zeta);
      // Those without a change come last, by name.
      expect(names(byChange).slice(1)).toEqual([ids.formula, ids.quoted, ids.pagesOnly]);
    }
    const byAlerts = await rollup(owner, '?sort=alerts&dir=desc');
    const counts = byAlerts.map((row) => row.openAlerts);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(byAlerts[0].clientId).toBe(ids.formula);
    const ascending = (await rollup(owner, '?sort=alerts&dir=asc')).map((row) => row.openAlerts);
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y));
  });

  it('refuses unknown sort keys and directions with 400', async () => {
    for (const query of ['?sort=revenue', '?dir=up', '?sort=name&extra=1']) {
      const response = await as(server, owner)(`/api/workspaces/${workspaceId}/rollup${query}`);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('exports CSV with a header row, RFC 4180 quoting and formula cells neutralised', async () => {
    const response = await fetch(`${server.baseUrl}/api/workspaces/${workspaceId}/rollup.csv?sort=name&dir=asc`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="citable-clients-${today}.csv"`);
    const csv = await response.text();
    const rows = (await rollup(owner, '?sort=name&dir=asc'));
    const zeta = rows.find((row) => row.clientId === ids.zeta)!;
    const quoted = rows.find((row) => row.clientId === ids.quoted)!;
    const formula = rows.find((row) => row.clientId === ids.formula)!;
    expect(formula.url).toMatch(/^https:\/\/never-audited\.example/);
    const expected = [
      ROLLUP_CSV_HEADER.join(','),
      `"'=HYPERLINK(""https://evil.example"",""x"")",${formula.url},,,,,3`,
      `"alpha, ""Quoted""\nTea",${site.url}/,${quoted.latestScore},,,${quoted.lastAuditAt},${quoted.openAlerts}`,
      `Pages Only,${site.url}/,,,,,0`,
      `Zeta Shop,${site.url}/,${zeta.latestScore},${zeta.previousScore},${zeta.change},${zeta.lastAuditAt},${zeta.openAlerts}`,
    ];
    expect(csv.split('\r\n')).toEqual([...expected, '']);
    expect(ROLLUP_CSV_HEADER[0]).toBe('Client');
  });

  it('shows a client-role member only the clients shared with them, in JSON and CSV', async () => {
    const rows = await rollup(clientMember);
    expect(rows.map((row) => row.clientId)).toEqual([ids.zeta]);
    const csv = await (await fetch(`${server.baseUrl}/api/workspaces/${workspaceId}/rollup.csv`, { headers: { cookie: clientMember.cookie } })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('Zeta Shop');
    expect(csv).not.toContain('Quoted');
  });

  it('answers 404 to outsiders and 401 without a session', async () => {
    const outsider = await person(server, 'rollup-outsider', 'agency');
    const response = await as(server, outsider)(`/api/workspaces/${workspaceId}/rollup`);
    expect(response.status).toBe(404);
    expect((await as(server, outsider)(`/api/workspaces/${workspaceId}/rollup.csv`)).status).toBe(404);
    expect((await as(server, null)(`/api/workspaces/${workspaceId}/rollup`)).status).toBe(401);
  });
});
