// `npm run loadtest`: seeds a fresh server, then 200 connections for 60 s over the dashboard's reads,
// compared with a bare route. LOADTEST_USERS, LOADTEST_AUDITS (per user), LOADTEST_CONNECTIONS,
// LOADTEST_DURATION (seconds) scale it; DATABASE_URL runs it on PostgreSQL.
import { runLoadtest, type LoadResult } from './loadtest/run';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const options = {
  users: number('LOADTEST_USERS', 20),
  auditsPerUser: number('LOADTEST_AUDITS', 5),
  connections: number('LOADTEST_CONNECTIONS', 200),
  durationSeconds: number('LOADTEST_DURATION', 60),
  log: (line: string) => console.log(line),
};

const row = (result: LoadResult) =>
  `${result.label.padEnd(24)} ${result.throughput.toFixed(0).padStart(8)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   errors ${result.errors}   4xx/5xx ${result.non2xx}`;

const { dashboard, baseline, seedSeconds } = await runLoadtest(options);
console.log(`\nseed: ${seedSeconds.toFixed(1)} s`);
console.log(row(baseline));
console.log(row(dashboard));
process.exit(dashboard.errors + dashboard.non2xx > 0 ? 1 : 0);
