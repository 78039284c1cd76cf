// `npm run loadtest`: the issue's data set (1,000 users, 50 audits and 200 activities each: 50,000
// audits and 200,000 activities) seeded through the services on a fresh database, then a bare
// route and 60 s of dashboard page loads over 200 connections with a share of audit submissions.
// DATABASE_URL runs it on PostgreSQL (in a database of its own, dropped afterwards), else PGlite.
// LOADTEST_USERS, LOADTEST_AUDITS and LOADTEST_ACTIVITIES (per user), LOADTEST_CONNECTIONS,
// LOADTEST_DURATION and LOADTEST_BARE_DURATION (seconds), LOADTEST_SUBMIT_EVERY (one submission,
// POST /api/audits, per this many page loads of a connection; 0 for none) scale it.
// LOADTEST_CPU_PROFILE=<file.cpuprofile> writes a CPU profile of the server during the dashboard
// phase, LOADTEST_PACED_CPU_PROFILE during the paced one. LOADTEST_PACED_DURATION (20 s; 0 for
// none) adds a phase of the same page loads paced at half the throughput the dashboard reached,
// while LOADTEST_PACED_AUDITS (2; 0 for none) page audits a second are submitted, each of another
// page of the generated site (scripts/bench/generated-site.ts, served by a process of its own, as
// are the dashboard phase's submissions); the dashboard phase's audits finish first (up to
// LOADTEST_DRAIN seconds, 120). READ_CACHE_SECONDS=0 measures the server without its read caches;
// AUDIT_THREADS and AUDIT_JOB_CONCURRENCY size the audits' engine threads and jobs (config.ts).
import { runLoadtest, type LoadResult } from './loadtest/run';

const number = (name: string, fallback: number, min = 1) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
};

const durationSeconds = number('LOADTEST_DURATION', 60);
const options = {
  users: number('LOADTEST_USERS', 1000),
  auditsPerUser: number('LOADTEST_AUDITS', 50),
  activitiesPerUser: number('LOADTEST_ACTIVITIES', 200),
  connections: number('LOADTEST_CONNECTIONS', 200),
  durationSeconds,
  bareDurationSeconds: number('LOADTEST_BARE_DURATION', Math.min(durationSeconds, 20)),
  submitEvery: number('LOADTEST_SUBMIT_EVERY', 20, 0),
  pacedSeconds: number('LOADTEST_PACED_DURATION', 20, 0),
  pacedAuditsPerSecond: number('LOADTEST_PACED_AUDITS', 2, 0),
  drainSeconds: number('LOADTEST_DRAIN', 120, 0),
  cpuProfile: process.env.LOADTEST_CPU_PROFILE || undefined,
  pacedCpuProfile: process.env.LOADTEST_PACED_CPU_PROFILE || undefined,
  log: (line: string) => console.log(line),
};

const row = (result: LoadResult) =>
  `${result.label.padEnd(24)} ${String(result.requests).padStart(8)} req ${result.throughput.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(0)} ms   p95 ${result.p95.toFixed(0)} ms   p99 ${result.p99.toFixed(0)} ms   errors ${result.errors}   4xx/5xx ${result.non2xx}${result.non2xx ? ` ${JSON.stringify(result.statuses)}` : ''}`;

