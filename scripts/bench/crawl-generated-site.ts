/**
 * Benchmark phase: crawls the generated site (served by another process) at concurrency 16,
 * with every page audited on the CLI's worker pool (`audit`) or fetched only (`fetch-only`,
 * the crawler's own figure, to show what the audits cost). Run by scripts/bench.ts in its own
 * process, so the peak RSS is the crawl's alone; sends a CrawlBenchResult over IPC.
 * Usage: crawl-generated-site.ts <origin> <pages> <audit|fetch-only>
 */
import { crawlSite } from '@citable/crawler';
import { crawlAndAudit } from '../../packages/cli/src/crawl/crawl-and-audit';
import { peakRssMb, type CrawlBenchResult } from './bench-result';

const CONCURRENCY = 16;
const [origin, pagesArg, mode] = process.argv.slice(2);
const maxPages = Number(pagesArg);
const audit = mode === 'audit';

// The clock includes starting the audit workers: a real crawl pays for that too.
const started = performance.now();
let pages = 0;
let failed = 0;
if (audit) {
  const result = await crawlAndAudit(`${origin}/`, { maxPages, concurrency: CONCURRENCY, now: Date.now() });
  pages = result.site.pageCount;
  failed = result.failed.length;
} else {
  for await (const event of crawlSite(`${origin}/`, { maxPages, concurrency: CONCURRENCY })) {
    if (event.type === 'page') pages += 1;
    if (event.type === 'error') failed += 1;
  }
}
const seconds = (performance.now() - started) / 1000;
const result: CrawlBenchResult = { audit, pages, failed, seconds, pagesPerSecond: pages / seconds, peakRssMb: peakRssMb() };
process.send?.(result);
