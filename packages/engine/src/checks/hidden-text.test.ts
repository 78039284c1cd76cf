import { describe, expect, it } from 'vitest';
import { hiddenText, manipulativeHiddenText } from './hidden-text';
import type { HiddenBlock } from '../model/hidden-text';
import { htmlModel, paragraphs } from '../../test/fixtures/pages';

const O = hiddenText.defaultOptions;
const block = (over: Partial<HiddenBlock>): HiddenBlock => ({ method: 'display-none', how: 'display:none from an inline style', element: 'div', excerpt: 'x', words: 20, legitimate: null, duplicateShare: 0, ...over });
const words = (n: number) => Array.from({ length: n }, (_, i) => `kw${i}`).join(' ');

describe('manipulativeHiddenText', () => {
  it('keeps unexplained blocks of at least minBlockWords words that are not copies', () => {
    expect(manipulativeHiddenText([block({ words: O.minBlockWords })], O)).toHaveLength(1);
    expect(manipulativeHiddenText([block({ words: O.minBlockWords - 1 })], O)).toHaveLength(0);
    expect(manipulativeHiddenText([block({ legitimate: 'inside a <nav>' })], O)).toHaveLength(0);
    expect(manipulativeHiddenText([block({ duplicateShare: O.maxDuplicateShare })], O)).toHaveLength(0);
    expect(manipulativeHiddenText([block({ duplicateShare: O.maxDuplicateShare - 0.01 })], O)).toHaveLength(1);
  });

  it('counts screen-reader-only and aria-hidden text only from partialHidingWords words', () => {
    for (const method of ['screen-reader-only', 'aria-hidden'] as const) {
      expect(manipulativeHiddenText([block({ method, words: O.partialHidingWords - 1 })], O), method).toHaveLength(0);
      expect(manipulativeHiddenText([block({ method, words: O.partialHidingWords })], O), method).toHaveLength(1);
    }
  });
});

describe('hidden-text', () => {
  const run = (extra: string) => hiddenText.run(htmlModel(`<h1>Solar</h1>${paragraphs(4)}${extra}`), null, O, { now: null });

  it('needs minWords counted words in all', () => {
    const below = run(`<div style="display:none">${words(O.minWords - 1)}</div>`);
    expect(below.applicable && below.score).toBe(1);
    const at = run(`<div style="display:none">${words(O.minWords)}</div>`);
    expect(at.applicable && at.score).toBe(0);
    // Two blocks, each too short alone, make a finding together.
    const split = run(`<div style="display:none">${words(10)}</div><p style="font-size:0">${words(10).replace(/kw/g, 'zz')}</p>`);
    expect(split.applicable && split.score).toBe(0);
  });

  it('explains the finding: words, methods, blocks and why it hurts, and quotes each block', () => {
    const r = run(`<div style="display:none">${words(12)}</div><p style="position:absolute;left:-9999px">${words(12).replace(/kw/g, 'zz')}</p>`);
    expect(r.applicable && r.explanation).toBe(
      "24 words are in the HTML for machines but hidden from readers (display:none and off-screen positioning), in 2 blocks that no menu, tab, dialog or other control shows. Search engines' spam policies treat hidden text as manipulation, and answer engines discount or flag pages that show machines something other than what readers see.",
    );
    expect(r.applicable && r.details).toEqual([
      { label: `"${words(12)}"`, value: 'display:none from an inline style, div, 12 words' },
      { label: `"${words(12).replace(/kw/g, 'zz')}"`, value: 'off-screen positioning (left:-9999px) from an inline style, p, 12 words' },
    ]);
  });

  it('passes a page whose hidden blocks are interface, and says so', () => {
    const r = run(`<nav><ul style="display:none"><li>${words(30)}</li></ul></nav>`);
    expect(r).toEqual({ applicable: true, score: 1, details: [], explanation: 'No text is hidden from readers for machines only: the 1 hidden block is interface (menus, dialogs, tabs...) or a copy of visible text.' });
    expect(run('').explanation).toBe('No text is hidden from readers for machines only.');
  });
});
