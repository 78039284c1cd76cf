import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, type AuditResult, type OptimizerChange } from '@citable/contract';
import { auditContent } from '../audit';
import { COFFEE_ROASTER } from '../tools/quality-bench/sites';
import { figuresIn } from './figures';
import { rewriteContent } from './rewrite-content';

/**
 * The optimizer's edits must change the checks it reports (issue #32: "62 -> 62; its only edits
 * are removing 'really' and appending '[add a source link]'"). Each structural edit is checked
 * against a fresh audit of the text before and after it.
 */

const GUIDE = `# How to brew pour-over coffee

Slow mornings deserve a better cup, and a few minutes of attention make all the difference to how it tastes.

## How long does a pour-over take?

A pour-over takes about four minutes from the moment the water touches the grounds until the last drops fall through the filter into the cup below. The first thirty seconds are the bloom, when the grounds release gas and swell, and the rest is a slow pour in circles that keeps the bed of coffee level so the water extracts it evenly rather than running through channels along the sides of the paper filter and leaving the middle of the bed dry and sour.

## The brewing steps

Here is the method we use in our café. First, heat the water to 200 °F and rinse the paper filter. Then, weigh 22 g of coffee and grind it medium-fine. Next, pour 50 g of water to bloom the grounds and wait 30 seconds. Finally, pour the rest of the water in slow circles up to 350 g.

## Why fresh beans matter

Pour-over coffee is brewing by hand, where hot water is poured slowly over ground coffee in a paper filter so it draws out the flavour evenly. A survey found that 62 percent of home brewers buy whole beans. Source: https://www.ncausa.org/Research-Trends/national-coffee-data-trends. Fresh beans release more carbon dioxide during the bloom, which is why they bubble more than old ones.
`;

const scoreOf = (audit: AuditResult, id: string): number | null => audit.checks.find((c) => c.id === id)?.score ?? null;
const byKind = (changes: OptimizerChange[], kind: OptimizerChange['kind']) => changes.filter((c) => c.kind === kind);

