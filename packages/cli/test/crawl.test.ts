import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startLocalSite, type LocalSite } from './local-site';
import { ALLOW_LOCAL, runCitable } from './run-citable';

let site: LocalSite;
beforeAll(async () => {
  site = await startLocalSite();
});
afterAll(() => site.close());

describe('citable crawl', () => {
  it('lists each page of a small site once, worst first, with the site aggregate', async () => {
    const run = await runCitable(['crawl', `${site.origin}/`, '--json', '--concurrency', '2'], ALLOW_LOCAL);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const urls: string[] = result.site.pages.map((page: { url: string }) => page.url);
    expect([...urls].sort()).toEqual(site.pages.map((path) => `${site.origin}${path}`).sort());
    expect(result.site.pageCount).toBe(site.pages.length);
    const scores: number[] = result.site.pages.map((page: { overallScore: number }) => page.overallScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(result.site.overallScore).toBeTypeOf('number');
    expect(Object.keys(result.site.subscores)).toHaveLength(4);
    expect(result.skipped.map((skip: { reason: string }) => skip.reason)).toEqual(expect.arrayContaining(['not-html', 'robots', 'duplicate']));
  });

  it('honours --max-pages and prints a table without colour when piped', async () => {
    const run = await runCitable(['crawl', `${site.origin}/`, '--max-pages', '2'], ALLOW_LOCAL);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 pages audited');
    expect(run.stdout).toMatch(/URL\s+Score\s+AI\s+Cite\s+Conv\s+Struct/);
    expect(run.stdout).toContain(`${site.origin}/ `);
    expect(run.stdout).not.toContain('\u001b[');
    // No progress bar: stderr is not a terminal.
    expect(run.stderr).toBe('');
  });

  it('exits 2 with one line when the start page cannot be crawled or the arguments are wrong', async () => {
    const runs = await Promise.all([
      runCitable(['crawl', `http://127.0.0.1:${await closedPort()}/`], ALLOW_LOCAL),
      runCitable(['crawl', `${site.origin}/`]),
      runCitable(['crawl', `${site.origin}/`, '--max-pages', '0'], ALLOW_LOCAL),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(runs[0].stderr).toContain('could not be reached');
    expect(runs[1].stderr).toContain('loopback address');
    expect(runs[2].stderr).toContain('--max-pages');
  });
});
