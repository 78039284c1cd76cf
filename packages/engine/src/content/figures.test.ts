import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '@citable/contract';
import { diffWords } from './diff';
import { figuresIn, guardInventedFacts } from './figures';

describe('guardInventedFacts', () => {
  it('keeps figures and quotes of the source and replaces invented ones', () => {
    const source = 'Sales grew 12% in 2024. The CEO said "we doubled our team this spring" at the launch.';
    const rewrite = [
      '1. Sales grew 12% in 2024, reaching $3.5 million.',
      '2. As the CEO said, "we doubled our team this spring".',
      '3. An analyst called it "the fastest growth in the sector".',
    ].join('\n');
    const guarded = guardInventedFacts(source, rewrite);
    expect(guarded.removedFigures).toEqual(['$3.5 million']);
    expect(guarded.removedQuotes).toEqual(['the fastest growth in the sector']);
    expect(guarded.text).toBe(
      [
        `1. Sales grew 12% in 2024, reaching ${PLACEHOLDERS.statistic}.`,
        '2. As the CEO said, "we doubled our team this spring".',
        `3. An analyst called it ${PLACEHOLDERS.quotation}.`,
      ].join('\n'),
    );
  });

  it('treats 1,200 and 1200 as the same figure, and list numbering as no figure', () => {
    expect(figuresIn('1,200 users')).toEqual(new Set(['1200']));
    expect(guardInventedFacts('We have 1200 users.', 'We have 1,200 users.').removedFigures).toEqual([]);
    expect(figuresIn('1. First\n2) Second')).toEqual(new Set());
  });
});

describe('diffWords', () => {
  it('returns parts that rebuild both texts', () => {
    const before = 'The quick brown fox jumps over the lazy dog.\nSecond line stays.';
    const after = 'The quick red fox leaps over the lazy dog.\nSecond line stays.\nA new line.';
    const parts = diffWords(before, after);
    expect(parts.filter((p) => p.type !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.type !== 'removed').map((p) => p.text).join('')).toBe(after);
    expect(parts.filter((p) => p.type === 'removed').map((p) => p.text.trim())).toEqual(['brown', 'jumps']);
  });

  it('handles empty sides', () => {
    expect(diffWords('', 'new text')).toEqual([{ type: 'added', text: 'new text' }]);
    expect(diffWords('old', '')).toEqual([{ type: 'removed', text: 'old' }]);
    expect(diffWords('same', 'same')).toEqual([{ type: 'same', text: 'same' }]);
  });
});
