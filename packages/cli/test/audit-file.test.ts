import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCitable } from './run-citable';

const ARS = fileURLToPath(new URL('../../engine/test/corpus/ars-1/source.html', import.meta.url));
const SUBSCORES = ['aiUnderstanding', 'citationLikelihood', 'conversationalReadiness', 'contentStructure'];

describe('citable audit <file>', () => {
  it('prints only the result JSON with --json', async () => {
    const run = await runCitable(['audit', ARS, '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.overallScore).toBeTypeOf('number');
    expect(Object.keys(result.subscores).sort()).toEqual([...SUBSCORES].sort());
    expect(result.checks.length).toBeGreaterThan(10);
    expect(result.page.title).toContain('Minecraft');
    expect(run.stderr).toBe('');
  });

  it('exits 0 at or above --min-score and 1 below it', async () => {
    const { overallScore } = JSON.parse((await runCitable(['audit', ARS, '--json'])).stdout);
    const [atScore, above] = await Promise.all([
      runCitable(['audit', ARS, '--json', '--min-score', String(overallScore)]),
      runCitable(['audit', ARS, '--min-score', String(overallScore + 1)]),
    ]);
    expect(atScore.code).toBe(0);
    expect(above.code).toBe(1);
    expect(above.stdout).toContain('Overall');
  });

  it('prints a plain report (no colour) when stdout is not a terminal', async () => {
    const run = await runCitable(['audit', ARS]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Overall\s+\d+ \/ 100/);
    expect(run.stdout).toContain('Citation Likelihood');
    expect(run.stdout).toContain('Top recommendations');
    expect(run.stdout).toContain('Failing checks');
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('audits Markdown and text files as pasted content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citable-cli-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const markdown = join(dir, 'guide.md');
    const text = join(dir, 'notes');
    writeFileSync(markdown, '# What is Citable?\n\nCitable measures how well AI systems understand a page.\n\n## How does it work?\n\n- It parses the page\n- It runs checks\n');
    writeFileSync(text, 'Citable measures how well answer engines understand a page. It runs about forty checks.\n');
    const [md, txt] = await Promise.all([runCitable(['audit', markdown, '--json']), runCitable(['audit', text, '--json'])]);
    expect(md.code).toBe(0);
    expect(JSON.parse(md.stdout).page.title).toBe('What is Citable?');
    expect(txt.code).toBe(0);
    expect(JSON.parse(txt.stdout).overallScore).toBeTypeOf('number');
  });

  it('exits 2 with one line for a missing file, an empty file and bad arguments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citable-cli-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'empty.html'), '  \n');
    const runs = await Promise.all([
      runCitable(['audit', join(dir, 'missing.html')]),
      runCitable(['audit', join(dir, 'empty.html')]),
      runCitable(['audit']),
      runCitable(['audit', ARS, '--min-score', 'high']),
      runCitable(['audit', ARS, '--verbose']),
      runCitable(['frobnicate']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^citable: /);
    }
    expect(runs[0].stderr).toContain('no such file');
    expect(runs[1].stderr).toContain('is empty');
    expect(runs[3].stderr).toContain('--min-score');
    expect(runs[4].stderr).toContain("'--verbose'");
  });

  it('prints usage for --help and citable help', async () => {
    const [general, help, audit] = await Promise.all([runCitable(['--help']), runCitable(['help']), runCitable(['help', 'audit'])]);
    for (const run of [general, help]) {
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: citable <command>');
      expect(run.stdout).toMatch(/audit\s+audit one page/);
      expect(run.stdout).toMatch(/crawl\s+crawl a site/);
    }
    expect(audit.code).toBe(0);
    expect(audit.stdout).toContain('--min-score N');
  });
});
