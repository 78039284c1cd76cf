import { resolveAuditTarget } from '../audit-target';
import { EXIT_BELOW_MIN_SCORE, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { formatAuditReport } from '../output/audit-report';
import { colourEnabled, createColours } from '../output/colour';
import { minScoreOption, parseCommandArgs, singlePositional } from '../parse-command-args';

export const auditCommand: Command = {
  name: 'audit',
  summary: 'audit one page (a URL) or a file (HTML, Markdown or text)',
  usage: `citable audit <url|file> [--json] [--min-score N]

  A URL is fetched with its site context (robots.txt, llms.txt, sitemap, AI crawler access) and
  audited; a file is audited as pasted content (site checks do not apply). A URL that answers
  4xx or 5xx, or a page that only says it was not found (a soft 404), is an error page: it is not
  audited, one line on stderr says why, and the exit code is 3.

  --json           print only the audit result as JSON
  --min-score N    exit 1 when the overall score is under N (for CI)

  Exit codes: 0 audited, 1 score under --min-score, 2 could not audit, 3 an error page.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('audit', args, {
      json: { type: 'boolean' },
      'min-score': { type: 'string' },
    });
    const input = singlePositional('audit', 'URL or file', positionals);
    const minScore = minScoreOption(values['min-score']);

    const target = resolveAuditTarget(input);
    // The engine is loaded by the commands that audit in this thread, not by every command.
    const { auditPage } = await import('../audit-page');
    const result = await auditPage(target);

    if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else io.stdout.write(formatAuditReport(result, target.kind === 'url' ? (result.page.url ?? target.url) : target.path, createColours(colourEnabled(io.stdout, io.env))));
    return minScore !== undefined && result.overallScore < minScore ? EXIT_BELOW_MIN_SCORE : EXIT_OK;
  },
};
