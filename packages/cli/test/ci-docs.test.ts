import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citableConfigSchema } from '@citable/contract';
import { runCitable } from './run-citable';

const DOC = readFileSync(fileURLToPath(new URL('../../web/content/docs/citable-in-ci.md', import.meta.url)), 'utf8');

/** The "Citable in CI" docs page uses the command's real options and a valid config. */
describe('the Citable in CI docs page', () => {
  it('names only options the audit and crawl commands have', async () => {
    const [audit, crawl] = await Promise.all([runCitable(['help', 'audit']), runCitable(['help', 'crawl'])]);
    const documented = new Set([...DOC.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((match) => match[1]));
    for (const option of ['fail-under', 'assert', 'out', 'sitemap', 'max-urls', 'urls', 'baseline', 'fail-on-regression', 'skip', 'format', 'config']) expect(documented).toContain(option);
    // --depth is git's, in the GitLab example.
    const unknown = [...documented].filter((option) => option !== 'depth' && !audit.stdout.includes(`--${option}`) && !crawl.stdout.includes(`--${option}`));
    expect(unknown).toEqual([]);
  });

  it('shows a config file the schema accepts', () => {
    const block = /```json\n([\s\S]*?)```/.exec(DOC)![1];
    expect(citableConfigSchema.safeParse(JSON.parse(block)).success).toBe(true);
  });
});
