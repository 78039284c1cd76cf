import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '@citable/contract';
import { buildPageModel } from '../model/build-page-model';
import { SOLAR_GUIDE } from '../tools/fixtures/pages';
import { figuresIn } from './figures';
import { rewriteContent } from './rewrite-content';
import { applyEditorFixes } from '../editor/apply-fix';
import { editorSuggestions } from '../editor/analyze-content';

const CORPUS = fileURLToPath(new URL('../../test/corpus/', import.meta.url));
const corpusPages = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
// A spread of real pages (news, blogs, documentation, encyclopedia), fixed so the test repeats.
const SAMPLE = corpusPages.filter((_, index) => index % 8 === 0);
const html = (name: string) => readFileSync(`${CORPUS}${name}/source.html`, 'utf8');

const DRAFT = `# Green tea for beginners

Green tea is made from the unoxidised leaves of Camellia sinensis, and it has been drunk in China for thousands of years, although the way it is processed today differs from region to region and from one grower to the next.

## Brewing

Use water below boiling; boiling water scorches the leaves and makes the cup bitter, which is why most growers recommend letting the kettle rest for a few minutes before pouring it over the leaves in the pot.

How long should it steep? Two to three minutes is enough for most green teas, and longer steeping releases more tannins.

## Benefits of green tea

Green tea contains catechins, which are antioxidants studied for their effect on heart health, and it contains less caffeine than coffee, so many people drink it in the afternoon.

## Storage

Keep the leaves in an airtight tin away from light and strong smells, because green tea absorbs odours easily and loses its flavour within months of opening.
`;

describe('rewriteContent (deterministic optimizer)', () => {
  it('adds a summary, question headings, split sentences and a FAQ from the draft itself, and scores the rewrite', () => {
    const result = rewriteContent({ content: DRAFT, keywords: ['green tea'] });
    expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
    expect(result.optimizedScore).toBeGreaterThan(result.originalScore);
    const kinds = new Set(result.changes.map((c) => c.kind));
    expect(kinds).toContain('question-heading');
    expect(kinds).toContain('sentence-split');
    expect(result.optimizedContent).toContain('How long should it steep?');
    // The placeholders name what is missing; they carry no figure of their own.
    for (const placeholder of result.placeholders) expect(Object.values(PLACEHOLDERS)).toContain(placeholder);
    // The reported score is the engine's score of the text returned.
    expect(rewriteContent({ content: result.optimizedContent, keywords: ['green tea'] }).originalScore).toBe(result.optimizedScore);
  });

  it('never scores lower than its input, on fixture pages and real corpus pages', () => {
    for (const content of [DRAFT, SOLAR_GUIDE, ...SAMPLE.map(html)]) {
      const result = rewriteContent({ content });
      expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
    }
  }, 120_000);

  it('states no number that the input did not (property over the corpus pages as text)', () => {
    for (const name of SAMPLE) {
      const text = buildPageModel({ body: html(name), format: 'html', url: null }).mainText;
      for (const content of [text, html(name)]) {
        const result = rewriteContent({ content, keywords: ['history'] });
        const known = figuresIn(content);
        for (const figure of figuresIn(result.optimizedContent)) expect(known, `${name}: ${figure}`).toContain(figure);
      }
    }
  }, 120_000);

  it('returns the input untouched when nothing improves it', () => {
    const result = rewriteContent({ content: 'Short note.' });
    expect(result.optimizedContent).toBe('Short note.');
    expect(result.changes).toEqual([]);
    expect(result.optimizedScore).toBe(result.originalScore);
  });
});

/** Two plain paragraphs of marketing copy: no heading, no list, fluff in every sentence. */
const FLUFF = `Our world-class team delivers cutting-edge, revolutionary solutions that are truly best-in-class. We offer unparalleled service and a seamless experience for every customer, and it is widely believed that we are the leading provider in the region.

Our platform helps small businesses manage their invoices. The platform sends reminders automatically and tracks payments, so owners spend less time chasing late clients and more time on their work.`;
const FLUFF_WORDS = /world-class|cutting-edge|revolutionary|best-in-class|unparalleled|seamless|widely believed|truly/i;

describe('rewriteContent makes at least the edits the editor offers', () => {
  it('removes the marketing fluff the editor flags, in Markdown and in HTML', () => {
    const html = FLUFF.split('\n\n').map((p) => `<p>${p}</p>`).join('\n');
    for (const content of [FLUFF, html]) {
      const result = rewriteContent({ content });
      expect(result.optimizedContent).not.toMatch(FLUFF_WORDS);
      expect(result.optimizedContent).toContain('Our team delivers solutions.');
      expect(result.optimizedContent).toContain('We offer service and an experience for every customer');
      expect(result.changes.filter((c) => c.kind === 'rewrite').map((c) => c.before)).toEqual(expect.arrayContaining(['world-class ', 'unparalleled ']));
      expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
    }
  });

  it('keeps every fix the editor would make (one implementation: the editor\'s own)', () => {
    for (const content of [FLUFF, DRAFT]) {
      const offered = editorSuggestions(content).filter((s) => s.replacement !== null);
      expect(offered.length).toBeGreaterThan(0);
      const edited = applyEditorFixes(content).text;
      const result = rewriteContent({ content });
      // The optimizer only adds blocks around the editor's text (a summary, a FAQ, notes).
      for (const block of edited.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean)) expect(result.optimizedContent).toContain(block);
    }
  });

  it('rates the structure of two plain paragraphs honestly, before and after', () => {
    const result = rewriteContent({ content: FLUFF });
    expect(result.originalSubscores.contentStructure).toBeLessThan(100);
    expect(result.optimizedSubscores.contentStructure).toBeLessThan(100);
    const plain = rewriteContent({ content: 'We make invoices simple for small shops and their owners.\n\nReminders go out on time, and payments are tracked for you.' });
    expect(plain.originalSubscores.contentStructure).toBeLessThan(100);
  });
});
