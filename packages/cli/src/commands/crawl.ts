import { ERROR_PAGE_MESSAGES } from '@citable/contract';
import { ErrorPageError, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { crawlAndAudit } from '../crawl/crawl-and-audit';
import { evaluateCheckGate, evaluateScoreGate } from '../gates/evaluate';
import { formatCrawlReport } from '../output/crawl-report';
import { ProgressBar } from '../output/progress-bar';
import { integerOption, parseCommandArgs, singlePositional } from '../parse-command-args';
import type { Report } from '../report/report';
import { finishRun } from './finish-run';
import { RUN_OPTIONS, RUN_OPTIONS_USAGE, runGates, runOptions } from './run-options';
import cliPackage from '../../package.json' with { type: 'json' };

const DEFAULT_MAX_PAGES = 100;
const DEFAULT_CONCURRENCY = 4;

export const crawlCommand: Command = {
  name: 'crawl',
  summary: 'crawl a site and audit every page',
  usage: `citable crawl <url> [--max-pages N] [--concurrency N] [options]

  Crawls the site breadth first from <url> (same origin, robots.txt obeyed, sitemap included),
  audits every page and prints the site's scores and a table of pages, worst first. Pages that
  answer 4xx or 5xx, or only say they were not found (soft 404s), are error pages: listed as
  crawl errors, never scored, outside the site's score and its "N of M pages" counts. When every
  page read is an error page, one line on stderr says so and the exit code is 3.

  --max-pages N         pages to audit at most, error pages not counted (default ${DEFAULT_MAX_PAGES})
  --concurrency N       requests in flight at once (default ${DEFAULT_CONCURRENCY})
${RUN_OPTIONS_USAGE}

  In a crawl, --fail-under and score assertions apply to the site's scores (the mean over its
  pages), check assertions to every page; SARIF has a result per page per failing check, JUnit a
  testsuite per page. The JSON is the crawl result; citable.config.json's urls and sitemap are
  for citable audit.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('crawl', args, {
      ...RUN_OPTIONS,
      'max-pages': { type: 'string' },
      concurrency: { type: 'string' },
    });
    const url = singlePositional('crawl', 'URL', positionals);
    const maxPages = integerOption('max-pages', values['max-pages'], 1, 100_000) ?? DEFAULT_MAX_PAGES;
    const concurrency = integerOption('concurrency', values.concurrency, 1, 64) ?? DEFAULT_CONCURRENCY;
    const options = runOptions(values);
    const [{ readBaseline }, { compareSites }] = await Promise.all([import('../baseline/read-baseline'), import('../baseline/compare')]);
    // The pages are audited on worker threads: this thread loads the engine only when it needs the
    // checks' ids and descriptions (skipped or asserted checks, reports other than text and JSON).
    const formats = [options.stdoutFormat, ...options.outs.map((out) => out.format)];
    const needsChecks = options.skip.length > 0 || options.assertions.length > 0 || formats.some((format) => format !== 'text' && format !== 'json');
    const catalog = needsChecks ? (await import('../gates/check-catalog')).checkCatalog(options.skip) : { checks: [], byId: new Map(), skipped: [] };
    const gates = runGates(options, catalog, io);
    const baseline = options.baseline !== undefined ? readBaseline(options.baseline, 'crawl') : undefined;
    // Every check's verdict per page is kept only when something reads it.
    const keepPages = gates.some((gate) => gate.kind === 'check') || formats.includes('sarif') || formats.includes('junit');

    const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
    let result;
    try {
      result = await crawlAndAudit(url, {
        maxPages,
        concurrency,
        now: Date.now(),
        skip: catalog.skipped,
        keepPages,
        // The total is what the crawl knows of so far, capped by --max-pages.
        onProgress: (p) =>
          bar?.update(p.audited, Math.min(p.maxPages, p.done + p.queued + p.inFlight), `pages audited · ${p.inFlight} in progress · ${p.errorPages} error pages · ${p.failed} failed · ${p.skipped} skipped`),
      });
    } finally {
      bar?.clear();
    }
    const { site, pages = [] } = result;
    const errorPages = site.errorPages ?? [];
    if (site.pageCount === 0 && errorPages.length > 0) {
      throw new ErrorPageError(errorPages.length === 1 ? ERROR_PAGE_MESSAGES.notAudited(errorPages[0].url, errorPages[0].reason) : ERROR_PAGE_MESSAGES.everyPage(result.startUrl, errorPages.length), errorPages[0]);
    }

    const report: Report = {
      command: 'crawl',
      subject: result.startUrl,
      pages,
      site,
      errorPages,
      failed: result.failed.map(({ url: failedUrl, message }) => ({ url: failedUrl, message })),
      gates: gates.flatMap((gate) => (gate.kind === 'score' ? [evaluateScoreGate(gate, site, 'site', 'site ')] : pages.map((page) => evaluateCheckGate(gate, page, `${page.label}: `)))),
      comparison: baseline?.kind === 'crawl' ? compareSites(baseline.file, site, baseline.site, catalog.skipped) : undefined,
      failOnRegression: options.failOnRegression,
      catalog,
      version: cliPackage.version,
    };
    const { startUrl, failed, skipped } = result;
    return finishRun(report, { text: (c) => formatCrawlReport(result, c), json: () => ({ startUrl, site, failed, skipped }) }, options, io, EXIT_OK);
  },
};
