import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResult, RollupRow } from '@citable/contract';
import { auditContent } from '@citable/engine';
import { workspaceClients } from '../../src/features/workspaces/schema';
import { saveAuditHistory } from '../../src/features/audits/history';
import { storedSiteAudit } from '../../src/features/audits/stored-audit';
import { startTestServer, type TestServer } from '../helpers';
import { as, person, type Person } from '../workspaces/fixtures';

// Issue 19: the roll-up reads each client's primary website by the same site-matching rule as the
// client's overview (contract/site-match.ts), not by origin: a competitor listed under its own path
// of the same host is not the client's site, however new its audit.

let server: TestServer;
let owner: Person;
let workspaceId: string;

const OWN = 'https://birch.example/';
const RIVAL = 'https://birch.example/rival';
/** A competitor on a subdomain: another origin, another site under either rule. */
const SUBDOMAIN = 'https://shop.birch.example/';

const page = (title: string, sections: number) =>
  `<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${Array.from({ length: sections }, (_, i) => `<h2>Question ${i + 1} about ${title}?</h2><p>Answer ${i + 1}: ${title} takes 20 minutes, according to the 2024 survey of 900 patients.</p>`).join('')}</body></html>`;

async function newClient(name: string, website: string, competitors: string[]): Promise<{ id: string; principal: string }> {
  const created = await as(server, owner)(`/api/workspaces/${workspaceId}/clients`, { body: { name, website, competitors } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await server.db.select({ principal: workspaceClients.principalUserId }).from(workspaceClients).where(eq(workspaceClients.id, created.body.client.id));
  return { id: created.body.client.id, principal: row.principal };
}

/** A one-page site audit of `url` (a client's score is its latest site audit, issue 30). */
const save = (principal: string, url: string, result: AuditResult, hour: number) => saveAuditHistory(server.db, principal, randomUUID(), url, storedSiteAudit([result], []), new Date(Date.UTC(2026, 0, 10, hour)));

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'rollup-match-owner', 'agency');
  const created = await as(server, owner)('/api/workspaces', { body: { name: 'Matching Agency' } });
  expect(created.status).toBe(201);
  workspaceId = created.body.workspace.id;
});
afterAll(() => server?.close());

describe('the roll-up’s primary website', () => {
  it('takes the latest two site audits of the website, never a competitor’s on the same host or a subdomain', async () => {
    const client = await newClient('Birch Dental', OWN, [RIVAL, SUBDOMAIN]);
    const first = auditContent(page('Teeth whitening', 1), { url: OWN });
    const second = auditContent(page('Teeth whitening', 4), { url: OWN });
    const rival = auditContent('<html><head><title>Rival</title></head><body><p>Rival.</p></body></html>', { url: RIVAL });
    const shop = auditContent(page('Shop', 2), { url: SUBDOMAIN });
    expect(new Set([first.overallScore, second.overallScore, rival.overallScore]).size).toBe(3);
    await save(client.principal, OWN, first, 1);
    await save(client.principal, OWN, second, 2);
    // The competitors, audited last: by origin, the same-host one became the client's latest score.
    await save(client.principal, RIVAL, rival, 3);
    await save(client.principal, SUBDOMAIN, shop, 4);

    const response = await as(server, owner)(`/api/workspaces/${workspaceId}/rollup`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const row = (response.body.rows as RollupRow[]).find((entry) => entry.clientId === client.id)!;
    expect(row).toMatchObject({
      url: OWN,
      latestScore: second.overallScore,
      previousScore: first.overallScore,
      change: second.overallScore - first.overallScore,
      lastAuditAt: new Date(Date.UTC(2026, 0, 10, 2)).toISOString(),
    });
  });

  it('shows a client whose only audits are a same-host competitor’s as not audited', async () => {
    const client = await newClient('Cedar Cafe', 'https://cedar.example/', ['https://cedar.example/rival']);
    await save(client.principal, 'https://cedar.example/rival', auditContent(page('Coffee', 2), { url: 'https://cedar.example/rival' }), 1);
    const response = await as(server, owner)(`/api/workspaces/${workspaceId}/rollup`);
    const row = (response.body.rows as RollupRow[]).find((entry) => entry.clientId === client.id)!;
    // A competitor's audits are not the client's: nothing to say about the client's own site either.
    expect(row).toMatchObject({ latestScore: null, previousScore: null, change: null, lastAuditAt: null, scoreNote: null });
  });
});
