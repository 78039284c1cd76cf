import { SUBSCORE_LABELS } from '@citable/contract';
import type { GateResult } from '../gates/evaluate';
import type { PageView } from '../report/page-view';
import type { Report } from '../report/report';
import { escapeXml } from './escape';

interface Case {
  classname: string;
  name: string;
  outcome?: { element: 'failure' | 'error' | 'skipped'; message: string; type?: string; body?: string };
}

interface Suite {
  name: string;
  cases: Case[];
  properties?: Record<string, string | number>;
}

/**
 * The report as JUnit XML (GitLab's test reports, Jenkins, most CI): a testsuite per page with a
 * testcase per check (a failure for a failing check, an error for one that could not run,
 * skipped for one that does not apply) and one per gate; a crawl's site gates in a "site" suite;
 * an error page or a page that could not be audited as a suite with one erroring testcase; with
 * --fail-on-regression, a "baseline" suite whose testcase fails on a regression.
 */
export function formatJunit(report: Report): string {
  const gatesBy = new Map<string, GateResult[]>();
  for (const gate of report.gates) gatesBy.set(gate.scope, [...(gatesBy.get(gate.scope) ?? []), gate]);
  const suites: Suite[] = [];
  if (report.site) {
    suites.push({
      name: `${report.subject} (site)`,
      properties: { overallScore: report.site.overallScore, ...report.site.subscores, pageCount: report.site.pageCount },
      cases: (gatesBy.get('site') ?? []).map(gateCase),
    });
  }
  for (const page of report.pages) suites.push(pageSuite(page, report, gatesBy.get(page.label) ?? []));
  for (const page of report.errorPages) {
    suites.push({ name: page.url, cases: [{ classname: 'citable.page', name: 'page is audited', outcome: { element: 'error', message: `${page.url} ${page.reason}; error pages are not audited`, type: 'error-page' } }] });
  }
  for (const failure of report.failed) {
    suites.push({ name: failure.url, cases: [{ classname: 'citable.page', name: 'page is audited', outcome: { element: 'error', message: failure.message, type: 'not-audited' } }] });
  }
  if (report.comparison && report.failOnRegression) {
    const { regressed, file } = report.comparison;
    suites.push({
      name: `baseline ${file}`,
      cases: [{ classname: 'citable.baseline', name: `no regression since ${file}`, outcome: regressed.length > 0 ? { element: 'failure', message: `${regressed.length} ${regressed.length === 1 ? 'regression' : 'regressions'} since ${file}`, type: 'regression', body: regressed.join('\n') } : undefined }],
    });
  }
  const total = (element?: 'failure' | 'error' | 'skipped') => suites.reduce((n, suite) => n + suite.cases.filter((c) => (element ? c.outcome?.element === element : true)).length, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`citable ${report.command} of ${report.subject}`)}" tests="${total()}" failures="${total('failure')}" errors="${total('error')}" skipped="${total('skipped')}">`,
    ...suites.map(suiteXml),
    '</testsuites>',
    '',
  ].join('\n');
}

function pageSuite(page: PageView, report: Report, gates: GateResult[]): Suite {
  const cases = page.checks.map((check): Case => {
    const info = report.catalog.byId.get(check.id);
    const classname = `citable.checks.${info ? SUBSCORE_LABELS[info.subscore].toLowerCase().replace(/\s+/g, '-') : 'other'}`;
    const name = `${check.id}: ${info?.title ?? check.title}`;
    switch (check.state) {
      case 'pass':
        return { classname, name };
      case 'not-applicable':
        return { classname, name, outcome: { element: 'skipped', message: 'does not apply to this page' } };
      case 'error':
        return { classname, name, outcome: { element: 'error', message: `the check could not run: ${check.explanation}`, type: 'check-error' } };
      case 'fail':
        return {
          classname,
          name,
          outcome: { element: 'failure', message: check.title, type: check.priority, body: `${check.explanation}\nPriority: ${check.priority}. Points lost: ${check.pointsLost.toFixed(1)}.${info ? `\nFix: ${info.suggestion}\nLearn more: ${info.learnMore}` : ''}` },
        };
    }
  });
  return {
    name: page.label,
    properties: { url: page.url ?? '', title: page.title ?? '', ...(page.httpStatus !== undefined ? { httpStatus: page.httpStatus } : {}), overallScore: page.overallScore, ...page.subscores },
    cases: [...cases, ...gates.map(gateCase)],
  };
}

function gateCase(gate: GateResult): Case {
  return { classname: 'citable.gates', name: gate.gate.source, outcome: gate.passed ? undefined : { element: 'failure', message: gate.message, type: 'gate' } };
}

function suiteXml(suite: Suite): string {
  const count = (element: string) => suite.cases.filter((c) => c.outcome?.element === element).length;
  const properties = suite.properties
    ? [`    <properties>`, ...Object.entries(suite.properties).map(([name, value]) => `      <property name="${escapeXml(name)}" value="${escapeXml(String(value))}"/>`), `    </properties>`]
    : [];
  return [
    `  <testsuite name="${escapeXml(suite.name)}" tests="${suite.cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}">`,
    ...properties,
    ...suite.cases.map(caseXml),
    '  </testsuite>',
  ].join('\n');
}

function caseXml(c: Case): string {
  const open = `    <testcase classname="${escapeXml(c.classname)}" name="${escapeXml(c.name)}"`;
  if (!c.outcome) return `${open}/>`;
  const { element, message, type, body } = c.outcome;
  const attributes = `message="${escapeXml(message)}"${type ? ` type="${escapeXml(type)}"` : ''}`;
  const inner = body ? `<${element} ${attributes}>${escapeXml(body)}</${element}>` : `<${element} ${attributes}/>`;
  return `${open}>\n      ${inner}\n    </testcase>`;
}
