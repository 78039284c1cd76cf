import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema, type AuditResult } from '@citable/contract';
import { auditContent, DEFAULT_SCORING_CONFIG } from '@citable/engine';
import { saveAuditHistory } from '../../src/features/audits/history';
import { storedSiteAudit, type StoredAudit } from '../../src/features/audits/stored-audit';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19, item 8: the history's "projected score" is the engine's own figure, the latest own
// audit's score with its failing checks fixed (the score plus their points lost, rounded, capped
// at 100), read from the stored audit; no projection when the audit does not carry the points.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const OWN = 'https://lantern.example/';
const RIVAL = 'https://lantern.example/rival';
const THIN = '<html><head><title>Tea</title></head><body><p>We sell tea. Tea is good. Buy tea here today.</p></body></html>';
const page = (sections: number) =>
  `<html lang="en"><head><title>Sencha guide</title></head><body><h1>Sencha guide</h1>${Array.from({ length: sections }, (_, i) => `<h2>Question ${i + 1} about sencha?</h2><p>Answer ${i + 1}: brew sencha at 70 °C for 60 seconds, according to the 2023 survey of 1,200 tasters.</p>`).join('')}</body></html>`;

async function newUser(): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Projection Tester', email: uniqueEmail('projection'), password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  await setPlan(server.db, id, 'pro');
  const profile = await api(base, '/api/profile', { method: 'PATCH', cookie, body: { websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle Co', url: RIVAL }] } });
  expect(profile.status).toBe(200);
  return { cookie, id };
}

const hour = (n: number) => new Date(Date.UTC(2026, 0, 10, n));
const save = (userId: string, url: string, stored: StoredAudit, at: Date) => saveAuditHistory(server.db, userId, randomUUID(), url, stored, at);

async function projection(cookie: string) {
  const history = historyResponseSchema.parse((await api(base, '/api/history?period=all', { cookie })).body);
  return history.insights.find((insight) => insight.id === 'projection');
}

const failing = (result: AuditResult) => result.checks.filter((check) => check.score !== null && check.score < DEFAULT_SCORING_CONFIG.passThreshold);
const fixedScore = (result: AuditResult) => Math.min(100, Math.round(result.overallScore + failing(result).reduce((sum, check) => sum + check.pointsLost, 0)));

describe('the history’s projected score', () => {
  it('is the latest own audit’s score plus its failing checks’ points lost, not a newer competitor audit’s', async () => {
    const user = await newUser();
    const own = auditContent(page(2), { url: OWN });
    const rival = auditContent(THIN, { url: RIVAL });
    expect(fixedScore(rival)).not.toBe(fixedScore(own));
    await save(user.id, OWN, { kind: 'page', result: own }, hour(1));
    await save(user.id, RIVAL, { kind: 'page', result: rival }, hour(2));
    const insight = await projection(user.cookie);
    const projected = fixedScore(own);
    expect(projected).toBeGreaterThan(own.overallScore);
    // Not the old "× 1.15" either.
    expect(projected).not.toBe(Math.min(100, Math.round(own.overallScore * 1.15)));
    expect(insight).toEqual({
      id: 'projection',
      tone: 'neutral',
      title: `Projected score ${projected}`,
      message: `Fixing the ${own.issues.length} failing checks could take the page’s score from ${own.overallScore} to ${projected}.`,
    });
  });

  it('reads a site audit’s failing checks over its pages', async () => {
    const user = await newUser();
    const pages = [auditContent(page(1), { url: OWN }), auditContent(page(4), { url: `${OWN}guide` })];
    const stored = storedSiteAudit(pages, []);
    if (stored.kind !== 'site') throw new Error('a site audit');
    await save(user.id, OWN, stored, hour(1));
    const gain = stored.result.recommendationsByCheck.reduce((sum, check) => sum + check.meanPointsLost, 0);
    const projected = Math.min(100, Math.round(stored.result.overallScore + gain));
    expect((await projection(user.cookie))?.message).toBe(`Fixing the ${stored.result.issues.length} failing checks could take the site’s score from ${stored.result.overallScore} to ${projected}.`);
  });

  it('is capped at 100', async () => {
    const user = await newUser();
    const own = auditContent(THIN, { url: OWN });
    // The same checks on a score near the top: the points lost would carry it past 100.
    await save(user.id, OWN, { kind: 'page', result: { ...own, overallScore: 95 } }, hour(1));
    expect(95 + failing(own).reduce((sum, check) => sum + check.pointsLost, 0)).toBeGreaterThan(100);
    expect((await projection(user.cookie))?.title).toBe('Projected score 100');
  });

  it('is left out when every check passes, and when the stored audit has no points lost', async () => {
    const passing = await newUser();
    const own = auditContent(page(2), { url: OWN });
    const allPass: AuditResult = { ...own, issues: [], checks: own.checks.map((check) => (check.score === null ? check : { ...check, score: 1, pointsLost: 0 })) };
    await save(passing.id, OWN, { kind: 'page', result: allPass }, hour(1));
    const history = historyResponseSchema.parse((await api(base, '/api/history?period=all', { cookie: passing.cookie })).body);
    expect(history.entries).toHaveLength(1);
    expect(history.insights.find((insight) => insight.id === 'projection')).toBeUndefined();

    const legacy = await newUser();
    const withoutPoints = { ...own, checks: own.checks.map(({ pointsLost: _lost, ...check }) => check) } as unknown as AuditResult;
    await save(legacy.id, OWN, { kind: 'page', result: withoutPoints }, hour(1));
    expect(await projection(legacy.cookie)).toBeUndefined();
  });
});

describe('the history’s insights follow the newest entry, like with like (issue 30)', () => {
  const insights = async (cookie: string) => historyResponseSchema.parse((await api(base, '/api/history?period=all', { cookie })).body).insights;

  it('compare site audits only when they read the same pages', async () => {
    const user = await newUser();
    const first = storedSiteAudit([auditContent(THIN, { url: OWN }), auditContent(THIN, { url: `${OWN}a` })], []);
    const samePages = storedSiteAudit([auditContent(page(4), { url: OWN }), auditContent(page(4), { url: `${OWN}a` })], []);
    const otherPages = storedSiteAudit([auditContent(page(1), { url: OWN }), auditContent(page(1), { url: `${OWN}b` })], []);
    await save(user.id, OWN, first, hour(1));
    await save(user.id, OWN, samePages, hour(2));
    const rose = (await insights(user.cookie)).find((insight) => insight.id === 'change');
    const risen = samePages.result.overallScore - first.result.overallScore;
    expect(risen).toBeGreaterThan(5);
    expect(rose).toMatchObject({ title: `Up ${risen} points`, message: `The latest site audit scored ${samePages.result.overallScore}, ${risen} more than the one before.` });
    // The newest crawl read other pages: nothing earlier measured the same thing, so no change is stated.
    await save(user.id, OWN, otherPages, hour(3));
    const after = await insights(user.cookie);
    expect(after.find((insight) => insight.id === 'change')).toBeUndefined();
    expect(after.find((insight) => insight.id === 'projection')?.message).toContain(`the site’s score from ${otherPages.result.overallScore}`);
  });

  it('name a newest page audit as a page audit, never as the site’s score', async () => {
    const user = await newUser();
    const site = storedSiteAudit([auditContent(THIN, { url: OWN })], []);
    await save(user.id, OWN, site, hour(1));
    const older = auditContent(THIN, { url: `${OWN}guide` });
    const newer = auditContent(page(4), { url: `${OWN}guide` });
    await save(user.id, `${OWN}guide`, { kind: 'page', result: older }, hour(2));
    await save(user.id, `${OWN}guide`, { kind: 'page', result: newer }, hour(3));
    const change = (await insights(user.cookie)).find((insight) => insight.id === 'change');
    expect(change?.message).toBe(`The latest page audit, of ${OWN}guide, scored ${newer.overallScore}, ${newer.overallScore - older.overallScore} more than the one before.`);
  });
});
