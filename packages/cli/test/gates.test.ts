import { describe, expect, it } from 'vitest';
import { ARS, auditJson } from './fixtures';
import { runCitable } from './run-citable';

/**
 * The CI gates (issue: the CLI for CI pipelines): --fail-under (and its older name --min-score),
 * --assert per subscore and per check, --skip. Every failed gate is one line on stderr; a score
 * equal to its threshold passes.
 */
describe('citable audit --fail-under', () => {
  it('passes a score equal to the threshold and fails one under it, saying by how much', async () => {
    const { overallScore: score } = await auditJson(ARS);
    const [equal, under, alias, decimal] = await Promise.all([
      runCitable(['audit', ARS, '--fail-under', String(score)]),
      runCitable(['audit', ARS, '--fail-under', String(score + 8)]),
      runCitable(['audit', ARS, '--min-score', String(score + 1)]),
      runCitable(['audit', ARS, '--fail-under', String(score + 0.5), '--json']),
    ]);
    expect(equal.code).toBe(0);
    expect(equal.stderr).toBe('');
    expect(equal.stdout).toContain(`Gates\n  ✓ overall score ${score} meets --fail-under ${score}\n`);
    expect(under.code).toBe(1);
    expect(under.stderr).toBe(`citable: overall score ${score} is under --fail-under ${score + 8} (8 short)\n`);
    expect(under.stdout).toContain(`✗ overall score ${score} is under --fail-under ${score + 8} (8 short)`);
    expect(alias.code).toBe(1);
    expect(alias.stderr).toBe(`citable: overall score ${score} is under --min-score ${score + 1} (1 short)\n`);
    // The JSON stays the contract's result: the gate's verdict is on stderr only.
    expect(decimal.code).toBe(1);
    expect(decimal.stderr).toBe(`citable: overall score ${score} is under --fail-under ${score + 0.5} (0.5 short)\n`);
    expect(JSON.parse(decimal.stdout).overallScore).toBe(score);
  });

  it('refuses a threshold that is not a score, and both names at once', async () => {
    const runs = await Promise.all([
      runCitable(['audit', ARS, '--fail-under', '101']),
      runCitable(['audit', ARS, '--fail-under', '']),
      runCitable(['audit', ARS, '--fail-under', '70', '--min-score', '70']),
    ]);
    expect(runs.map((run) => run.code)).toEqual([2, 2, 2]);
    expect(runs.map((run) => run.stdout)).toEqual(['', '', '']);
    expect(runs[0].stderr).toBe('citable: --fail-under: a score threshold is a number from 0 to 100, not "101"\n');
    expect(runs[1].stderr).toBe('citable: --fail-under: a score threshold is a number from 0 to 100, not ""\n');
    expect(runs[2].stderr).toBe('citable: --min-score is another name for --fail-under: give one of them\n');
  });
});

