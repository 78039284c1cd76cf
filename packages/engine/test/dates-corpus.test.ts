import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charsetFromDocument, resolveCharset } from '@citable/crawler';
import { buildPageModel } from '../src/model/build-page-model';
import { CHECKS_BY_ID } from '../src/checks';
import { DATES_DIR, datedPages, readDatedPage, sameDay } from './fixtures/dates-corpus';

// The 300 pages of test/corpus-dates with the publication day a person read on each. The floor
// below is the share measured when it was last raised (issue 31: 89.3 %, 268/300); the goal is 95 %.
// htmldate reports 72 % on its own evaluation and metascraper gets about 60 % on pages like these.
const FLOOR = 0.89;

describe('dates corpus', () => {
  const pages = datedPages();

  it('holds the 300 pages, several of them not UTF-8 and decoded by their declared charset', () => {
    expect(pages.length).toBe(300);
    const replacements = (text: string) => text.split('\uFFFD').length - 1;
    let legacy = 0;
    for (const page of pages) {
      const bytes = readFileSync(`${DATES_DIR}pages/${page.file}`);
      const declared = resolveCharset(charsetFromDocument(new Uint8Array(bytes)));
      const asUtf8 = replacements(bytes.toString('utf8'));
      // Pages that declare UTF-8 and hold a few Latin-1 bytes anyway are read as browsers do, as UTF-8.
      if (declared === null || declared === 'utf-8' || asUtf8 === 0) continue;
      legacy++;
      // Read as UTF-8 the page's letters turn into replacement characters; decoded as it declares, far fewer.
      expect(replacements(readDatedPage(page)), page.file).toBeLessThan(asUtf8 / 2);
    }
    expect(legacy).toBeGreaterThan(5);
  });

  it(`finds the day a reader sees on at least ${FLOOR * 100} % of the pages`, () => {
    let agree = 0;
    const misses: string[] = [];
    for (const page of pages) {
      const model = buildPageModel({ body: readDatedPage(page), format: 'html', url: page.url });
      if (sameDay(page.date, model.dates.publishedAt)) agree++;
      else misses.push(`${page.file}: expected ${page.date}, got ${model.dates.publishedAt} (${model.dates.publishedSource})`);
    }
    console.log(`dates corpus: ${agree}/${pages.length} (${((agree / pages.length) * 100).toFixed(1)}%) same day`);
    expect(agree / pages.length, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR);
  });

  // Issue #36: no false positive of the manipulation checks on real pages.
  it('raises no hidden-text or prompt-injection finding on any page', () => {
    const findings: string[] = [];
    for (const page of pages) {
      const model = buildPageModel({ body: readDatedPage(page), format: 'html', url: page.url });
      for (const id of ['hidden-text', 'prompt-injection']) {
        const check = CHECKS_BY_ID.get(id)!;
        const result = check.run(model, null, check.defaultOptions, { now: null });
        if (!result.applicable || result.score !== 1) findings.push(`${page.file} ${id}: ${result.explanation}`);
      }
    }
    expect(findings).toEqual([]);
  });
});