const started = Date.now();
const report = await runLoadtest(options);
const { baseline, dashboard, reads, submissions, paced, pacedAudits, dashboardAudits, loadAverage, seedSeconds, readCache, audits } = report;
console.log(
  `\nseed: ${seedSeconds.toFixed(1)} s (${options.users} users, ${options.users * options.auditsPerUser} audits, ${options.users * options.activitiesPerUser} activities)`,
);
console.log(row(baseline));
console.log(row(dashboard));
console.log(row(reads));
console.log(row(submissions));
if (paced) console.log(row(paced));
if (pacedAudits) console.log(row(pacedAudits.submissions));
console.log(`audit runs submitted in the dashboard phase, by status at its end: ${JSON.stringify(audits)}`);
console.log(
  `audits in the dashboard phase: ${dashboardAudits.submitted} submitted, ${dashboardAudits.completedDuring} completed during it (${dashboardAudits.completedPerSecond.toFixed(2)}/s while the dashboard was read); ${dashboardAudits.leftInFlight === 0 ? `the rest finished ${dashboardAudits.drainSeconds.toFixed(1)} s after it` : `${dashboardAudits.leftInFlight} still in flight ${dashboardAudits.drainSeconds.toFixed(0)} s after it`}`,
);
if (pacedAudits) {
  const p = pacedAudits;
  console.log(
    `audits in the paced phase: submitted ${p.submittedPerSecond.toFixed(2)}/s (${p.submitted}), completed ${p.completedPerSecond.toFixed(2)}/s (${p.completed}; ${p.completedDuring} before the phase ended), failed ${p.failed}${p.leftInFlight ? `, ${p.leftInFlight} still in flight` : ''}; submission to completion p50 ${p.latencyP50.toFixed(0)} ms, p95 ${p.latencyP95.toFixed(0)} ms${p.failed ? `; failures: ${JSON.stringify(p.errors)}` : ''}`,
  );
}
const share = (lookups: { hits: number; misses: number }) => `${((lookups.hits / Math.max(1, lookups.hits + lookups.misses)) * 100).toFixed(1)}% of ${lookups.hits + lookups.misses}`;
console.log(
  readCache
    ? `read caches in the dashboard phase: answers from the cache ${share(readCache.responses)} lookups, sessions ${share(readCache.sessions)}`
    : 'read caches: off (READ_CACHE_SECONDS=0)',
);
const ratio = baseline.throughput > 0 ? (dashboard.throughput / baseline.throughput) * 100 : 0;
console.log(
  `dashboard throughput: ${ratio.toFixed(1)}% of the bare route (target ≥ 20%); reads p95 ${reads.p95.toFixed(0)} ms (target < 100 ms); whole run ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
console.log(`target: dashboard throughput ≥ 20% of the bare route: ${verdict(ratio >= 20)} (${ratio.toFixed(1)}%)`);
console.log(`target: dashboard reads p95 < 100 ms under full load: ${verdict(reads.p95 < 100)} (${reads.p95.toFixed(0)} ms)`);
if (paced) console.log(`target: reads at half capacity p95 < 100 ms${pacedAudits ? ` with ${pacedAudits.offeredRate} audits/s submitted` : ''}: ${verdict(paced.p95 < 100 && paced.errors + paced.non2xx === 0)} (p95 ${paced.p95.toFixed(0)} ms at ${paced.offeredRate} req/s)`);
if (pacedAudits) {
  // Keeping up: every submission was accepted and completed, and completions came at (nearly) the
  // rate of submissions (completed/s counts to the last completion, so a backlog lowers it).
  const p = pacedAudits;
  const keptUp = p.failed === 0 && p.leftInFlight === 0 && p.submissions.non2xx === 0 && p.submitted > 0 && p.completedPerSecond >= 0.9 * p.submittedPerSecond;
  console.log(
    `target: audits completed at the rate submitted (${p.offeredRate}/s): ${verdict(keptUp)} (submitted ${p.submittedPerSecond.toFixed(2)}/s, completed ${p.completedPerSecond.toFixed(2)}/s, p95 submission to completion ${p.latencyP95.toFixed(0)} ms)`,
  );
}
console.log(`load average (1, 5, 15 min) at the end: ${loadAverage.map((value) => value.toFixed(2)).join(', ')}`);
const pacedFailures = paced ? paced.errors + paced.non2xx : 0;
process.exit(baseline.errors + baseline.non2xx + dashboard.errors + dashboard.non2xx + pacedFailures > 0 ? 1 : 0);
