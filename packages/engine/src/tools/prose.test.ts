import { describe, expect, it } from 'vitest';
import { contentText, furnitureParagraphs, isBylineOrCaption, proseParagraphs, proseSentences, stripLeadingByline } from './prose';
import { BYLINE_ARTICLE, page } from './fixtures/pages';

describe('isBylineOrCaption', () => {
  it.each([
    ['Dan Goodin - Apr 16, 2015 8:02 pm UTC', true],
    ['March 3, 2025', true],
    ['14:02 GMT', true],
    ['By Jane Doe', true],
    ['BY JANE DOE', true],
    ['Posted by Sam Lee | 3 hours ago', true],
    ['By Jane Doe, published 1 March 2025', true],
    ['Updated 3 March 2025', true],
    ['Published: 12 May 2024', true],
    ['Photo: Jim Watson', true],
    ['Sunset over the bay (Getty Images)', true],
    ['Image caption The minister in Nairobi', true],
  ])('"%s" is furniture: %s', (text, expected) => {
    expect(isBylineOrCaption(text)).toBe(expected);
  });

  it.each([
    'By 2030, most homes will have solar panels on the roof.',
    'By contrast, the old panels failed within a decade.',
    'Published in 2015, the study found that panels last long.',
    'It opened on 3 March 2025.',
    'Solar panels cost about $12,000.',
    'Kevin',
    '',
    // A date inside a long line without a full stop is prose, not a dateline.
    'Prices fell from March 3, 2025 onwards as suppliers in three states cut their margins and installers',
  ])('"%s" is prose', (text) => {
    expect(isBylineOrCaption(text)).toBe(false);
  });

  it('reads a line that opens with the article\'s author as a byline', () => {
    expect(isBylineOrCaption('Jane Doe | Staff writer', 'Jane Doe')).toBe(true);
    expect(isBylineOrCaption('Jane Doe | Staff writer')).toBe(false);
    // A sentence about the author is not a byline.
    expect(isBylineOrCaption('Jane Doe wrote the guide in 2024.', 'Jane Doe')).toBe(false);
  });

  it('reads nothing over 25 words as a byline', () => {
    const long = `By Jane Doe ${'and her colleagues '.repeat(8)}`.trim();
    expect(isBylineOrCaption(long)).toBe(false);
  });
});

describe('stripLeadingByline', () => {
  it.each([
    ['Dan Goodin - Apr 16, 2015 8:02 pm UTC Minecraft items can also store metadata.', 'Minecraft items can also store metadata.'],
    ['By Jane Doe, 1 March 2025 — Solar panels are cheap.', 'Solar panels are cheap.'],
    ['Apr 16, 2015 Minecraft items can also store data.', 'Minecraft items can also store data.'],
    ['WASHINGTON (Reuters) - The Senate voted on Tuesday.', 'The Senate voted on Tuesday.'],
    ['LONDON — Prices rose.', 'Prices rose.'],
    ['Solar panels are cheap.', 'Solar panels are cheap.'],
    // What is left must start like a sentence.
    ['US - prices rose', 'US - prices rose'],
  ])('"%s" → "%s"', (sentence, expected) => {
    expect(stripLeadingByline(sentence)).toBe(expected);
  });

  it('removes the article\'s author run into the first sentence', () => {
    expect(stripLeadingByline('Sam Lee | Solar panels are cheap.', 'Sam Lee')).toBe('Solar panels are cheap.');
    expect(stripLeadingByline('Sam Lee | Solar panels are cheap.')).toBe('Sam Lee | Solar panels are cheap.');
  });
});

describe('the prose of a page', () => {
  const model = page(BYLINE_ARTICLE, 'https://arstechnica.com/security/2015/04/minecraft');

  it('starts at the lead and leaves out bylines, labels and photo credits', () => {
    const prose = proseParagraphs(model).map((p) => p.text);
    expect(prose[0]).toMatch(/^A flaw in the wildly popular online game Minecraft/);
    expect(prose).toHaveLength(3);
    expect(prose.join(' ')).not.toMatch(/Dan Goodin|Kevin|Getty/);
    expect(proseSentences(model)[0]).toMatch(/^A flaw/);
  });

  it('keeps headings and prose in the content text, not the furniture', () => {
    expect(furnitureParagraphs(model).map((p) => p.text)).toEqual(['Dan Goodin - Apr 16, 2015 8:02 pm UTC', 'Kevin', 'Photo: Jim Watson/AFP/Getty Images']);
    const text = contentText(model);
    expect(text).toContain('Just-released Minecraft exploit makes it easy to crash game servers');
    expect(text).toContain('A flaw in the wildly popular');
    expect(text).not.toMatch(/Dan Goodin|Kevin|Getty/);
  });

  it('has no prose when no paragraph reads as prose', () => {
    const labels = page('<html><body><main><p>Menu</p><p>Contact</p></main></body></html>', 'https://x.example/');
    expect(labels.leadIndex).toBe(-1);
    expect(proseParagraphs(labels)).toEqual([]);
    expect(contentText(labels)).toBe('');
  });
});
