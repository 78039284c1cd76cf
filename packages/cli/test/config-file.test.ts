import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARS, auditJson, tempDir } from './fixtures';
import { runCitable } from './run-citable';

/** citable.config.json: found in the working folder (or named by --config), checked, overridden by the command line. */
describe('citable.config.json', () => {
  it('is found in the working folder: its pages, thresholds and skipped checks apply', async () => {
    const { overallScore: score, subscores } = await auditJson(ARS);
    const dir = tempDir();
    mkdirSync(join(dir, 'site'));
    copyFileSync(ARS, join(dir, 'site', 'article.html'));
    writeFileSync(
      join(dir, 'citable.config.json'),
      JSON.stringify({ urls: ['site/article.html'], failUnder: score + 2, assert: { 'check:document-title': 'pass', 'ai-understanding': subscores.aiUnderstanding }, skip: ['llms-txt'] }),
    );
    const page = join(dir, 'site', 'article.html');
    const run = await runCitable(['audit'], {}, { cwd: dir });
    expect(run.code).toBe(1);
    // A list from the config is many pages: each line names its page, paths resolved from the config's folder.
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`citable: ${page}: overall score ${score} is under failUnder ${score + 2} in citable.config.json (2 short)`);
    expect(lines[1]).toMatch(/: check document-title fails assert "check:document-title": "pass" in citable\.config\.json: Page title is too long \(/);
    expect(lines[1].startsWith(`citable: ${page}: `)).toBe(true);
    expect(run.stdout).toContain(`✓ ${page}: ai-understanding score ${subscores.aiUnderstanding} meets assert "ai-understanding": ${subscores.aiUnderstanding} in citable.config.json`);
    expect(run.stdout).toContain('Skipped checks (not run, not scored): llms-txt');

    // The JSON of a config list is an array, without the skipped check.
    const json = await runCitable(['audit', '--json'], {}, { cwd: dir });
    const results = JSON.parse(json.stdout);
    expect(Array.isArray(results)).toBe(true);
    expect(results).toHaveLength(1);
    expect(results[0].checks.map((check: { id: string }) => check.id)).not.toContain('llms-txt');

    // The command line wins: its page replaces the config's, its --fail-under and --assert replace the file's.
    const overridden = await runCitable(['audit', ARS, '--fail-under', String(score), '--assert', 'check:document-title=pass', '--skip', 'document-title'], {}, { cwd: dir });
    expect(overridden.stderr).toBe('citable: check:document-title is skipped, so --assert check:document-title=pass is ignored\n');
    expect(overridden.code).toBe(0);
    expect(overridden.stdout).toContain(`Citable audit of ${ARS}`);
    expect(overridden.stdout).toContain(`✓ overall score ${score} meets --fail-under ${score}`);
    expect(overridden.stdout).toContain('Skipped checks (not run, not scored): llms-txt, document-title');
  });

  it('is read from --config FILE instead, from any folder', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ci.json'), JSON.stringify({ failUnder: 100 }));
    const run = await runCitable(['audit', ARS, '--config', join(dir, 'ci.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^citable: overall score \\d+ is under failUnder 100 in ${join(dir, 'ci.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ short\\)\\n$`));
    const missing = await runCitable(['audit', ARS, '--config', join(dir, 'nope.json')]);
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: `citable: --config ${join(dir, 'nope.json')}: no such file\n` });
  });

  it('is refused with every bad field and its path, before anything is audited', async () => {
    const dir = tempDir();
    const write = (config: string) => writeFileSync(join(dir, 'citable.config.json'), config);
    write(JSON.stringify({ urls: [], failUnder: '70', assert: { 'ai-understanding': 101, 'check:statistics': 'fail' }, skip: 'llms-txt', sitemap: 'ftp://example.com/sitemap.xml', treshold: 70 }));
    const invalid = await runCitable(['audit', ARS], {}, { cwd: dir });
    expect(invalid).toMatchObject({ code: 2, stdout: '' });
    expect(invalid.stderr).toBe(
      'citable: citable.config.json is not a valid citable config: urls: expected at least one URL; sitemap: expected an http(s) URL; failUnder: expected a score from 0 to 100; assert."ai-understanding": expected a score from 0 to 100; assert."check:statistics": expected a score from 0 to 100, or "pass" for a check; skip: expected a list of check ids; unknown field "treshold"\n',
    );

    write('{ "failUnder": 70, }');
    const notJson = await runCitable(['audit', ARS], {}, { cwd: dir });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^citable: citable\.config\.json is not valid JSON \(.+\)\n$/);

    write(JSON.stringify({ assert: { 'check:documnet-title': 'pass' } }));
    const unknownCheck = await runCitable(['audit', ARS], {}, { cwd: dir });
    expect(unknownCheck.code).toBe(2);
    expect(unknownCheck.stderr).toMatch(/^citable: unknown check "documnet-title" in assert "check:documnet-title": "pass" in citable\.config\.json \(did you mean document-title\?\); the check ids are: /);

    write(JSON.stringify({ skip: ['llms-text'] }));
    const unknownSkip = await runCitable(['audit', ARS], {}, { cwd: dir });
    expect(unknownSkip.stderr).toMatch(/^citable: unknown check "llms-text" in skip in citable\.config\.json \(did you mean llms-txt\?\)/);

    // A config with no page and a command line with none: nothing to audit.
    write(JSON.stringify({ failUnder: 50 }));
    const nothing = await runCitable(['audit'], {}, { cwd: dir });
    expect(nothing).toMatchObject({ code: 2, stderr: 'citable: citable audit needs a URL or file, a --urls list, a --sitemap, or urls in citable.config.json (see citable help audit)\n' });
  });
});
