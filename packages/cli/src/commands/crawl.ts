import { ERROR_PAGE_MESSAGES } from '@citable/contract';
import { ErrorPageError, EXIT_BELOW_MIN_SCORE, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { crawlAndAudit } from '../crawl/crawl-and-audit';
import { colourEnabled, createColours } from '../output/colour';
import { formatCrawlReport } from '../output/crawl-report';
import { ProgressBar } from '../output/progress-bar';
import { integerOption, minScoreOption, parseCommandArgs, singlePositional } from '../parse-command-args';

const DEFAULT_MAX_PAGES = 100;
const DEFAULT_CONCURRENCY = 4;

export const crawlCommand: Command = {
  name: 'crawl',
  summary: 'crawl a site and audit every page',
  usage: `citable crawl <url> [--max-pages N] [--concurrency N] [--json] [--min-score N]

  Crawls the site breadth first from <url> (same origin, robots.txt obeyed, sitemap included),
  audits every page and prints the site's scores and a table of pages, worst first. Pages that
  answer 4xx or 5xx, or only say they were not found (soft 404s), are error pages: listed as
  crawl errors, never scored, outside the site's score and its "N of M pages" counts. When every
  page read is an error page, one line on stderr says so and the exit code is 3.

  --max-pages N     pages to audit at most, error pages not counted (default ${DEFAULT_MAX_PAGES})
  --concurrency N   requests in flight at once (default ${DEFAULT_CONCURRENCY})
  --json            print only the crawl result as JSON
  --min-score N     exit 1 when the site's overall score is under N (for CI)`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('crawl', args, {
      json: { type: 'boolean' },
      'max-pages': { type: 'string' },
      concurrency: { type: 'string' },
      'min-score': { type: 'string' },
    });
    const url = singlePositional('crawl', 'URL', positionals);
    const maxPages = integerOption('max-pages', values['max-pages'], 1, 100_000) ?? DEFAULT_MAX_PAGES;
    const concurrency = integerOption('concurrency', values.concurrency, 1, 64) ?? DEFAULT_CONCURRENCY;
    const minScore = minScoreOption(values['min-score']);

    const bar = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
    let result;
    try {
      result = await crawlAndAudit(url, {
        maxPages,
        concurrency,
        now: Date.now(),
        // The total is what the crawl knows of so far, capped by --max-pages.
        onProgress: (p) =>
          bar?.update(p.audited, Math.min(p.maxPages, p.done + p.queued + p.inFlight), `pages audited · ${p.inFlight} in progress · ${p.errorPages} error pages · ${p.failed} failed · ${p.skipped} skipped`),
      });
    } finally {
      bar?.clear();
    }
    const errorPages = result.site.errorPages ?? [];
    if (result.site.pageCount === 0 && errorPages.length > 0) {
      throw new ErrorPageError(errorPages.length === 1 ? ERROR_PAGE_MESSAGES.notAudited(errorPages[0].url, errorPages[0].reason) : ERROR_PAGE_MESSAGES.everyPage(result.startUrl, errorPages.length));
    }

    if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else io.stdout.write(formatCrawlReport(result, createColours(colourEnabled(io.stdout, io.env))));
    return minScore !== undefined && result.site.overallScore < minScore ? EXIT_BELOW_MIN_SCORE : EXIT_OK;
  },
};
