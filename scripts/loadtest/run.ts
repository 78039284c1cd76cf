import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { and, count, gte, inArray, like } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client';
import { auditRuns } from '../../packages/server/src/db/schema';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { startTestSite } from '../../packages/server/test/fixtures/audit-site';
import type { KindTally, LoadOutcome, LoadPlan, LoadRequest } from './client';
import { seedThroughServices, type SeededUser } from './seed';

/**
 * What the dashboard's overview requests when it loads (recorded from the built app in Chromium):
 * the session, the profile, the white-label theme, the alerts bell, the newest 10 audits, the
 * insights card, and the newest audit's report. `:newest` is each user's newest audit.
 */
export const DASHBOARD_READS = ['/api/auth/get-session', '/api/profile', '/api/white-label', '/api/alerts', '/api/audits?limit=10', '/api/insights', '/api/audits/:newest', '/api/monitoring/sites'];
/** Pages of the generated site (scripts/bench/generated-site.ts) that submissions audit: ~20 KB each, all different. */
const GENERATED_PAGES = 1000;
const generatedPage = (n: number) => (n % GENERATED_PAGES === 0 ? '/' : `/page/${n % GENERATED_PAGES}`);

export interface LoadtestOptions {
  users: number;
  auditsPerUser: number;
  activitiesPerUser: number;
  connections: number;
  durationSeconds: number;
  /** The bare route's measurement, before the dashboard's (default: min(duration, 20 s)). */
  bareDurationSeconds?: number;
  /** One audit submission after every this many dashboard loads of a user; 0 for none. */
  submitEvery: number;
  /**
   * Seconds of a third phase: the same page loads paced at half the throughput the dashboard phase
   * reached, for the latency of a server that is busy but not saturated (default 0: none).
   */
  pacedSeconds?: number;
  /** Page audits submitted per second during the paced phase, each a different page of the generated site by a different user (default 0: none). */
  pacedAuditsPerSecond?: number;
  /** How long to wait after the dashboard phase for its audits to finish before the paced phase (default 120 s). */
  drainSeconds?: number;
  /** Seconds after which a request counts as an error (default 10). */
  timeoutSeconds?: number;
  /** Where to write a CPU profile of the server during the dashboard phase (.cpuprofile). */
  cpuProfile?: string;
  /** The same during the paced phase. */
  pacedCpuProfile?: string;
  log?: (line: string) => void;
}

export interface LoadResult {
  label: string;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses with a status of 400 or more, by status. */
  non2xx: number;
  statuses: Record<number, number>;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadtestReport {
  baseline: LoadResult;
  /** Every request of the dashboard phase. */
  dashboard: LoadResult;
  /** The dashboard phase's reads only: what the latency target is about. */
  reads: LoadResult;
  submissions: LoadResult;
  /** The paced phase's reads, with the rate offered. */
  paced?: LoadResult & { offeredRate: number };
  /** The paced phase's audit submissions (POST /api/audits at a steady rate) and what became of them. */
  pacedAudits?: PacedAudits;
  /** The dashboard phase's audits: how many completed during it, and how long the rest took to finish. */
  dashboardAudits: { submitted: number; completedDuring: number; completedPerSecond: number; drainSeconds: number; leftInFlight: number };
  /** The machine's 1, 5 and 15 minute load averages at the end of the measurements. */
  loadAverage: number[];
  seedSeconds: number;
  /** The audit runs submitted in the dashboard phase, by their status when it ended. */
  audits: Record<string, number>;
  /** Lookups of the server's read caches during the dashboard phase (absent with READ_CACHE_SECONDS=0). */
  readCache?: Record<'sessions' | 'responses', { hits: number; misses: number }>;
}

export interface PacedAudits {
  /** The submissions' own response times and statuses (202, or 409 while the user's audit is in flight). */
  submissions: LoadResult;
  offeredRate: number;
  /** Runs created (202) during the phase. */
  submitted: number;
  /** Of those, completed while the phase lasted. */
  completedDuring: number;
  /** Completed in the end (after waiting up to the drain time), failed, still in flight. */
  completed: number;
  failed: number;
  leftInFlight: number;
  submittedPerSecond: number;
  /** Completed audits over the time from the phase's start to the last completion: the submission rate when the server keeps up, less when a backlog builds. */
  completedPerSecond: number;
  /** From submission (the run created) to completion (the audit saved), of the runs that completed, in ms. */
  latencyP50: number;
  latencyP95: number;
  /** The failures' messages, by count. */
  errors: Record<string, number>;
}

async function auditsSince(db: Db, since: Date): Promise<Record<string, number>> {
  const rows = await db.select({ status: auditRuns.status, runs: count() }).from(auditRuns).where(gte(auditRuns.createdAt, since)).groupBy(auditRuns.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.runs]));
}