describe('citable audit --assert', () => {
  it('checks subscores and checks, and prints every failure with its reason', async () => {
    const result = await auditJson(ARS);
    const { aiUnderstanding, citationLikelihood } = result.subscores;
    const title = result.checks.find((check) => check.id === 'document-title')!;
    expect(result.issues.map((issue) => issue.checkId)).toContain('document-title');
    expect(result.issues.map((issue) => issue.checkId)).not.toContain('statistics');
    expect(result.checks.find((check) => check.id === 'http-status')?.applicable).toBe(false);

    const run = await runCitable([
      'audit',
      ARS,
      '--assert', `ai-understanding=${aiUnderstanding}`,
      '--assert', `citationLikelihood=${citationLikelihood + 1}`,
      '--assert', 'check:statistics=pass',
      '--assert', 'check:document-title=pass',
      '--assert', 'check:http-status=pass',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      [
        `citable: citation-likelihood score ${citationLikelihood} is under --assert citationLikelihood=${citationLikelihood + 1} (1 short)`,
        `citable: check document-title fails --assert check:document-title=pass: ${title.title} (${title.explanation})`,
        '',
      ].join('\n'),
    );
    expect(run.stdout).toContain(
      [
        'Gates',
        `  ✓ ai-understanding score ${aiUnderstanding} meets --assert ai-understanding=${aiUnderstanding}`,
        `  ✗ citation-likelihood score ${citationLikelihood} is under --assert citationLikelihood=${citationLikelihood + 1} (1 short)`,
        '  ✓ check statistics passes --assert check:statistics=pass',
        `  ✗ check document-title fails --assert check:document-title=pass: ${title.title} (${title.explanation})`,
        // A check that does not apply (a file has no HTTP status) does not fail its assertion.
        '  ✓ check http-status does not apply to the page, which passes --assert check:http-status=pass',
      ].join('\n'),
    );

    const passing = await runCitable(['audit', ARS, '--assert', 'check:statistics=pass', '--assert', `overall=${result.overallScore}`]);
    expect(passing.code).toBe(0);
    expect(passing.stderr).toBe('');
  });

  it('refuses unknown scores and checks with the valid ids, and values of the wrong kind', async () => {
    const runs = await Promise.all([
      runCitable(['audit', ARS, '--assert', 'ai-understandin=70']),
      runCitable(['audit', ARS, '--assert', 'check:documnet-title=pass']),
      runCitable(['audit', ARS, '--assert', 'check:statistics=70']),
      runCitable(['audit', ARS, '--assert', 'content-structure=lots']),
      runCitable(['audit', ARS, '--assert', 'content-structure']),
      runCitable(['audit', ARS, '--assert', 'readability=70']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(runs[0].stderr).toBe(
      'citable: --assert ai-understandin=70: unknown score "ai-understandin" (did you mean ai-understanding?); the scores are overall, ai-understanding, citation-likelihood, conversational-readiness, content-structure, and check:<check id> for a check\n',
    );
    expect(runs[1].stderr).toMatch(/^citable: unknown check "documnet-title" in --assert check:documnet-title=pass \(did you mean document-title\?\); the check ids are: ai-crawler-access, indexability, .*, breadcrumbs\n$/);
    expect(runs[1].stderr.split(', ')).toHaveLength(49);
    expect(runs[2].stderr).toBe('citable: --assert check:statistics=70: a check\'s assertion is "pass" (check:statistics=pass), not "70"\n');
    expect(runs[3].stderr).toBe('citable: --assert content-structure=lots: a score threshold is a number from 0 to 100, not "lots"\n');
    expect(runs[4].stderr).toBe('citable: --assert content-structure: expected KEY=VALUE, e.g. ai-understanding=70 or check:document-title=pass\n');
    expect(runs[5].stderr).toMatch(/^citable: --assert readability=70: unknown score "readability"; the scores are /);
  });
});

describe('citable audit --skip', () => {
  it('leaves the check out of the run, the score, the gates and the reports', async () => {
    const full = await auditJson(ARS);
    const run = await runCitable(['audit', ARS, '--skip', 'document-title', '--skip', 'llms-txt', '--assert', 'check:document-title=pass', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('citable: check:document-title is skipped, so --assert check:document-title=pass is ignored\n');
    const skipped = JSON.parse(run.stdout);
    const ids = skipped.checks.map((check: { id: string }) => check.id);
    expect(ids).toEqual(full.checks.map((check) => check.id).filter((id) => id !== 'document-title' && id !== 'llms-txt'));
    expect(skipped.issues.map((issue: { checkId: string }) => issue.checkId)).not.toContain('document-title');
    // The failing title no longer weighs on AI Understanding: the engine scored without it.
    expect(skipped.subscores.aiUnderstanding).toBeGreaterThanOrEqual(full.subscores.aiUnderstanding);
    expect(skipped.subscores.citationLikelihood).toBe(full.subscores.citationLikelihood);

    const text = await runCitable(['audit', ARS, '--skip', 'document-title']);
    expect(text.stdout).toContain('Skipped checks (not run, not scored): document-title');
  });

  it('refuses an unknown check and skipping a whole subscore', async () => {
    const contentStructure = ['single-h1', 'heading-hierarchy', 'subheading-distribution', 'summary-intro', 'paragraph-length', 'image-alt', 'list-usage', 'internal-links', 'link-text', 'table-usage', 'breadcrumbs'];
    const [typo, all] = await Promise.all([
      runCitable(['audit', ARS, '--skip', 'llms-text']),
      runCitable(['audit', ARS, ...contentStructure.flatMap((id) => ['--skip', id])]),
    ]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^citable: unknown check "llms-text" in --skip llms-text \(did you mean llms-txt\?\); the check ids are: /);
    expect(all.code).toBe(2);
    expect(all.stderr).toBe('citable: skipping every check of Content Structure Quality would leave that subscore nothing to measure; keep at least one\n');
  });
});
