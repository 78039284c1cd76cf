import { parse as parseJunit, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSite, type LocalSite } from './local-site';
import { ALLOW_LOCAL, runCitable } from './run-citable';
import { sarifErrors } from './sarif-schema';

/** A crawl's gates (the site's scores, every page's checks) and its SARIF and JUnit reports. */
let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite();
});
afterAll(() => site.close());

describe('citable crawl for CI', () => {
  it('gates the site score, asserts checks on every page, and gives SARIF results per page per failing check', async () => {
    const json = JSON.parse((await runCitable(['crawl', `${site.origin}/`, '--json', '--concurrency', '2'], ALLOW_LOCAL)).stdout);
    const score: number = json.site.overallScore;
    const run = await runCitable(['crawl', `${site.origin}/`, '--concurrency', '2', '--format', 'sarif', '--fail-under', String(score + 3), '--assert', 'check:document-title=pass', '--assert', `overall=${score}`], ALLOW_LOCAL);
    expect(run.code).toBe(1);
    // "Home" is generic and "About us" short: document-title fails on those two pages only.
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`citable: site overall score ${score} is under --fail-under ${score + 3} (3 short)`);
    expect(lines.slice(1).sort()).toEqual([
      `citable: ${site.origin}/: check document-title fails --assert check:document-title=pass: Page title is generic (The title "Home" is generic and says nothing about the content.)`,
      `citable: ${site.origin}/about: check document-title fails --assert check:document-title=pass: Page title is too short (The title is 8 characters long, shorter than 10.)`,
    ]);
    const sarif = JSON.parse(run.stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    const results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] = sarif.runs[0].results;
    const pairs = results.map((result) => `${result.locations[0].physicalLocation.artifactLocation.uri} ${result.ruleId}`).sort();
    // The same failing (page, check) pairs as the crawl result's recommendations.
    const expected = (json.site.recommendationsByCheck as { checkId: string; pages: string[] }[]).flatMap((rec) => rec.pages.map((page) => `${page} ${rec.checkId}`)).sort();
    expect(pairs).toEqual(expected);
    expect(new Set(results.map((result) => result.locations[0].physicalLocation.artifactLocation.uri))).toEqual(new Set(site.pages.map((path) => `${site.origin}${path}`)));
  });

  it('gives JUnit a testsuite per page and one for the site gates', async () => {
    const run = await runCitable(['crawl', `${site.origin}/`, '--concurrency', '2', '--format', 'junit', '--fail-under', '0', '--skip', 'llms-txt'], ALLOW_LOCAL);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const junit = (await parseJunit(run.stdout)) as TestSuites;
    const suites = junit.testsuite!;
    expect(suites[0].name).toBe(`${site.origin}/ (site)`);
    expect(suites[0].testcase).toEqual([{ classname: 'citable.gates', name: '--fail-under 0' }]);
    expect(suites.slice(1).map((suite) => suite.name).sort()).toEqual(site.pages.map((path) => `${site.origin}${path}`).sort());
    for (const suite of suites.slice(1)) {
      expect(suite.tests).toBe(48);
      expect(suite.testcase!.some((c) => c.name!.startsWith('llms-txt'))).toBe(false);
      expect(suite.failures).toBe(suite.testcase!.filter((c) => c.failure).length);
      expect(suite.properties).toContainEqual({ name: 'httpStatus', value: 200 });
    }
  });
});
