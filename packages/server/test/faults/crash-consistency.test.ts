import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/features/profile/profile';
import { startTestSite, type TestSite } from '../fixtures/audit-site';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestStorage } from '../helpers';
import { createStorageOn, killAll, spawnServer, until, type ServerProcess } from './processes';
import { countingSite, type CountingSite } from './slow-site';

/**
 * The API killed with SIGKILL in the middle of a stream of writes (issue #10): sign-ups, profile
 * saves, audit submissions and report requests from several users at once. Restarted on the same
 * storage it must start (PGlite: the dead process's data-folder lock is taken over, the data folder
 * opens), keep every write it acknowledged, leave no audit run or report spinning without a job to
 * finish it, and keep working its queue.
 */

const storages: TestStorage[] = [];
let site: TestSite | undefined;
let slowSite: CountingSite | undefined;
afterAll(async () => {
  await killAll();
  await site?.close();
  await slowSite?.close();
  for (const storage of storages) await storage.remove();
});

interface StreamUser {
  cookie: string;
  /** The last description the server acknowledged, and the ones sent after it whose answer never came. */
  description: { acked: string | null; unanswered: string[] };
  runs: string[];
  reports: string[];
  /** Synchronous audits (POST /api/functions/ai-visibility-audit) answered 200. */
  syncAudits: string[];
}

/** The last user audits synchronously, against a slow site: the kill most likely lands in the middle of one. */
const USERS = 4;
const REPORTS_PER_USER = 6;

