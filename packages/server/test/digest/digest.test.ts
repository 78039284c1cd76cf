import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { digestSchema, type PlanId } from '@citable/contract';
import { auditHistory, devOutbox } from '../../src/db/schema';
import { unsubscribeUrl } from '../../src/features/digest/send-digests';
import { topFixes } from '../../src/features/digest/top-fixes';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';
import { startChangingSite, type ChangingSite } from '../track/changing-site';

let server: TestServer;
let base: string;
let site: ChangingSite;

const DAY = 86_400_000;
const SUBJECT = 'Your weekly Citable suggestions';

interface TestUser {
  cookie: string;
  id: string;
  email: string;
}

beforeAll(async () => {
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  base = server.baseUrl;
  site = await startChangingSite(1);
});
afterAll(async () => {
  await site?.close();
  await server?.close();
});

async function newUser(plan: PlanId): Promise<TestUser> {
  const email = uniqueEmail('digest');
  const cookie = await signUpVerified(base, { name: 'Dana Digest', email, password: STRONG_PASSWORD });
  const id = (await api(base, '/api/profile', { cookie })).body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id, email };
}

/**
 * A site audit (the site's score, issue 30: a page audit is none) of the local site at a content
 * level; `daysAgo` moves the saved audit back in time.
 */
async function audit(user: TestUser, level: number, daysAgo = 0): Promise<void> {
  site.level = level;
  const started = await api(base, '/api/audits', { cookie: user.cookie, body: { url: site.url, scope: 'site', maxPages: 1 } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.id as string;
  for (;;) {
    const run = (await api(base, `/api/audits/${id}`, { cookie: user.cookie })).body as { status: string; error?: string };
    if (run.status === 'completed') break;
    if (run.status === 'failed') throw new Error(`audit failed: ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (daysAgo === 0) return;
  const [latest] = await server.db.select({ id: auditHistory.id }).from(auditHistory).where(eq(auditHistory.userId, user.id)).orderBy(desc(auditHistory.createdAt)).limit(1);
  await server.db
    .update(auditHistory)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(auditHistory.id, latest.id));
}

const digestsTo = async (email: string) => (await server.outbox(email)).filter((message) => message.subject === SUBJECT);

describe('weekly digest', () => {
  it('sends a Pro user their real score change and top fixes, with dashboard links, once a week', async () => {
    const pro = await newUser('pro');
    await audit(pro, 1, 9);
    await audit(pro, 4);
    const audits = await server.db.select().from(auditHistory).where(eq(auditHistory.userId, pro.id)).orderBy(auditHistory.createdAt);
    const [before, after] = audits;
    const now = new Date(Date.now() + 60_000);
    await server.app.sendWeeklyDigests(now);

    const [mail] = await digestsTo(pro.email);
    expect(mail).toBeDefined();
    const change = after.overallScore - before.overallScore;
    const origin = new URL(site.url).origin;
    expect(mail.text).toContain(`${origin}: ${before.overallScore} -> ${after.overallScore} (${change > 0 ? `+${change}` : change})`);
    const fixes = topFixes(after.auditData);
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) expect(mail.text).toContain(`${fix.title} (${fix.pointsLost} point`);
    expect(mail.links).toContain(`${base}/dashboard?section=audit`);
    expect(mail.links).toContain(`${base}/dashboard?section=history`);
    expect(mail.links.some((link) => link.startsWith(`${base}/api/digest/unsubscribe?token=`))).toBe(true);
    const [stored] = await server.db.select({ html: devOutbox.html }).from(devOutbox).where(eq(devOutbox.id, mail.id));
    expect(stored.html).toContain(`${base}/dashboard?section=audit`);
    expect(stored.html).toContain(fixes[0].title.replace(/&/g, '&#38;'));

    // The same week again (a retried job): nothing more.
    await server.app.sendWeeklyDigests(new Date(now.getTime() + 60_000));
    expect(await digestsTo(pro.email)).toHaveLength(1);

    const preview = await api(base, '/api/digest/preview', { cookie: pro.cookie });
    expect(preview.status).toBe(200);
    const digest = digestSchema.parse(preview.body);
    expect(digest.scoreChanges).toEqual([{ site: origin, from: before.overallScore, to: after.overallScore, change }]);
    expect(digest.topFixes.map((fix) => fix.checkId)).toEqual(fixes.map((fix) => fix.checkId));
  });

  it('sends nothing to a Core user, and keeps the preview for Pro', async () => {
    const core = await newUser('core');
    await audit(core, 2);
    await server.app.sendWeeklyDigests(new Date(Date.now() + 60_000));
    expect(await digestsTo(core.email)).toHaveLength(0);
    expect((await api(base, '/api/digest/preview', { cookie: core.cookie })).status).toBe(403);
  });

  it('sends nothing when there is nothing to say', async () => {
    const quiet = await newUser('agency');
    await server.app.sendWeeklyDigests(new Date(Date.now() + 60_000));
    expect(await digestsTo(quiet.email)).toHaveLength(0);
  });

  it('unsubscribes from the e-mail link without signing in, and Settings turns it back on', async () => {
    const agency = await newUser('agency');
    await audit(agency, 3);
    const page = await fetch(unsubscribeUrl(base, agency.id, server.config.authSecret));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('You are unsubscribed');
    expect((await api(base, '/api/digest/settings', { cookie: agency.cookie })).body).toEqual({ subscribed: false });

    await server.app.sendWeeklyDigests(new Date(Date.now() + 60_000));
    expect(await digestsTo(agency.email)).toHaveLength(0);

    const resubscribed = await api(base, '/api/digest/settings', { method: 'PUT', cookie: agency.cookie, body: { subscribed: true } });
    expect(resubscribed.body).toEqual({ subscribed: true });
    await server.app.sendWeeklyDigests(new Date(Date.now() + 60_000));
    expect(await digestsTo(agency.email)).toHaveLength(1);
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const victim = await newUser('pro');
    const genuine = new URL(unsubscribeUrl(base, victim.id, server.config.authSecret)).searchParams.get('token')!;
    const forgedWithOtherSecret = new URL(unsubscribeUrl(base, victim.id, 'not-the-secret')).searchParams.get('token')!;
    const [, signature] = genuine.split('.');
    const otherId = `${Buffer.from(`${victim.id}x`).toString('base64url')}.${signature}`;
    for (const token of [forgedWithOtherSecret, otherId, 'garbage', `${genuine}.extra`]) {
      const response = await fetch(`${base}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('This link is not valid');
    }
    expect((await api(base, '/api/digest/settings', { cookie: victim.cookie })).body).toEqual({ subscribed: true });
  });
});