/** Hits and misses of the app's read caches so far. */
function cacheLookups(caches: { sessions: { hits: number; misses: number } | null; responses: { hits: number; misses: number } | null }) {
  if (!caches.sessions || !caches.responses) return undefined;
  return {
    sessions: { hits: caches.sessions.hits, misses: caches.sessions.misses },
    responses: { hits: caches.responses.hits, misses: caches.responses.misses },
  };
}

/** The runs created since `since` whose URL starts with `prefix`. */
async function runsSince(db: Db, since: Date, prefix: string) {
  return db
    .select({ status: auditRuns.status, createdAt: auditRuns.createdAt, finishedAt: auditRuns.finishedAt, error: auditRuns.error })
    .from(auditRuns)
    .where(and(gte(auditRuns.createdAt, since), like(auditRuns.websiteUrl, `${prefix}%`)));
}

/** Waits (up to `seconds`) until no run created since `since` is queued or running; returns the seconds waited and how many are left. */
async function drain(db: Db, since: Date, seconds: number): Promise<{ seconds: number; left: number }> {
  const started = performance.now();
  for (;;) {
    const [{ left }] = await db
      .select({ left: count() })
      .from(auditRuns)
      .where(and(gte(auditRuns.createdAt, since), inArray(auditRuns.status, ['queued', 'running'])));
    const waited = (performance.now() - started) / 1000;
    if (left === 0 || waited >= seconds) return { seconds: waited, left };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** `refusals`: statuses that are a correct answer to this traffic (409: the user's audit is still queued), not failures. */
function summarize(label: string, tallies: KindTally[], seconds: number, errors: number, refusals: number[] = []): LoadResult {
  const sorted = tallies.flatMap((tally) => tally.times).sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  for (const tally of tallies) for (const [status, n] of Object.entries(tally.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
  const non2xx = Object.entries(statuses).reduce((sum, [status, n]) => sum + (Number(status) >= 400 && !refusals.includes(Number(status)) ? n : 0), 0);
  return {
    label,
    requests: sorted.length,
    errors,
    non2xx,
    statuses,
    throughput: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * Each connection plays a few users, one page load after another, so a user is never in two
 * connections at once. With fewer users than connections, users are shared for reads and only
 * their first connection submits. Submissions go where the dashboard's Run button sends them,
 * POST /api/audits (202; the audit runs as a job, here in the same process), and take turns among
 * the connection's users: a user's next submission comes a whole list later, by when their last
 * audit has usually run (one still queued is refused with 409, as the dashboard would show).
 */
function requestsFor(client: number, users: SeededUser[], options: LoadtestOptions, baseUrl: string, siteUrl: string): LoadRequest[] {
  const mine = users.length >= options.connections ? users.filter((_, u) => u % options.connections === client) : [users[client % users.length]];
  const submits = options.submitEvery > 0 && client < users.length;
  const visits = Math.max(mine.length, 1) * Math.max(options.submitEvery, 1);
  const requests: LoadRequest[] = [];
  let submissions = 0;
  for (let visit = 0; visit < visits; visit += 1) {
    const user = mine[visit % mine.length];
    for (const read of DASHBOARD_READS)
      requests.push({
        method: 'GET',
        path: read.replace(':newest', user.newestAuditId),
        headers: { cookie: user.cookie },
        kind: 'read',
      });
    // Each connection submits at its own offset in the cycle, so submissions are spread over the
    // whole run rather than all waiting for the end of a long cycle.
    if (submits && (visit + client) % options.submitEvery === options.submitEvery - 1) {
      const submitter = mine[submissions % mine.length];
      const url = new URL(generatedPage(client * 7 + submissions), siteUrl).toString();
      submissions += 1;
      requests.push({
        method: 'POST',
        path: '/api/audits',
        headers: {
          cookie: submitter.cookie,
          origin: baseUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ url, scope: 'page' }),
        kind: 'submit',
      });
    }
  }
  return requests;
}

/**
 * The paced phase's submissions: one list, sent in order at the plan's rate, each a different page
 * of the generated site by the next user (a user's earlier audit has long finished by their turn).
 */
function pacedSubmissions(users: SeededUser[], count: number, baseUrl: string, siteUrl: string): LoadRequest[] {
  return Array.from({ length: count }, (_, k) => ({
    method: 'POST' as const,
    path: '/api/audits',
    headers: { cookie: users[k % users.length]!.cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ url: new URL(generatedPage(500 + k), siteUrl).toString(), scope: 'page' }),
    kind: 'submit' as const,
  }));
}

/** One dashboard page load per user (the reads of DASHBOARD_READS, in order), 16 users at a time; returns the seconds taken. */
async function warmReadCaches(users: SeededUser[], baseUrl: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < users.length; index = next++) {
      const user = users[index]!;
      for (const read of DASHBOARD_READS) {
        const response = await fetch(new URL(read.replace(':newest', user.newestAuditId), baseUrl), { headers: { cookie: user.cookie } });
        await response.arrayBuffer();
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return (performance.now() - started) / 1000;
}

/** The generated benchmark site in a process of its own (scripts/bench/serve-generated-site.ts), so serving pages costs the server nothing. */
async function startGeneratedSite(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../bench/serve-generated-site.ts'), String(GENERATED_PAGES)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.once('exit', (code) => reject(new Error(`the generated site exited with code ${code} before serving`)));
  });
  return { origin, child };
}

/** Runs the plan in the load generator's own process (scripts/loadtest/client.ts). */
async function hammer(plan: LoadPlan, workDir: string): Promise<LoadOutcome> {
  const planFile = path.join(workDir, `plan-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'client.ts'), planFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`the load generator failed (exit ${code}): ${err.slice(-2000)}`);
  return JSON.parse(line) as LoadOutcome;
}

/** A V8 CPU profile of the server (this process) while `work` runs, written to `file`. */
async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * Starts a server on a fresh database (PGlite in a temp folder, or a database of its own on the
 * DATABASE_URL server), seeds it through the services, then measures a bare route (/api/health)
 * and the dashboard's page loads with a share of audit submissions, on the same server.
 */
export async function runLoadtest(options: LoadtestOptions): Promise<LoadtestReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-loadtest-'));
  // PUBLIC_URL must name the port (better-auth checks Origin against it), so it is chosen first.
  const port = await freePort();
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const site = await startTestSite();
  // What submissions audit: the generated site, ~20 KB pages as real ones are, served by another process.
  const generated = await startGeneratedSite();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database?.url ?? '',
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Audit submissions read the site served on 127.0.0.1.
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    // Scheduled monitoring would add audits and load of its own mid-measurement.
    JOB_SCHEDULES: 'off',
    // The load is one client machine: the per-user/IP limiter would measure itself.
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
  });
  // Logs at production's level, to nowhere: the server pays for writing them, as in production.
  const app = await buildApp(config, {
    logger: { level: 'info', file: '/dev/null' },
    rateLimits: {
      signUpPerIp: { limit: 1_000_000, windowMs: 60_000 },
      signInPerIp: { limit: 1_000_000, windowMs: 60_000 },
    },
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const seedStarted = Date.now();
    log(`seeding ${options.users} users × ${options.auditsPerUser} audits, ${options.activitiesPerUser} activities each, on ${database ? 'PostgreSQL' : 'PGlite'}`);
    const users = await seedThroughServices(app, baseUrl, {
      users: options.users,
      auditsPerUser: options.auditsPerUser,
      activitiesPerUser: options.activitiesPerUser,
      siteUrl: site.url,
      concurrency: database ? 8 : 1,
      log,
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const bareSeconds = options.bareDurationSeconds ?? Math.min(options.durationSeconds, 20);
    log(`seeded in ${seedSeconds.toFixed(1)} s; bare route for ${bareSeconds} s, then the dashboard for ${options.durationSeconds} s, ${options.connections} connections`);
    const timeoutSeconds = options.timeoutSeconds ?? 10;
    const bare = await hammer(
      {
        baseUrl,
        seconds: bareSeconds,
        connections: options.connections,
        timeoutSeconds,
        lists: [[{ method: 'GET', path: '/api/health', headers: {}, kind: 'read' }]],
      },
      dataDir,
    );
    const lists = Array.from({ length: options.connections }, (_, client) => requestsFor(client, users, options, baseUrl, generated.origin));
    const lookupsBefore = cacheLookups(app.readCache);
    const phaseStarted = new Date();
    const load = await profiled(options.cpuProfile, () =>
      hammer(
        {
          baseUrl,
          seconds: options.durationSeconds,
          connections: options.connections,
          timeoutSeconds,
          lists,
        },
        dataDir,
      ),
    );
    const phaseEnded = new Date();
    const lookupsAfter = cacheLookups(app.readCache);
    const audits = await auditsSince(app.db, phaseStarted);
    const dashboardRuns = await runsSince(app.db, phaseStarted, generated.origin);
    const completedDuring = dashboardRuns.filter((run) => run.status === 'completed' && run.finishedAt && run.finishedAt <= phaseEnded).length;
    // The paced phase measures audits on their own: what the dashboard phase queued finishes first.
    const drained = await drain(app.db, phaseStarted, options.drainSeconds ?? 120);
    log(`dashboard phase: ${dashboardRuns.length} audits submitted, ${completedDuring} completed during it; ${drained.left === 0 ? `the rest finished ${drained.seconds.toFixed(1)} s after it` : `${drained.left} still in flight after ${drained.seconds.toFixed(0)} s`}`);
    const dashboardAudits = {
      submitted: dashboardRuns.length,
      completedDuring,
      completedPerSecond: completedDuring / options.durationSeconds,
      drainSeconds: drained.seconds,
      leftInFlight: drained.left,
    };
    const readCache =
      lookupsBefore && lookupsAfter
        ? {
            sessions: { hits: lookupsAfter.sessions.hits - lookupsBefore.sessions.hits, misses: lookupsAfter.sessions.misses - lookupsBefore.sessions.misses },
            responses: { hits: lookupsAfter.responses.hits - lookupsBefore.responses.hits, misses: lookupsAfter.responses.misses - lookupsBefore.responses.misses },
          }
        : undefined;
    const { read, submit } = load.kinds;
    const reads = summarize('dashboard reads', [read], options.durationSeconds, 0);
    let paced: LoadtestReport['paced'];
    let pacedAudits: PacedAudits | undefined;
    if (options.pacedSeconds) {
      // The audits that just finished dropped their users' cached answers, and entries older than
      // READ_CACHE_SECONDS have expired: each user loads the dashboard once first (unmeasured), as
      // a returning user has, so the phase measures a busy server rather than the caches refilling.
      const warmed = await warmReadCaches(users, baseUrl);
      log(`read caches warmed: one dashboard load per user in ${warmed.toFixed(1)} s`);
      const offeredRate = Math.max(1, Math.floor(reads.throughput / 2));
      const auditRate = options.pacedAuditsPerSecond ?? 0;
      log(`paced: the same page loads at ${offeredRate} req/s for ${options.pacedSeconds} s${auditRate ? `, with ${auditRate} page audits submitted per second` : ''}`);
      const readLists = Array.from({ length: options.connections }, (_, client) => requestsFor(client, users, { ...options, submitEvery: 0 }, baseUrl, generated.origin));
      const pacedStarted = new Date();
      const submitting = auditRate
        ? hammer(
            {
              baseUrl,
              seconds: options.pacedSeconds,
              connections: 8,
              timeoutSeconds,
              lists: [pacedSubmissions(users, Math.ceil(auditRate * options.pacedSeconds), baseUrl, generated.origin)],
              rate: auditRate,
            },
            dataDir,
          )
        : undefined;
      const [slow, submitted] = await profiled(options.pacedCpuProfile, () =>
        Promise.all([hammer({ baseUrl, seconds: options.pacedSeconds!, connections: options.connections, timeoutSeconds, lists: readLists, rate: offeredRate }, dataDir), submitting]),
      );
      const pacedEnded = new Date();
      paced = { ...summarize(`reads at ${offeredRate} req/s`, [slow.kinds.read], options.pacedSeconds, slow.errors), offeredRate };
      if (submitted) {
        const within = (await runsSince(app.db, pacedStarted, generated.origin)).filter((run) => run.createdAt <= pacedEnded);
        const completedDuring = within.filter((run) => run.status === 'completed' && run.finishedAt && run.finishedAt <= pacedEnded).length;
        const waited = await drain(app.db, pacedStarted, options.drainSeconds ?? 120);
        const runs = (await runsSince(app.db, pacedStarted, generated.origin)).filter((run) => run.createdAt <= pacedEnded);
        const done = runs.filter((run) => run.status === 'completed' && run.finishedAt);
        const latencies = done.map((run) => run.finishedAt!.getTime() - run.createdAt.getTime()).sort((a, b) => a - b);
        const errors: Record<string, number> = {};
        for (const run of runs.filter((entry) => entry.status === 'failed')) errors[run.error ?? '?'] = (errors[run.error ?? '?'] ?? 0) + 1;
        pacedAudits = {
          submissions: summarize(`audit submissions at ${auditRate}/s`, [submitted.kinds.submit], options.pacedSeconds, submitted.errors, [409]),
          offeredRate: auditRate,
          submitted: runs.length,
          completedDuring,
          completed: done.length,
          failed: runs.filter((run) => run.status === 'failed').length,
          leftInFlight: waited.left,
          submittedPerSecond: runs.length / options.pacedSeconds,
          completedPerSecond: done.length / Math.max(options.pacedSeconds, (Math.max(...done.map((run) => run.finishedAt!.getTime())) - pacedStarted.getTime()) / 1000),
          latencyP50: percentile(latencies, 50),
          latencyP95: percentile(latencies, 95),
          errors,
        };
      }
    }
    const loadAverage = loadavg();
    return {
      baseline: summarize('bare route /api/health', [bare.kinds.read], bareSeconds, bare.errors),
      dashboard: summarize('dashboard (all)', [read, submit], options.durationSeconds, load.errors, [409]),
      reads,
      submissions: summarize('audit submissions', [submit], options.durationSeconds, 0, [409]),
      audits,
      paced,
      pacedAudits,
      dashboardAudits,
      loadAverage,
      seedSeconds,
      readCache,
    };
  } finally {
    // Requests the load generator left in flight finish before the database closes under them
    // (their sockets close at once; a grace period covers the handlers still running).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (let waited = 0; waited < 10_000 && (await connectionsOf(app.server)) > 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    await site.close();
    generated.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** On PostgreSQL the load test gets a database of its own, dropped afterwards: never the one named. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `citable_loadtest_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

function connectionsOf(server: import('node:net').Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