/** A distinct client address per request, so the per-IP sign-up and sign-in limits never refuse the stream (TRUST_PROXY=true). */
let addressCounter = 0;
function fromNewAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}` };
}

/** Users with the agency plan (reports), onboarded on the local site, with one audit to report on; made in-process before the process under test starts. */
async function prepareUsers(storage: TestStorage, siteUrl: string): Promise<StreamUser[]> {
  const setup = await startTestServer({ storage, env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  try {
    const users: StreamUser[] = [];
    for (let i = 0; i < USERS; i++) {
      const cookie = await signUpVerified(setup.baseUrl, { name: `Crash ${i}`, email: uniqueEmail('crash'), password: STRONG_PASSWORD });
      const id = (await api(setup.baseUrl, '/api/profile', { cookie })).body.user_id as string;
      await setPlan(setup.db, id, 'agency');
      const onboarding = await api(setup.baseUrl, '/api/profile/onboarding', {
        cookie,
        body: { websites: [{ name: 'Lantern Tea', url: siteUrl }], industry: 'Food & Beverage', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['increase_citations'] },
      });
      expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
      const audited = await api(setup.baseUrl, '/api/functions/ai-visibility-audit', { cookie, body: { url: `${siteUrl}/faq` } });
      expect(audited.status, JSON.stringify(audited.body)).toBe(200);
      users.push({ cookie, description: { acked: null, unanswered: [] }, runs: [], reports: [], syncAudits: [] });
    }
    return users;
  } finally {
    await setup.close();
  }
}

/** Runs the write stream against `baseUrl` until `stop()`; every write counts only once the server answered 2xx. */
function writeStream(baseUrl: string, users: StreamUser[]) {
  let stopped = false;
  const signUps: { email: string }[] = [];
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // After the kill a request fails to connect: not acknowledged, and the loop ends once stopped.
  const loop = async (step: () => Promise<void>) => {
    while (!stopped) {
      try {
        await step();
      } catch {
        await pause(50);
      }
    }
  };
  let signUpSeq = 0;
  const loops = [
    loop(async () => {
      const email = uniqueEmail(`stream-${++signUpSeq}`);
      const response = await api(baseUrl, '/api/auth/sign-up/email', { body: { name: 'Stream User', email, password: STRONG_PASSWORD }, headers: fromNewAddress() });
      if (response.status === 200) signUps.push({ email });
    }),
    ...users.flatMap((user, index) => {
      let seq = 0;
      const save = loop(async () => {
        const value = `Crash test user ${index}, save ${++seq}`;
        user.description.unanswered.push(value);
        const response = await api(baseUrl, '/api/profile', { method: 'PATCH', cookie: user.cookie, body: { business_description: value } });
        if (response.status === 200) user.description = { acked: value, unanswered: [] };
      });
      if (index === users.length - 1) {
        return [
          save,
          loop(async () => {
            const response = await api(baseUrl, '/api/functions/ai-visibility-audit', { cookie: user.cookie, body: { url: `${slowSite!.url}/about` } });
            if (response.status === 200) user.syncAudits.push(response.body.id as string);
            else throw new Error(`ai-visibility-audit: ${response.status} ${JSON.stringify(response.body)}`);
          }),
        ];
      }
      return [
        save,
        loop(async () => {
          const response = await api(baseUrl, '/api/audits', { cookie: user.cookie, body: { url: `${site!.url}/about`, scope: 'page' } });
          if (response.status === 202) user.runs.push(response.body.id as string);
          // 409: the previous audit is still running (one at a time per user).
          else await pause(100);
        }),
        loop(async () => {
          if (user.reports.length >= REPORTS_PER_USER) {
            await pause(200);
            return;
          }
          const response = await api(baseUrl, '/api/functions/generate-report', { cookie: user.cookie, body: { reportType: 'executive-summary', reportName: `Crash report ${user.reports.length + 1}`, format: 'json' } });
          if (response.status === 202) user.reports.push(response.body.reportId as string);
          else throw new Error(`generate-report: ${response.status} ${JSON.stringify(response.body)}`);
        }),
      ];
    }),
  ];
  return {
    signUps,
    acknowledged: () => ({
      signUps: signUps.length,
      saves: users.filter((user) => user.description.acked !== null).length,
      runs: users.reduce((sum, user) => sum + user.runs.length, 0),
      reports: users.reduce((sum, user) => sum + user.reports.length, 0),
      syncAudits: users.reduce((sum, user) => sum + user.syncAudits.length, 0),
    }),
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function settled<T extends { status: string }>(what: string, read: () => Promise<{ status: number; body: T }>): Promise<T> {
  return until(what, async () => {
    const response = await read();
    expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.status === 'completed' || response.body.status === 'failed' ? response.body : undefined;
  }, 150_000, 500);
}

describe.each([
  { name: 'PGlite', kind: 'pglite' as const, enabled: true },
  { name: 'PostgreSQL', kind: 'postgres' as const, enabled: Boolean(process.env.DATABASE_URL) },
])('API killed with SIGKILL while writing, on $name', ({ kind, enabled }) => {
  it.runIf(enabled)('restarts consistent: acknowledged writes kept, nothing left spinning, the queue still works', { timeout: 420_000 }, async () => {
    site ??= await startTestSite({ delayMs: 200 });
    // A synchronous page audit reads its page about four `delayMs` in a row (the page, then the AI
    // crawler probes four at a time), so 1 s keeps one in flight most of the time (the kill waits
    // for one) while the first acknowledged one comes within seconds.
    slowSite ??= await countingSite(1_000);
    const storage = await createStorageOn(kind);
    storages.push(storage);
    const users = await prepareUsers(storage, site.url);
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', TRUST_PROXY: 'true' };

    const first: ServerProcess = await spawnServer({ storage, env });
    const stream = writeStream(first.baseUrl, users);
    await until('writes of every kind to be acknowledged', () => {
      const counts = stream.acknowledged();
      return counts.signUps >= 5 && counts.saves === USERS && counts.runs >= 4 && counts.reports >= 4 && counts.syncAudits >= 1 && slowSite!.inFlight() > 0 ? counts : undefined;
    }, 120_000, 50);
    first.signal('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await stream.stop();

    // PGlite: the dead process's lock is still there; the restart must take it over.
    const lockFile = path.join(storage.dataDir, 'citable.lock');
    if (kind === 'pglite') expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid));

    const second = await spawnServer({ storage, env, port: first.port });
    try {
      if (kind === 'pglite') expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(second.pid));
      const base = second.baseUrl;

      // Every acknowledged sign-up is there: its password is recognised (the address is unverified,
      // which better-auth answers with 403, where an unknown user gets 401).
      for (const { email } of stream.signUps) {
        const signIn = await api(base, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD }, headers: fromNewAddress() });
        expect(signIn.status, `${email}: ${JSON.stringify(signIn.body)}`).toBe(403);
      }

      for (const user of users) {
        // The acknowledged save, or a later one whose answer the kill cut off; never an older one.
        const profile = await api(base, '/api/profile', { cookie: user.cookie });
        expect(profile.status).toBe(200);
        expect([user.description.acked, ...user.description.unanswered]).toContain(profile.body.business_description);

        // Every acknowledged audit and report exists and ends, completed or failed with a reason.
        for (const runId of user.runs) {
          const run = await settled(`audit run ${runId}`, () => api(base, `/api/audits/${runId}`, { cookie: user.cookie }));
          if (run.status === 'failed') expect((run as { error?: string }).error).toBeTruthy();
        }
        for (const auditId of user.syncAudits) {
          const saved = await api(base, `/api/audits/${auditId}`, { cookie: user.cookie });
          expect(saved.status).toBe(200);
          expect(saved.body.status).toBe('completed');
        }
        for (const reportId of user.reports) {
          const report = await settled(`report ${reportId}`, () => api(base, `/api/reports/${reportId}`, { cookie: user.cookie }));
          expect(['completed', 'failed']).toContain(report.status);
        }
        // Nothing half-written keeps the user's audit slot: no run is left in flight.
        await until('no audit run left in flight', async () => {
          const list = await api(base, '/api/audits', { cookie: user.cookie });
          expect(list.status).toBe(200);
          return list.body.current === null ? true : undefined;
        }, 150_000, 500);
      }

      // The queue works: a new audit runs to completion.
      const fresh = await api(base, '/api/audits', { cookie: users[0].cookie, body: { url: `${site.url}/guide`, scope: 'page' } });
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(202);
      const run = await settled('a new audit', () => api(base, `/api/audits/${fresh.body.id}`, { cookie: users[0].cookie }));
      expect(run.status).toBe('completed');
    } finally {
      second.signal('SIGTERM');
      expect((await second.waitForExit(120_000)).code).toBe(0);
    }
    if (kind === 'pglite') expect(existsSync(lockFile)).toBe(false);
  });
});
