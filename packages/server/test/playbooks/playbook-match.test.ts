import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomPlaybook, playbookMatch, PLAYBOOKS, playbooksResponseSchema, type AuditResult, type PlanId, type Playbook, type PlaybookMatch } from '@citable/contract';
import { auditContent } from '@citable/engine';
import { customPlaybooks } from '../../src/db/schema';
import { saveAuditHistory } from '../../src/features/audits/history';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19, item 8: a playbook's "match" is measured, not a constant: the share of the engine checks
// its steps work on that fail in the latest own audit of the primary website. Never from a
// competitor's audit (on the same host under its own path, however new), never without an audit.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const OWN = 'https://lantern.example/';
const RIVAL = 'https://lantern.example/rival';
const SECOND = 'https://far-shop.example/';

/** A thin page: it fails checks of every playbook. */
const THIN = '<html><head><title>Tea</title></head><body><p>We sell tea. Tea is good. Buy tea here today.</p></body></html>';
/** A fuller page: question headings, an FAQ, statistics and a source; it fails fewer of them. */
const RICH = `<html lang="en"><head><title>How to brew sencha at home</title><meta name="description" content="How to brew sencha: water temperature, steeping time and how much tea to use per cup, from our tasting room."></head><body>
<h1>How to brew sencha at home</h1>
<p>Brew sencha at 70 °C for one minute: hotter water makes it bitter, and a longer steep draws out more catechins.</p>
<h2>How much tea per cup?</h2>
<p>Use five grams of leaves per 200 ml cup. According to the <a href="https://www.example.org/tea-study">Japan Tea Association (2023)</a>, 68% of tasters preferred this ratio.</p>
<h2>How long should sencha steep?</h2>
<p>Steep it for 60 seconds for the first infusion and 30 seconds for the second, then pour every drop out of the pot.</p>
<h2>Frequently asked questions</h2>
<h3>Can I reuse sencha leaves?</h3>
<p>Yes: good sencha gives three infusions, each a little shorter than the one before it.</p>
</body></html>`;

interface TestUser {
  cookie: string;
  id: string;
}