describe('the optimizer\'s structural edits move the checks they aim at', () => {
  const result = rewriteContent({ content: GUIDE });
  const before = auditContent(GUIDE, { format: 'markdown' });
  const after = auditContent(result.optimizedContent, { format: 'markdown' });

  it('gives a long answer under a question heading a direct answer of its own (concise-answers)', () => {
    const [edit] = byKind(result.changes, 'direct-answer');
    expect(edit?.before).toMatch(/^A pour-over takes about four minutes/);
    expect(edit?.after?.split('\n\n')[0]).toMatch(/^A pour-over takes about four minutes[^]*filter into the cup below\.$/);
    const moved = edit?.checks?.find((c) => c.checkId === 'concise-answers');
    expect(moved!.currentScore!).toBeGreaterThan(moved!.previousScore!);
    // Re-audited: the edit alone, made to the input, raises the check.
    const alone = auditContent(GUIDE.replace(edit!.before!, edit!.after!), { format: 'markdown' });
    expect(scoreOf(alone, 'concise-answers')!).toBeGreaterThan(scoreOf(before, 'concise-answers')!);
  });

  it('writes steps given as prose as a numbered list of the same sentences (step-lists)', () => {
    const [edit] = byKind(result.changes, 'step-list');
    expect(edit?.after).toBe('1. Heat the water to 200 °F and rinse the paper filter.\n2. Weigh 22 g of coffee and grind it medium-fine.\n3. Pour 50 g of water to bloom the grounds and wait 30 seconds.\n4. Pour the rest of the water in slow circles up to 350 g.');
    expect(result.optimizedContent).toContain('Here is the method we use in our café.\n\n1. Heat the water');
    const moved = edit?.checks?.find((c) => c.checkId === 'step-lists');
    expect(moved!.currentScore!).toBeGreaterThan(moved!.previousScore!);
    expect(scoreOf(after, 'step-lists')!).toBeGreaterThan(scoreOf(before, 'step-lists')!);
  });

  it('links a source the text names by its bare address (cited-sources)', () => {
    const [edit] = byKind(result.changes, 'source-link');
    expect(edit?.after).toBe('[www.ncausa.org](https://www.ncausa.org/Research-Trends/national-coffee-data-trends)');
    expect(edit?.checks?.map((c) => c.checkId)).toContain('cited-sources');
    expect(scoreOf(after, 'cited-sources')!).toBeGreaterThan(scoreOf(before, 'cited-sources')!);
  });

  it('moves the definition of the title\'s subject to the opening (answer-first)', () => {
    const [edit] = byKind(result.changes, 'definition');
    expect(edit?.after).toMatch(/^Pour-over coffee is brewing by hand/);
    expect(result.optimizedContent.indexOf('Pour-over coffee is brewing by hand')).toBeLessThan(result.optimizedContent.indexOf('Slow mornings'));
    // Moved, not copied: the section it came from no longer opens with it.
    expect(result.optimizedContent.slice(result.optimizedContent.indexOf('## Why fresh beans matter'))).not.toContain('Pour-over coffee is brewing by hand');
    expect(edit?.checks?.map((c) => c.checkId)).toContain('answer-first');
    expect(scoreOf(after, 'answer-first')!).toBeGreaterThan(scoreOf(before, 'answer-first')!);
  });

  it('reports the checks the whole rewrite moved, and the score the engine gives the text it returns', () => {
    expect(result.optimizedScore).toBeGreaterThan(result.originalScore);
    expect(result.optimizedScore).toBe(after.overallScore);
    for (const id of ['step-lists', 'cited-sources', 'answer-first']) expect(result.checksMoved.map((c) => c.checkId)).toContain(id);
    for (const moved of result.checksMoved) expect(moved.currentScore).not.toBe(moved.previousScore);
  });

  it('states no figure the author did not write', () => {
    const known = figuresIn(GUIDE);
    for (const figure of figuresIn(result.optimizedContent)) expect(known).toContain(figure);
  });

  it('makes the same edits in HTML source', () => {
    const html = `<html><head><title>How to brew pour-over coffee</title></head><body><article><h1>How to brew pour-over coffee</h1>${GUIDE.split('\n\n')
      .slice(1)
      .map((block) => (block.startsWith('## ') ? `<h2>${block.slice(3).trim()}</h2>` : `<p>${block.trim()}</p>`))
      .join('\n')}</article></body></html>`;
    const r = rewriteContent({ content: html });
    const kinds = new Set(r.changes.map((c) => c.kind));
    for (const kind of ['direct-answer', 'step-list', 'source-link'] as const) expect(kinds).toContain(kind);
    expect(r.optimizedContent).toContain('<ol><li>Heat the water to 200 °F and rinse the paper filter.</li>');
    expect(r.optimizedContent).toContain('<a href="https://www.ncausa.org/Research-Trends/national-coffee-data-trends">www.ncausa.org</a>');
    const a = auditContent(r.optimizedContent, { format: 'html' });
    const b = auditContent(html, { format: 'html' });
    expect(scoreOf(a, 'step-lists')!).toBeGreaterThan(scoreOf(b, 'step-lists')!);
    expect(scoreOf(a, 'cited-sources')!).toBeGreaterThan(scoreOf(b, 'cited-sources')!);
  });
});

describe('when nothing improves, the optimizer says what only the author can add', () => {
  it('marks where a figure\'s source belongs instead of appending a note, and lists what is missing', () => {
    const content = GUIDE.replace(' Source: https://www.ncausa.org/Research-Trends/national-coffee-data-trends.', '');
    const result = rewriteContent({ content });
    expect(result.optimizedContent).toContain(`A survey found that 62 percent of home brewers buy whole beans ${PLACEHOLDERS.source}.`);
    expect(result.optimizedContent).not.toMatch(/Evidence to add before publishing/);
    expect(result.humanNeeded.join('\n')).toMatch(/sources of your figures \(1\), e\.g\. “A survey found that 62 percent/);
  });

  it('on the coffee roaster\'s article: no invented content, and the list of what only a human can add', () => {
    const article = COFFEE_ROASTER.pages[1].html;
    const result = rewriteContent({ content: article });
    expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
    expect(result.humanNeeded.length).toBeGreaterThan(0);
    expect(result.humanNeeded.join('\n')).toMatch(/quotation from a named expert/);
    const known = figuresIn(article);
    for (const figure of figuresIn(result.optimizedContent)) expect(known).toContain(figure);
  });

  it('returns a text with nothing to reshape unchanged, with what a human must write', () => {
    const result = rewriteContent({ content: '# Opening hours\n\n## When are you open?\n\n## Where are you?\n\nOn the corner.' });
    expect(result.changes.filter((c) => c.checks?.length)).toEqual([]);
    expect(result.humanNeeded).toContain('An answer below “When are you open?”: nothing follows the heading yet.');
  });
});
