/**
 * `npm run bench`: how fast the engine audits real pages and how fast a full crawl-and-audit
 * runs, against the targets in the comments below. Not a test: it prints figures and exits 0.
 * Each phase runs in its own process so that its peak RSS is its own; the generated site is
 * served by yet another process, so serving pages costs the crawler's event loop nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchEditor, type ScoreDistribution, type Spread } from '@citable/engine';
import type { CrawlBenchResult, EngineBenchResult } from './bench/bench-result';
import { benchCliAgainstPeer } from './bench/cli-vs-aiseo-audit';
import { runPhase, serveGeneratedSite } from './bench/run-phase';
import { printModelToolQuality, printToolQuality } from './bench/tool-quality';

// Targets: engine median <= 25 ms, p95 <= 100 ms, <= 3x a bare parse; crawl >= 200 pages/s
// with peak RSS < 300 MB at concurrency 16.
const SITE_PAGES = 1000;

const cpu = cpus();
// The load average says how much of the machine other processes had while this ran.
console.log(
  `machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
);

// The built-in tools' answers against labelled sites: right, or saying they cannot tell (issue #32).
printToolQuality();
await printModelToolQuality();
console.log('');

const engine = await runPhase<EngineBenchResult>('./engine-corpus.ts');
const engineRatio = engine.medianMs / engine.parseMedianMs;
console.log(
  `engine corpus: ${engine.pages} pages, best of ${engine.rounds} rounds per page; ` +
    `engine median ${engine.medianMs} ms, p95 ${engine.p95Ms} ms; bare parse median ${engine.parseMedianMs} ms, p95 ${engine.parseP95Ms} ms; ` +
    `median per-page ratio ${engine.medianPageRatio}x; ${engine.pagesPerSecond.toFixed(0)} pages/s on one thread; ` +
    `slowest page ${engine.maxMs} ms (${engine.slowestPage}; target <= 50 ms)`,
);
console.log(
  `engine on the dates corpus: ${engine.dates.pages} pages; engine median ${engine.dates.medianMs} ms, bare parse median ${engine.dates.parseMedianMs} ms; ` +
    `median per-page ratio ${engine.dates.medianPageRatio}x; slowest page ${engine.dates.maxMs} ms (${engine.dates.slowestPage}; target <= 50 ms)`,
);

// The CLI as a pipeline runs it, one process per page, beside the peer aiseo-audit.
const cli = await benchCliAgainstPeer(30);
const cliRatio = cli.citableMedianMs / cli.peerMedianMs;
console.log(
  `cli: citable --version median ${cli.versionMedianMs} ms (target < 300 ms); page audit, whole process, median ${cli.citableMedianMs} ms ` +
    `(${cli.citableTotalS.toFixed(1)} s for ${cli.pages} pages) against aiseo-audit ${cli.peerMedianMs} ms (${cli.peerTotalS.toFixed(1)} s) on the same pages: ` +
    `${cliRatio.toFixed(2)}x (target <= 0.5x)${cli.failures.length ? `; failures: ${cli.failures.join(', ')}` : ''}`,
);

// The page model against peers on the same corpus pages: metadata (title, author, date on the
// model's own fields) beside metascraper, and main content beside Mozilla Readability. Each
// prints its own table; they run as child processes so their peers' DOMs stay out of the
// engine phase's memory figures.
for (const script of ['metadata-agreement.ts', 'main-content-vs-readability.ts']) {
  console.log('');
  const peer = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`../packages/engine/scripts/${script}`, import.meta.url))], { stdio: 'inherit' });
  if (peer.status !== 0) console.log(`${script} exited with ${peer.status ?? peer.signal}`);
}
console.log('');

// How the scores spread over the corpus: a score that bunches pages together cannot rank them.
const distribution = await runPhase<ScoreDistribution>('./score-distribution.ts');
const spreadLine = (name: string, s: Spread) => `${name} median ${s.median}, IQR ${s.q1}-${s.q3} (${s.iqr}), SD ${s.sd}, range ${s.min}-${s.max}`;
console.log(`score distribution over ${distribution.pages} corpus pages: ${spreadLine('overall', distribution.overall)}`);
for (const [id, s] of Object.entries(distribution.subscores)) console.log(`  ${spreadLine(id, s)}`);
console.log(
  `  checks failing on 90 %+ of the pages they apply to: ${distribution.nearlyAlwaysFailing.map((check) => `${check.id} ${check.failing}/${check.applicable}`).join(', ') || 'none'}`,
);

// The content editor analyses in the browser after each pause in typing: target under 50 ms.
const editor = benchEditor();
console.log(`editor: 2,000-word analysis median ${editor.medianMs} ms, p95 ${editor.p95Ms} ms over ${editor.rounds} runs (target < 50 ms)`);

const site = await serveGeneratedSite(SITE_PAGES);
let crawl: CrawlBenchResult;
try {
  const env = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
  const fetchOnly = await runPhase<CrawlBenchResult>('./crawl-generated-site.ts', [site.origin, String(SITE_PAGES), 'fetch-only'], env);
  console.log(`crawl without audits: ${fetchOnly.pages} pages in ${fetchOnly.seconds.toFixed(2)} s, ${fetchOnly.pagesPerSecond.toFixed(0)} pages/s, peak RSS ${fetchOnly.peakRssMb} MB`);
  crawl = await runPhase<CrawlBenchResult>('./crawl-generated-site.ts', [site.origin, String(SITE_PAGES), 'audit'], env);
  console.log(`crawl with audits: ${crawl.pages} pages audited (${crawl.failed} failed) in ${crawl.seconds.toFixed(2)} s`);
} finally {
  site.child.kill();
}

console.log(`engine: median ${engine.medianMs} ms, p95 ${engine.p95Ms} ms, ${engineRatio.toFixed(2)} x bare parse, peak RSS ${engine.peakRssMb} MB`);
console.log(`crawl: ${crawl.pagesPerSecond.toFixed(0)} pages/s, peak RSS ${crawl.peakRssMb} MB`);
