import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { ACTIVITY_TYPES, INDUSTRIES, type ActivityType } from '@citable/contract';
import type { Db } from '../../packages/server/src/db/client';
import { userActivity } from '../../packages/server/src/db/schema';
import { logActivity } from '../../packages/server/src/features/profile/activity';
import { finishRun, type AuditDeps } from '../../packages/server/src/features/audits/lifecycle';
import { auditPageUrl, auditPastedContent, auditSite } from '../../packages/server/src/features/audits/run-audit';
import { createRun } from '../../packages/server/src/features/audits/runs';
import type { StoredAudit } from '../../packages/server/src/features/audits/stored-audit';
import { hashPassword } from '../../packages/server/src/auth/password-hash';
import { completeOnboarding } from '../../packages/server/src/features/profile/profile';
import { alertsAfterSave } from '../../packages/server/src/features/track/track-plugin';

export interface SeedOptions {
  users: number;
  auditsPerUser: number;
  activitiesPerUser: number;
  /** The locally served site every user owns: audit submissions of it are not counted against the plan. */
  siteUrl: string;
  /** Users seeded at once (PGlite has one connection, so more only queue there). */
  concurrency: number;
  log?: (line: string) => void;
}

export interface SeededUser {
  email: string;
  cookie: string;
  /** The newest audit, which the overview opens on load. */
  newestAuditId: string;
}

export const LOADTEST_PASSWORD = 'Lantern-Orchard-42-Quill';
const DAY_MS = 86_400_000;

/** Runs `work` over 0..n-1 with at most `concurrency` in flight. */
async function pool(n: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, n) }, async () => {
    while (next < n) await work(next++);
  });
  await Promise.all(lanes);
}

/**
 * The engine's results, computed once and reused: each seeded audit is stored by the same
 * functions the routes use (createRun, finishRun), but running the engine 50,000 times would only
 * measure the engine. Pages and a crawl of the local site, and pasted content.
 */
async function engineResults(siteUrl: string): Promise<{ url: string | null; scope: 'page' | 'site'; stored: StoredAudit }[]> {
  const allowHosts = ['127.0.0.1'];
  const pages = await Promise.all(
    ['/', '/about', '/faq', '/guide'].map(async (pathname) => ({
      url: new URL(pathname, siteUrl).toString(),
      scope: 'page' as const,
      stored: await auditPageUrl(new URL(pathname, siteUrl).toString(), {
        allowHosts,
      }),
    })),
  );
  const site = await auditSite(siteUrl, {
    allowHosts,
    maxPages: 4,
    onProgress: async () => undefined,
  });
  const content = await auditPastedContent(`# Brewing green tea\n\n${'Lantern Tea explains how to brew sencha at 70 °C for one minute. '.repeat(30)}`);
  return [...pages, { url: siteUrl, scope: 'site', stored: site }, { url: null, scope: 'page', stored: content }];
}

/**
 * The data set, created through the services: users and credential accounts through
 * better-auth's internal adapter (what its sign-up route calls, with one Argon2 hash computed
 * once), onboarding, audits stored by createRun + finishRun, activities through logActivity, and
 * a session per user from the real sign-in route.
 */
export async function seedThroughServices(app: FastifyInstance, baseUrl: string, options: SeedOptions): Promise<SeededUser[]> {
  const log = options.log ?? (() => undefined);
  const { db } = app;
  const auth = await app.auth.$context;
  const results = await engineResults(options.siteUrl);
  const passwordHash = await hashPassword(LOADTEST_PASSWORD);
  const deps: AuditDeps = { db, allowHosts: ['127.0.0.1'], log: app.log };
  // Alerts are evaluated after each user's newest audit only: evaluating after each of 50,000 saves
  // would aggregate the industry's audits 50,000 times, and the alerts shown are the newest's.
  const stamp = Date.now().toString(36);
  const seeded: { email: string; newestAuditId: string }[] = new Array(options.users);
  const otherTypes = ACTIVITY_TYPES.filter((type) => type !== 'audit_run');
  let done = 0;

  await pool(options.users, options.concurrency, async (i) => {
    const email = `load-${stamp}-${i}@example.com`;
    const user = await auth.internalAdapter.createUser({ email, name: `Load User ${i}`, emailVerified: true }, { method: 'email-password' });
    await auth.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: passwordHash,
    });
    await completeOnboarding(db, user.id, {
      websites: [{ name: 'Lantern Tea', url: options.siteUrl }],
      industry: INDUSTRIES[i % INDUSTRIES.length],
      competitors: [{ name: 'Rival', url: `https://rival-${i}.example.com` }],
      goals: ['increase_citations'],
    });
    // One transaction per user: the services' statements as they are, without a commit (and its
    // fsync) after each of the user's 250 writes. finishRun's own transaction becomes a savepoint.
    const newestAuditId = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const txDeps: AuditDeps = { ...deps, db: txDb };
      let newest = '';
      for (let a = 0; a < options.auditsPerUser; a += 1) {
        const pick = results[(i + a) % results.length];
        const run = await createRun(txDb, user.id, {
          scope: pick.scope,
          websiteUrl: pick.url,
          maxPages: pick.scope === 'site' ? 4 : 1,
          status: 'running',
          counted: false,
        });
        if (!run) throw new Error(`seed: user ${i} already has an audit in flight`);
        await finishRun(a === options.auditsPerUser - 1 ? { ...txDeps, afterSave: alertsAfterSave(txDb) } : txDeps, user.id, run, pick.stored);
        newest = run.id;
      }
      // finishRun logged audit_run activities (throttled ones were not): top up to the target with
      // the other kinds, spread over the 90 days before today so none is throttled.
      const [{ logged }] = await txDb.select({ logged: count() }).from(userActivity).where(eq(userActivity.userId, user.id));
      const now = Date.now();
      for (let k = logged; k < options.activitiesPerUser; k += 1) {
        const type: ActivityType = otherTypes[k % otherTypes.length];
        // Oldest first: the throttle looks back from each entry's time, so walking back would hit it.
        const at = new Date(now - 91 * DAY_MS + Math.floor((k / options.activitiesPerUser) * 90 * DAY_MS));
        const saved = await logActivity(
          txDb,
          user.id,
          {
            type,
            toolId: `tool-${k % 7}`,
            websiteUrl: options.siteUrl,
            data: { seeded: true, step: k },
          },
          at,
        );
        if (!saved) throw new Error(`seed: activity ${k} of user ${i} was throttled`);
      }
      return newest;
    });
    seeded[i] = { email, newestAuditId };
    done += 1;
    if (done % 50 === 0 || done === options.users) log(`seeded ${done}/${options.users} users`);
  });

  // Real sessions from the sign-in route (one Argon2 verification each), as a browser holds them.
  const users: SeededUser[] = new Array(options.users);
  await pool(options.users, 4, async (i) => {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: seeded[i].email,
        password: LOADTEST_PASSWORD,
      }),
    });
    if (response.status !== 200) throw new Error(`seed: sign-in failed with ${response.status}: ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
    users[i] = { ...seeded[i], cookie };
  });
  log(`signed in ${options.users} users`);
  return users;
}
