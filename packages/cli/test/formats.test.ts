import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJunit, type TestSuite, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResultSchema, type AuditResult } from '@citable/contract';
import { ARS, articleHtml, tempFiles } from './fixtures';
import { startLocalSite, type LocalSite } from './local-site';
import { ALLOW_LOCAL, runCitable } from './run-citable';
import { sarifErrors } from './sarif-schema';

/** A page whose title is hostile markup: reports must show it as text, never as markup. */
const HOSTILE_TITLE_HTML = 'Tea &lt;script&gt;alert(1)&lt;/script&gt; | *bold* [x](javascript:alert(1)) &amp; &lt;img src=x onerror=alert(2)&gt;';
const LEVEL = { High: 'error', Medium: 'warning', Low: 'note' } as const;

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
  baselineState?: string;
}
interface SarifLog {
  version: string;
  runs: { tool: { driver: { name: string; rules: { id: string; name: string; shortDescription: { text: string }; help: { text: string }; helpUri: string }[] } }; results: SarifResult[] }[];
}

let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite();
});
afterAll(() => site.close());

describe('citable audit report formats', () => {
  it('writes every format in one run to --out files (folders created), by their extensions, the text report on stdout', async () => {
    const dir = tempFiles({ 'hostile.html': articleHtml(HOSTILE_TITLE_HTML) });
    const page = join(dir, 'hostile.html');
    const out = (name: string) => join(dir, 'reports', 'ci', name);
    const run = await runCitable(['audit', page, '--fail-under', '0', '--assert', 'check:document-title=pass', ...['r.json', 'r.md', 'r.html', 'r.sarif', 'junit.xml'].flatMap((name) => ['--out', out(name)])]);
    // The title is too long for document-title: its assertion fails, the reports are written all the same.
    expect(run.stderr).toBe('citable: check document-title fails --assert check:document-title=pass: Page title is too long (The title is 94 characters long; beyond 70 it is truncated when shown.)\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Citable audit of ${page}`);
    expect(run.stdout).toContain('Gates\n  ✓ overall score');

    const result = auditResultSchema.parse(JSON.parse(readFileSync(out('r.json'), 'utf8'))) as AuditResult;
    // The engine's article title (it drops what it takes for a site name); the markup is still there.
    expect(result.page.title).toBe('alert(1)</script> | *bold* [x](javascript:alert(1)) & <img src=x onerror=alert(2)>');
    const failing = result.checks.filter((check) => result.issues.some((issue) => issue.checkId === check.id));
    expect(failing.length).toBeGreaterThan(3);

    // Markdown: the scores, and the title as text.
    const markdown = readFileSync(out('r.md'), 'utf8');
    const { aiUnderstanding, citationLikelihood, conversationalReadiness, contentStructure } = result.subscores;
    expect(markdown).toContain(`| **${result.overallScore}** | ${aiUnderstanding} | ${citationLikelihood} | ${conversationalReadiness} | ${contentStructure} |`);
    expect(markdown).toContain('alert(1)&lt;/script&gt; \\| \\*bold\\* \\[x\\](javascript:alert(1)) &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(markdown).not.toMatch(/<\/?script|<img/);
    // No link: the brackets are escaped.
    expect(markdown).not.toMatch(/(?<!\\)\]\(javascript:/);
    expect(markdown).toContain('✅ overall score');

    // HTML: one self-contained page, the scores, the title escaped, nothing executable.
    const html = readFileSync(out('r.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<td class="n"><strong>${result.overallScore}</strong></td><td class="n">${aiUnderstanding}</td><td class="n">${citationLikelihood}</td>`);
    expect(html).toContain('alert(1)&lt;/script&gt; | *bold* [x](javascript:alert(1)) &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(/<\/?script|<img|href="javascript/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/(src|href)="(?!https?:)/);

    // SARIF 2.1.0, valid against its schema: a result per failing check, each at the page.
    const sarif = JSON.parse(readFileSync(out('r.sarif'), 'utf8')) as SarifLog;
    expect(sarifErrors(sarif)).toEqual([]);
    const [sarifRun] = sarif.runs;
    expect(sarifRun.tool.driver.name).toBe('Citable');
    expect(sarifRun.tool.driver.rules.map((rule) => rule.id)).toEqual(result.checks.map((check) => check.id));
    const titleRule = sarifRun.tool.driver.rules.find((rule) => rule.id === 'document-title')!;
    expect(titleRule).toMatchObject({ name: 'DocumentTitle', shortDescription: { text: 'Page has a descriptive title' }, helpUri: 'https://developer.chrome.com/docs/lighthouse/seo/document-title' });
    expect(titleRule.help.text).toContain('Fix: Give the page a unique <title>');
    expect(sarifRun.results.map((r) => r.ruleId).sort()).toEqual(failing.map((check) => check.id).sort());
    for (const sarifResult of sarifRun.results) {
      const check = failing.find((candidate) => candidate.id === sarifResult.ruleId)!;
      expect(sarifResult.level).toBe(LEVEL[check.priority]);
      expect(sarifRun.tool.driver.rules[sarifResult.ruleIndex].id).toBe(check.id);
      expect(sarifResult.locations[0].physicalLocation.artifactLocation.uri).toBe(page);
      expect(sarifResult.message.text).toContain(check.title);
      expect(sarifResult.baselineState).toBeUndefined();
    }

    // JUnit: a suite for the page, a case per check (failures, skipped) plus one per gate.
    const junit = (await parseJunit(readFileSync(out('junit.xml'), 'utf8'))) as TestSuites;
    expect(junit.testsuite).toHaveLength(1);
    const suite = junit.testsuite![0] as TestSuite;
    const notApplicable = result.checks.filter((check) => !check.applicable).length;
    expect(suite.name).toBe(page);
    expect(suite.tests).toBe(result.checks.length + 2);
    expect(suite.failures).toBe(failing.length + 1);
    expect(suite.skipped).toBe(notApplicable);
    expect(junit).toMatchObject({ tests: result.checks.length + 2, failures: failing.length + 1, errors: 0 });
    const cases = suite.testcase!;
    expect(cases.filter((c) => c.failure).map((c) => c.name!.split(':')[0]).sort()).toEqual([...failing.map((check) => check.id), '--assert check'].sort());
    const titleCase = cases.find((c) => c.name === 'document-title: Page has a descriptive title')!;
    expect(titleCase.classname).toBe('citable.checks.ai-understanding');
    expect(titleCase.failure![0].message).toBe(failing.find((check) => check.id === 'document-title')!.title);
    expect(cases.find((c) => c.name === '--fail-under 0')).toEqual({ classname: 'citable.gates', name: '--fail-under 0' });
    expect(cases.find((c) => c.name === '--assert check:document-title=pass')?.failure?.[0].message).toMatch(/^check document-title fails --assert check:document-title=pass: /);
    expect(suite.properties).toContainEqual({ name: 'title', value: result.page.title });
    expect(suite.properties).toContainEqual({ name: 'overallScore', value: result.overallScore });
  });

  it('prints one format on stdout with --format, and refuses unknown formats and extensions', async () => {
    const dir = tempFiles({});
    const runs = await Promise.all([
      runCitable(['audit', ARS, '--format', 'sarif']),
      runCitable(['audit', ARS, '--format', 'md']),
      runCitable(['audit', ARS, '--format', 'xml']),
      runCitable(['audit', ARS, '--format', 'pdf']),
      runCitable(['audit', ARS, '--out', join(dir, 'report.bin')]),
      runCitable(['audit', ARS, '--json', '--format', 'html']),
      runCitable(['audit', ARS, '--format', 'junit', '--out', join(dir, 'report.json')]),
    ]);
    expect(sarifErrors(JSON.parse(runs[0].stdout))).toEqual([]);
    expect(runs[1].stdout).toMatch(/^# Citable audit of /);
    expect(runs[2].stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(runs.slice(0, 3).map((run) => run.code)).toEqual([0, 0, 0]);
    expect(runs[3]).toMatchObject({ code: 2, stderr: 'citable: --format pdf: the formats are text, json, markdown, html, sarif, junit\n' });
    expect(runs[4]).toMatchObject({ code: 2, stderr: `citable: --out ${join(dir, 'report.bin')}: the extension names no format (.sarif.json, .sarif, .json, .md, .markdown, .html, .htm, .xml, .txt); add --format\n` });
    expect(existsSync(join(dir, 'report.bin'))).toBe(false);
    expect(runs[5]).toMatchObject({ code: 2, stderr: 'citable: --json is --format json: give one of --json and --format html\n' });
    // --format names the file's format whatever its extension.
    expect(runs[6].code).toBe(0);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toMatch(/^<\?xml /);
  });
});

describe('citable audit <url> --json', () => {
  it('is the API\'s audit result (the contract\'s schema), with the HTTP status the page answered', async () => {
    const run = await runCitable(['audit', `${site.origin}/guide`, '--json'], ALLOW_LOCAL);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(auditResultSchema.safeParse(json).success).toBe(true);
    expect(auditResultSchema.parse(json)).toEqual(json);
    expect(json.page).toMatchObject({ url: `${site.origin}/guide`, httpStatus: 200 });

    // A file has no HTTP status: the field is left out, as it is in results made before it existed.
    const file = JSON.parse((await runCitable(['audit', ARS, '--json'])).stdout);
    expect('httpStatus' in file.page).toBe(false);
  });

  it('puts the URL in SARIF locations and the status in JUnit properties', async () => {
    const [sarifRun, junitRun] = await Promise.all([
      runCitable(['audit', `${site.origin}/faq`, '--format', 'sarif'], ALLOW_LOCAL),
      runCitable(['audit', `${site.origin}/faq`, '--format', 'junit'], ALLOW_LOCAL),
    ]);
    const sarif = JSON.parse(sarifRun.stdout) as SarifLog;
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
    for (const result of sarif.runs[0].results) expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(`${site.origin}/faq`);
    const junit = (await parseJunit(junitRun.stdout)) as TestSuites;
    expect(junit.testsuite![0].name).toBe(`${site.origin}/faq`);
    expect(junit.testsuite![0].properties).toContainEqual({ name: 'httpStatus', value: 200 });
  });
});
