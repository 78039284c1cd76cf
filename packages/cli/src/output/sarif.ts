import { SUBSCORE_LABELS, type IssuePriority } from '@citable/contract';
import type { Report } from '../report/report';

/** SARIF levels by the check's priority on the page. */
const LEVEL: Record<IssuePriority, 'error' | 'warning' | 'note'> = { High: 'error', Medium: 'warning', Low: 'note' };

/**
 * The report as a SARIF 2.1.0 log (GitHub code scanning, other SARIF viewers): one run whose
 * tool.driver.rules are the checks that ran, and one result per failing check per page, at the
 * page's URL (a file's path, "stdin") with the level of its priority on that page. With a
 * baseline, each result says whether it is new. Gates and scores are not SARIF results: the
 * run's properties carry the pages' scores.
 */
export function formatSarif(report: Report): string {
  const rules = report.catalog.checks;
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = report.pages.flatMap((page) =>
    page.checks
      .filter((check) => check.state === 'fail')
      .map((check) => {
        const failedBefore = report.comparison?.failedBefore.get(page.label);
        return {
          ruleId: check.id,
          ruleIndex: ruleIndex.get(check.id) ?? -1,
          level: LEVEL[check.priority],
          message: { text: `${check.title} on ${page.label}: ${check.explanation || rules[ruleIndex.get(check.id)!]?.suggestion || ''} (${check.pointsLost.toFixed(1)} points lost)` },
          locations: [{ physicalLocation: { artifactLocation: { uri: sarifUri(page.uri) }, region: { startLine: 1 } } }],
          partialFingerprints: { 'citablePageCheck/v1': `${page.uri}#${check.id}` },
          ...(report.comparison ? { baselineState: failedBefore?.has(check.id) ? 'unchanged' : 'new' } : {}),
          properties: { score: check.score, pointsLost: check.pointsLost, priority: check.priority },
        };
      }),
  );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Citable',
            semanticVersion: report.version,
            rules: rules.map((rule) => ({
              id: rule.id,
              name: pascalCase(rule.id),
              shortDescription: { text: rule.title },
              fullDescription: { text: rule.description },
              help: {
                text: `${rule.description} Fix: ${rule.suggestion} Learn more: ${rule.learnMore}`,
                markdown: `${rule.description}\n\n**Fix:** ${rule.suggestion}\n\n[Learn more](${rule.learnMore})`,
              },
              helpUri: rule.learnMore,
              defaultConfiguration: { level: LEVEL[rule.priority] },
              properties: { tags: ['ai-visibility', rule.category, SUBSCORE_LABELS[rule.subscore]] },
            })),
          },
        },
        results,
        properties: {
          pages: report.pages.map((page) => ({ uri: page.uri, overallScore: page.overallScore, subscores: page.subscores, ...(page.httpStatus !== undefined ? { httpStatus: page.httpStatus } : {}) })),
          ...(report.site ? { site: { overallScore: report.site.overallScore, subscores: report.site.subscores, pageCount: report.site.pageCount } } : {}),
        },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A URL as it is; a file path as a relative URI reference (forward slashes, percent-encoded). */
function sarifUri(uri: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) return uri;
  return encodeURI(uri.replace(/\\/g, '/'));
}

function pascalCase(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
}
