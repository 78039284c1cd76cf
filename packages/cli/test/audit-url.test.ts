import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startLocalSite, type LocalSite } from './local-site';
import { ALLOW_LOCAL, runCitable } from './run-citable';

let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite();
});
afterAll(() => site.close());

function expectOneLineFailure(run: { code: number | null; stdout: string; stderr: string }) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
}

describe('citable audit <url>', () => {
  it('fetches the page with its site context and prints the result JSON', async () => {
    const run = await runCitable(['audit', `${site.origin}/guide`, '--json'], ALLOW_LOCAL);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.page.url).toBe(`${site.origin}/guide`);
    expect(result.overallScore).toBeTypeOf('number');
    expect(result.subscores.aiUnderstanding).toBeTypeOf('number');
    // Site checks ran: robots.txt was read (pasted content would make them not applicable).
    expect(result.checks.find((check: { id: string }) => check.id === 'robots-txt')?.applicable).toBe(true);
  });

  it('exits 1 under --min-score and 0 otherwise', async () => {
    const [low, high] = await Promise.all([
      runCitable(['audit', `${site.origin}/guide`, '--min-score', '0'], ALLOW_LOCAL),
      runCitable(['audit', `${site.origin}/guide`, '--min-score', '100'], ALLOW_LOCAL),
    ]);
    expect(low.code).toBe(0);
    expect(high.code).toBe(1);
  });

  it('exits 2 with one line for an unreachable port', async () => {
    const run = await runCitable(['audit', `http://127.0.0.1:${await closedPort()}/`], ALLOW_LOCAL);
    expectOneLineFailure(run);
    expect(run.stderr).toContain('could not be reached');
  });

  it('exits 2 with the crawler\'s refusal for a private address not in FETCH_ALLOW_HOSTS', async () => {
    const run = await runCitable(['audit', `${site.origin}/guide`]);
    expectOneLineFailure(run);
    expect(run.stderr).toContain('127.0.0.1 is a loopback address and cannot be audited');
    expect(run.stderr).toContain('FETCH_ALLOW_HOSTS');
  });

  it('exits 2 for a non-HTML URL and for a page robots.txt disallows', async () => {
    const [json, robots] = await Promise.all([
      runCitable(['audit', `${site.origin}/data.json`], ALLOW_LOCAL),
      runCitable(['audit', `${site.origin}/private/secret`], ALLOW_LOCAL),
    ]);
    expectOneLineFailure(json);
    expect(json.stderr).toContain('not an HTML page');
    expectOneLineFailure(robots);
    expect(robots.stderr).toContain('robots.txt does not allow');
  });
});
