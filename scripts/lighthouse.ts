/**
 * `node --import tsx scripts/lighthouse.ts [--runs=3] [--pages=/,/pricing] [--no-desktop] [--assert]`
 *
 * Lighthouse's performance audit of the public pages as users get them: the built web app
 * (packages/web/dist, `npm run build` first) served by the real server on 127.0.0.1, with an
 * embedded database in a temporary folder, and Debian's Chromium. Each page is measured in
 * Lighthouse's default mobile mode (simulated slow 4G, 4x CPU slowdown) `--runs` times, the median
 * run by score reported, then once in desktop mode. Scores depend on the machine: the load average
 * is printed before and after; measure on a quiet machine. `--assert` exits with 1 when a page's
 * mobile score is under 90; `--details` adds where the main thread's time went on mobile.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';

const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TARGET_SCORE = 90;

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Math.max(1, Number(option('runs') ?? 3));
const pages = (option('pages') ?? '/,/pricing,/documentation').split(',');
const desktop = !args.includes('--no-desktop');
const assert = args.includes('--assert');
const details = args.includes('--details');

const repoRoot = path.resolve(import.meta.dirname, '..');
const distDir = path.join(repoRoot, 'packages/web/dist');
if (!existsSync(path.join(distDir, 'pages', 'index.html'))) {
  console.error('packages/web/dist has no pre-rendered pages: run `npm run build` first.');
  process.exit(2);
}

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  transfer: number;
  jsTransfer: number;
  requests: number;
}

function measureOf(lhr: Result): Measure {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
  const ofType = (type: string) => summary.find((item) => item.resourceType === type);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndex: numeric('speed-index'),
    transfer: ofType('total')?.transferSize ?? numeric('total-byte-weight'),
    jsTransfer: ofType('script')?.transferSize ?? Number.NaN,
    requests: ofType('total')?.requestCount ?? Number.NaN,
  };
}

/** The main thread's time by kind of work, and by script, as Lighthouse attributes it. */
function printDetails(lhr: Result): void {
  type Items = { items?: Record<string, unknown>[] } | undefined;
  const work = ((lhr.audits['mainthread-work-breakdown']?.details as Items)?.items ?? []).map((item) => `${item.groupLabel} ${Math.round(item.duration as number)} ms`);
  const scripts = ((lhr.audits['bootup-time']?.details as Items)?.items ?? []).map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.total as number)} ms (script ${Math.round(item.scripting as number)} ms)`);
  console.log(`  main thread: ${work.join(', ')}`);
  console.log(`  by script: ${scripts.join(', ')}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function line(page: string, mode: string, measure: Measure, scores: number[]): string {
  const all = scores.length > 1 ? ` (runs: ${scores.join(', ')})` : '';
  return [
    `${page.padEnd(15)} ${mode.padEnd(7)} score ${String(measure.score).padStart(3)}${all}`,
    `FCP ${seconds(measure.fcp)}`,
    `LCP ${seconds(measure.lcp)}`,
    `TBT ${Math.round(measure.tbt)} ms`,
    `CLS ${measure.cls.toFixed(3)}`,
    `SI ${seconds(measure.speedIndex)}`,
    `transfer ${kib(measure.transfer)} in ${measure.requests} requests`,
    `JS ${kib(measure.jsTransfer)}`,
  ].join(' | ');
}

/**
 * One Lighthouse run. A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP): such a run
 * is repeated, up to three attempts.
 */
async function audit(url: string, flags: Flags, config?: typeof desktopConfig): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`${url}: ${error.code}, measuring again`);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-lighthouse-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  WEB_DIST_DIR: distDir,
  PUBLIC_URL: 'http://127.0.0.1',
  JOB_SCHEDULES: 'off',
});
const app = await buildApp(config, { logger: false });
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  console.log(`Lighthouse performance on ${baseUrl}: mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs} run(s)${desktop ? ', then desktop once' : ''}; load average ${load()}`);

  for (const page of pages) {
    const results: Measure[] = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await audit(`${baseUrl}${page}`, flags);
      results.push(measureOf(lhr));
      if (details && run === 0) printDetails(lhr);
    }
    const sorted = [...results].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(line(page, 'mobile', median, results.map((result) => result.score)));
    if (median.score < TARGET_SCORE) failed = true;
    if (desktop) console.log(line(page, 'desktop', measureOf(await audit(`${baseUrl}${page}`, flags, desktopConfig)), []));
  }
  console.log(`load average after: ${load()}`);
  if (failed) console.log(`A page scored under ${TARGET_SCORE} on mobile${assert ? '' : ' (on a busy machine, measure again when it is quiet)'}.`);
} finally {
  await chrome?.kill();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed && assert) process.exitCode = 1;
