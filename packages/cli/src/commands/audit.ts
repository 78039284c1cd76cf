import { ERROR_PAGE_MESSAGES } from '@citable/contract';
import { CliError, EXIT_ERROR_PAGE, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { evaluateCheckGate, evaluateScoreGate } from '../gates/evaluate';
import { formatAuditReport } from '../output/audit-report';
import { integerOption, parseCommandArgs } from '../parse-command-args';
import { remoteSettings, DEFAULT_SERVER, type RemoteSettings } from '../remote/remote-settings';
import { pageViewOf, type PageView } from '../report/page-view';
import type { Report } from '../report/report';
import type { PagesAudit } from '../audit-pages';
import type { AuditTarget } from '../audit-target';
import type { Io } from '../io';
import { collectTargets } from '../targets/collect-targets';
import { finishRun } from './finish-run';
import { RUN_OPTIONS, RUN_OPTIONS_USAGE, runGates, runOptions } from './run-options';
import cliPackage from '../../package.json' with { type: 'json' };

const DEFAULT_MAX_URLS = 50;

export const auditCommand: Command = {
  name: 'audit',
  summary: 'audit one page or many: URLs, files (HTML, Markdown, text), a sitemap, standard input',
  usage: `citable audit [<url|file|->...] [--urls FILE] [--sitemap URL [--max-urls N]] [options]

  A URL is fetched with its site context (robots.txt, llms.txt, sitemap, AI crawler access) and
  audited; a file, or "-" (the page on standard input), is audited as pasted content (site checks
  do not apply). A URL that answers 4xx or 5xx, or a page that only says it was not found (a soft
  404), is an error page: it is not audited, one line on stderr says why, and the exit code is 3.

  Many pages: several pages, --urls FILE (one URL or file a line, # comments) or --sitemap URL
  (a sitemap or sitemap index, read through the crawler's safe fetcher; the first --max-urls N
  pages, default ${DEFAULT_MAX_URLS}), or "urls" or "sitemap" in citable.config.json when the
  command line names no page. Each page is audited as it would be alone, the gates apply to each
  page, JSON is an array of results, and a page that cannot be audited is reported on stderr
  while the others carry on.

${RUN_OPTIONS_USAGE}

  Remote mode: with an API key in CITABLE_API_KEY, each URL is audited by a Citable server through
  its public API (POST /api/v1/audits, then polled), so the audit lands in the dashboard's
  history; the reports, gates and baseline work on its result as on a local one. Files, standard
  input and --skip are local only.
  --server URL          the Citable server (else CITABLE_SERVER, else ${DEFAULT_SERVER})

  Exit codes: 0 audited, 1 a gate failed, 2 could not audit, 3 an error page; with many pages,
  the highest that applies.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('audit', args, {
      ...RUN_OPTIONS,
      urls: { type: 'string' },
      sitemap: { type: 'string' },
      'max-urls': { type: 'string' },
      server: { type: 'string' },
    });
    const options = runOptions(values);
    const remote = remoteSettings(io.env, values.server);
    if (remote && options.skip.length > 0) throw new CliError('--skip does not apply in remote mode: the server scores every check (unset CITABLE_API_KEY to audit locally)');
    const maxUrls = integerOption('max-urls', values['max-urls'], 1, 10_000) ?? options.loaded.config.maxUrls ?? DEFAULT_MAX_URLS;
    // The engine is loaded by the commands that audit in this thread, not by every command.
    const [{ checkCatalog }, { readBaseline }, { comparePages }, { auditPage }, { auditPages, labelOf }] = await Promise.all([
      import('../gates/check-catalog'),
      import('../baseline/read-baseline'),
      import('../baseline/compare'),
      import('../audit-page'),
      import('../audit-pages'),
    ]);
    // Everything a typo can break is checked before the first page is fetched.
    const catalog = checkCatalog(options.skip);
    const gates = runGates(options, catalog, io);
    const baseline = options.baseline !== undefined ? readBaseline(options.baseline, 'audit') : undefined;
    const { targets, many } = await collectTargets({ positionals, urlsFile: values.urls, sitemap: values.sitemap, maxUrls }, options.loaded, io);

    let run: PagesAudit;
    if (remote) {
      const onServer = await auditOnServer(targets, many, remote, io);
      if ('interrupted' in onServer) {
        io.stderr.write(`citable: ${onServer.interrupted}\n`);
        return EXIT_INTERRUPTED;
      }
      run = onServer;
    } else {
      run = many
        ? await auditPages(targets, catalog.config)
        : // One page named on the command line fails as before: an error page exits 3, a failure 2.
          { audited: [await auditPage(targets[0], { config: catalog.config }).then((result) => ({ target: targets[0], label: labelOf(targets[0], result), result }))], errorPages: [], failed: [] };
    }
    for (const page of run.errorPages) io.stderr.write(`citable: ${ERROR_PAGE_MESSAGES.notAudited(page.url, page.reason)}\n`);
    for (const failure of run.failed) io.stderr.write(`citable: ${failure.url}: ${failure.message}\n`);

    const pages = run.audited.map(({ result, label }) => pageViewOf(result, label));
    const subjectOf = (page: PageView) => (many ? `${page.label}: ` : '');
    const report: Report = {
      command: 'audit',
      subject: many ? `${targets.length} pages` : (pages[0]?.label ?? ''),
      pages,
      errorPages: run.errorPages,
      failed: run.failed,
      gates: pages.flatMap((page) => gates.map((gate) => (gate.kind === 'score' ? evaluateScoreGate(gate, page, page.label, subjectOf(page)) : evaluateCheckGate(gate, page, subjectOf(page))))),
      comparison: baseline?.kind === 'audit' ? comparePages(baseline.file, pages, baseline.results.map((result) => pageViewOf(result)), subjectOf) : undefined,
      failOnRegression: options.failOnRegression,
      catalog,
      version: cliPackage.version,
    };
    const code = run.errorPages.length > 0 ? EXIT_ERROR_PAGE : run.failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
    return finishRun(
      report,
      {
        text: (c) => run.audited.map(({ result, label }) => formatAuditReport(result, label, c)).join('\n'),
        json: () => (many ? run.audited.map(({ result }) => result) : run.audited[0].result),
      },
      options,
      io,
      code,
    );
  },
};

/** Remote mode: the pages audited by the server, Ctrl-C turned into a clean stop with a line that says where the audit went. */
async function auditOnServer(targets: AuditTarget[], many: boolean, remote: RemoteSettings, io: Io): Promise<PagesAudit | { interrupted: string }> {
  const [{ CitableApi }, { auditPagesRemotely }, { RemoteAuditInterrupted }] = await Promise.all([import('../remote/api-client'), import('../remote/remote-audit-pages'), import('../remote/remote-audit')]);
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  try {
    return await auditPagesRemotely(targets, many, new CitableApi(remote), io, controller.signal);
  } catch (error) {
    if (error instanceof RemoteAuditInterrupted) return { interrupted: error.message };
    throw error;
  } finally {
    process.off('SIGINT', abort);
  }
}