/** A user with these sites; without `sites`, a profile that lists none (before onboarding). */
async function newUser(plan: PlanId, sites?: { websites: { name: string; url: string }[]; competitors: { name: string; url: string }[] }): Promise<TestUser> {
  const cookie = await signUpVerified(base, { name: 'Match Tester', email: uniqueEmail('match'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  if (sites) {
    const profile = await api(base, '/api/profile', { method: 'PATCH', cookie, body: sites });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  }
  return { cookie, id };
}

const SITES = { websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle Co', url: RIVAL }] };

async function saveAudit(user: TestUser, url: string, result: AuditResult, createdAt: Date): Promise<void> {
  await saveAuditHistory(server.db, user.id, randomUUID(), url, { kind: 'page', result }, createdAt);
}

async function listed(user: TestUser) {
  const response = await api(base, '/api/playbooks', { cookie: user.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return playbooksResponseSchema.parse(response.body);
}

const matches = (list: { id: string; match?: PlaybookMatch }[]) => Object.fromEntries(list.map((playbook) => [playbook.id, playbook.match ?? null]));
const failingOf = (result: AuditResult) => new Set(result.issues.map((issue) => issue.checkId));
const expected = (playbooks: readonly Playbook[], result: AuditResult) => Object.fromEntries(playbooks.map((playbook) => [playbook.id, playbookMatch(playbook, failingOf(result))]));

const hour = (n: number) => new Date(Date.UTC(2026, 0, 10, n));

describe('the playbooks’ match', () => {
  it('is absent without an audit, not 0%', async () => {
    const user = await newUser('pro', SITES);
    const body = await listed(user);
    expect(body.matchAudit).toBeNull();
    for (const playbook of body.playbooks) {
      expect(playbook).not.toHaveProperty('match');
      expect(playbook).not.toHaveProperty('matchScore');
    }
  });

  it('counts the checks failing in the latest own audit, not in a newer audit of a competitor on the same host', async () => {
    const user = await newUser('pro', SITES);
    const own = auditContent(RICH, { url: OWN });
    const rival = auditContent(THIN, { url: RIVAL });
    // The competitor's audit fails other checks: the test tells the two apart.
    expect(expected(PLAYBOOKS, rival)).not.toEqual(expected(PLAYBOOKS, own));
    await saveAudit(user, OWN, own, hour(1));
    await saveAudit(user, RIVAL, rival, hour(2));

    const body = await listed(user);
    expect(matches(body.playbooks)).toEqual(expected(PLAYBOOKS, own));
    expect(body.matchAudit).toEqual({ websiteUrl: OWN, auditedAt: hour(1).toISOString() });
    // Each figure is a count of real checks: failing of total, and the share rounded.
    for (const playbook of body.playbooks) {
      const match = playbook.match!;
      expect(match.percent).toBe(Math.round((match.failing / match.total) * 100));
    }
  });

  it('reads the primary website’s latest audit, not a newer audit of the second website', async () => {
    const user = await newUser('pro', { websites: [SITES.websites[0], { name: 'Far Shop', url: SECOND }], competitors: SITES.competitors });
    const primary = auditContent(RICH, { url: OWN });
    const second = auditContent(THIN, { url: SECOND });
    expect(expected(PLAYBOOKS, second)).not.toEqual(expected(PLAYBOOKS, primary));
    await saveAudit(user, OWN, primary, hour(1));
    await saveAudit(user, SECOND, second, hour(3));
    const body = await listed(user);
    expect(matches(body.playbooks)).toEqual(expected(PLAYBOOKS, primary));
    expect(body.matchAudit?.websiteUrl).toBe(OWN);
  });

  it('shows no figure while the primary website has no audit, whatever else was audited', async () => {
    const user = await newUser('pro', SITES);
    await saveAudit(user, RIVAL, auditContent(THIN, { url: RIVAL }), hour(1));
    const body = await listed(user);
    expect(body.matchAudit).toBeNull();
    expect(body.playbooks.every((playbook) => playbook.match === undefined)).toBe(true);
  });

  it('reports 0 failing when every check of the playbooks passes', async () => {
    const user = await newUser('pro', SITES);
    const passing: AuditResult = { ...auditContent(THIN, { url: OWN }), issues: [] };
    await saveAudit(user, OWN, passing, hour(1));
    const body = await listed(user);
    for (const playbook of body.playbooks) expect(playbook.match).toMatchObject({ failing: 0, percent: 0 });
  });

  it('measures a custom playbook on its steps’ checks: all of them fail in the audit it was built from, fewer after fixes', async () => {
    const user = await newUser('core', SITES);
    const first = auditContent(THIN, { url: OWN });
    await saveAudit(user, OWN, first, hour(1));
    const created = await api(base, '/api/playbooks/custom', { cookie: user.cookie, method: 'POST' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fixes = created.body.playbook.steps.length - 1;
    expect(created.body.playbook.match).toEqual({ failing: fixes, total: fixes, percent: 100 });
    expect(created.body.playbook).not.toHaveProperty('matchScore');

    // A newer own audit where some of those checks pass: the custom playbook's figure drops with them.
    const later = auditContent(RICH, { url: OWN });
    await saveAudit(user, OWN, later, hour(2));
    const body = await listed(user);
    const custom = body.playbooks.find((playbook) => playbook.custom)!;
    const built = created.body.playbook as Playbook;
    expect(custom.match).toEqual(playbookMatch(built, failingOf(later)));
    expect(custom.match!.failing).toBeLessThan(fixes);
  });

  it('measures a custom playbook stored before checks were named on its steps, and drops its constant', async () => {
    const user = await newUser('core', SITES);
    const audit = auditContent(THIN, { url: OWN });
    await saveAudit(user, OWN, audit, hour(1));
    const built = buildCustomPlaybook('custom-legacy', { issues: audit.issues, websiteUrl: OWN, auditedAt: hour(1).toISOString() })!;
    // As rows were written before: a constant matchScore, and the check named only in the step id.
    const legacy = { ...built, matchScore: 100, steps: built.steps.map(({ checkIds: _checks, ...step }) => step) };
    await server.db.insert(customPlaybooks).values({ userId: user.id, playbook: legacy as Playbook });
    const body = await listed(user);
    const custom = body.playbooks.find((playbook) => playbook.custom)!;
    expect(custom).not.toHaveProperty('matchScore');
    const fixes = built.steps.length - 1;
    expect(custom.match).toEqual({ failing: fixes, total: fixes, percent: 100 });
    expect(custom.steps.slice(0, -1).map((step) => step.checkIds)).toEqual(audit.issues.slice(0, fixes).map((issue) => [issue.checkId]));
  });

  it('measures against the newest own audit when the profile lists no website', async () => {
    const user = await newUser('pro');
    const older = auditContent(THIN, { url: 'https://other.example/old' });
    const newest = auditContent(RICH, { url: 'https://other.example/page' });
    expect(expected(PLAYBOOKS, older)).not.toEqual(expected(PLAYBOOKS, newest));
    await saveAudit(user, 'https://other.example/old', older, hour(1));
    await saveAudit(user, 'https://other.example/page', newest, hour(2));
    const body = await listed(user);
    expect(body.matchAudit?.websiteUrl).toBe('https://other.example/page');
    expect(matches(body.playbooks)).toEqual(expected(PLAYBOOKS, newest));
  });
});
