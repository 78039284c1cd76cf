import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, auditJson, tempFiles } from './fixtures';
import { startLocalSite, type LocalSite } from './local-site';
import { ALLOW_LOCAL, runCitable } from './run-citable';
import { sarifErrors } from './sarif-schema';

/** --baseline: what improved and what regressed since a JSON result written earlier; --fail-on-regression gates on it. */

/** The same article with a good title, and without one: document-title passes, then fails. */
const TITLED = articleHtml('How to brew sencha, the Japanese green tea');
const UNTITLED = articleHtml('');

let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite();
});
afterAll(() => site.close());

describe('citable audit --baseline', () => {
  it('lists the scores and checks that regressed, and fails on them with --fail-on-regression', async () => {
    const dir = tempFiles({ 'titled.html': TITLED, 'untitled.html': UNTITLED });
    const [before, after] = await Promise.all([auditJson(join(dir, 'titled.html')), auditJson(join(dir, 'untitled.html'))]);
    const failing = (result: typeof before) => result.issues.map((issue) => issue.checkId);
    expect(failing(before)).not.toContain('document-title');
    expect(failing(after)).toContain('document-title');
    expect(after.overallScore).toBeLessThan(before.overallScore);
    expect(after.subscores.aiUnderstanding).toBeLessThan(before.subscores.aiUnderstanding);

    const written = await runCitable(['audit', join(dir, 'titled.html'), '--format', 'json', '--out', join(dir, 'baseline.json')]);
    expect(written.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'))).toMatchObject({ overallScore: before.overallScore });

    const baseline = join(dir, 'baseline.json');
    const [report, gated, sarifRun] = await Promise.all([
      runCitable(['audit', join(dir, 'untitled.html'), '--baseline', baseline]),
      runCitable(['audit', join(dir, 'untitled.html'), '--baseline', baseline, '--fail-on-regression']),
      runCitable(['audit', join(dir, 'untitled.html'), '--baseline', baseline, '--format', 'sarif']),
    ]);
    // SARIF says which results are new since the baseline.
    const sarif = JSON.parse(sarifRun.stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    const states = Object.fromEntries(sarif.runs[0].results.map((result: { ruleId: string; baselineState: string }) => [result.ruleId, result.baselineState]));
    expect(states).toEqual(Object.fromEntries(failing(after).map((id) => [id, failing(before).includes(id) ? 'unchanged' : 'new'])));
    expect(states['document-title']).toBe('new');
    const overall = `overall score ${before.overallScore} → ${after.overallScore} (${after.overallScore - before.overallScore})`;
    const ai = `ai-understanding score ${before.subscores.aiUnderstanding} → ${after.subscores.aiUnderstanding} (${after.subscores.aiUnderstanding - before.subscores.aiUnderstanding})`;
    // Reported, but without --fail-on-regression a regression does not fail the run.
    expect(report.code).toBe(0);
    expect(report.stderr).toBe('');
    expect(report.stdout).toMatch(new RegExp(`Compared with ${escape(baseline)}: 0 better, [1-9]\\d* worse\\n`));
    expect(report.stdout).toContain(`  - ${overall}\n`);
    expect(report.stdout).toContain(`  - ${ai}\n`);
    expect(report.stdout).toContain('  - check document-title now fails (it passed before)\n');

    expect(gated.code).toBe(1);
    const lines = gated.stderr.trimEnd().split('\n');
    expect(lines).toContain(`citable: regression since ${baseline}: ${overall}`);
    expect(lines).toContain(`citable: regression since ${baseline}: check document-title now fails (it passed before)`);
    expect(lines.every((line) => line.startsWith(`citable: regression since ${baseline}: `))).toBe(true);
  });

  it('lists what improved, and passes --fail-on-regression when nothing got worse', async () => {
    const dir = tempFiles({ 'titled.html': TITLED, 'untitled.html': UNTITLED });
    expect((await runCitable(['audit', join(dir, 'untitled.html'), '--json', '--out', join(dir, 'base.json')])).code).toBe(0);
    const base = join(dir, 'base.json');
    const [improved, same, sarifRun] = await Promise.all([
      runCitable(['audit', join(dir, 'titled.html'), '--baseline', base, '--fail-on-regression']),
      runCitable(['audit', join(dir, 'untitled.html'), '--baseline', base, '--fail-on-regression', '--format', 'markdown']),
      runCitable(['audit', join(dir, 'titled.html'), '--baseline', base, '--format', 'sarif']),
    ]);
    expect(improved.code).toBe(0);
    expect(improved.stderr).toBe('');
    expect(improved.stdout).toMatch(/Compared with .*: [1-9]\d* better, 0 worse\n/);
    expect(improved.stdout).toContain('  + check document-title now passes (it failed before)\n');

    expect(same.code).toBe(0);
    expect(same.stdout).toContain(`## Compared with ${base.replace(/_/g, '\\_')}\n\nNo score or check changed.`);

    const sarif = JSON.parse(sarifRun.stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    const states = sarif.runs[0].results.map((result: { baselineState: string }) => result.baselineState);
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['unchanged']));
  });

  it('refuses a baseline that is missing, not JSON, not a result, or of the other command', async () => {
    const dir = tempFiles({ 'page.html': TITLED, 'bad.json': '{ nope', 'shape.json': JSON.stringify({ overallScore: 'high' }), 'crawl.json': JSON.stringify({ startUrl: 'https://example.com/', site: {} }) });
    const page = join(dir, 'page.html');
    const runs = await Promise.all([
      runCitable(['audit', page, '--fail-on-regression']),
      runCitable(['audit', page, '--baseline', join(dir, 'missing.json')]),
      runCitable(['audit', page, '--baseline', join(dir, 'bad.json')]),
      runCitable(['audit', page, '--baseline', join(dir, 'shape.json')]),
      runCitable(['audit', page, '--baseline', join(dir, 'crawl.json')]),
    ]);
    expect(runs.map((run) => run.code)).toEqual([2, 2, 2, 2, 2]);
    expect(runs[0].stderr).toBe('citable: --fail-on-regression needs a --baseline FILE to compare with\n');
    expect(runs[1].stderr).toBe(`citable: --baseline ${join(dir, 'missing.json')}: no such file\n`);
    expect(runs[2].stderr).toMatch(/^citable: --baseline .*bad\.json is not JSON \(/);
    expect(runs[3].stderr).toBe(`citable: --baseline ${join(dir, 'shape.json')} is not a result of citable audit --format json (overallScore: Invalid input: expected number, received string)\n`);
    expect(runs[4].stderr).toBe(`citable: --baseline ${join(dir, 'crawl.json')} is a citable crawl result: compare it with citable crawl\n`);
  });
});

describe('citable crawl --baseline', () => {
  it('compares the site scores and which checks fail on which pages', async () => {
    const dir = tempFiles({});
    const base = join(dir, 'crawl.json');
    const first = await runCitable(['crawl', `${site.origin}/`, '--concurrency', '2', '--out', base], ALLOW_LOCAL);
    expect(first.code).toBe(0);
    const again = await runCitable(['crawl', `${site.origin}/`, '--concurrency', '2', '--baseline', base, '--fail-on-regression'], ALLOW_LOCAL);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Compared with ${base}: 0 better, 0 worse`);

    // A baseline where the site scored 5 more and /faq failed nothing: both are regressions now.
    const doctored = JSON.parse(readFileSync(base, 'utf8'));
    const score = doctored.site.overallScore;
    doctored.site.overallScore = score + 5;
    const faq = `${site.origin}/faq`;
    const faqChecks: string[] = doctored.site.recommendationsByCheck.filter((rec: { pages: string[] }) => rec.pages.includes(faq)).map((rec: { checkId: string }) => rec.checkId);
    expect(faqChecks.length).toBeGreaterThan(0);
    for (const rec of doctored.site.recommendationsByCheck) rec.pages = rec.pages.filter((page: string) => page !== faq);
    writeFileSync(base, JSON.stringify(doctored));
    const worse = await runCitable(['crawl', `${site.origin}/`, '--concurrency', '2', '--baseline', base, '--fail-on-regression'], ALLOW_LOCAL);
    expect(worse.code).toBe(1);
    const lines = worse.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`citable: regression since ${base}: site overall score ${score + 5} → ${score} (-5)`);
    expect(lines.slice(1).sort()).toEqual(faqChecks.map((id) => `citable: regression since ${base}: ${faq}: check ${id} now fails (it did not before)`).sort());
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
