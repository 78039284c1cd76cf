import { describe, expect, it } from 'vitest';
import { editorSuggestions } from './analyze-content';
import { applyEditorFixes, applySuggestions } from './apply-fix';

const fluff = (text: string) => editorSuggestions(text).filter((s) => /marketing praise/.test(s.message));
const fixed = (text: string) => applyEditorFixes(text, { kinds: ['weasel-phrase'] }).text;

describe('marketing fluff in the editor', () => {
  it.each([
    ['Our world-class team answers every call.', 'Our team answers every call.'],
    ['We build cutting-edge, revolutionary solutions for banks.', 'We build solutions for banks.'],
    ['We build cutting-edge and innovative tools for banks.', 'We build tools for banks.'],
    ['We offer a seamless experience to every customer.', 'We offer an experience to every customer.'],
    ['It is an unparalleled service for small shops.', 'It is a service for small shops.'],
    ['A state-of-the-art, award-winning platform runs the shop.', 'A platform runs the shop.'],
    ['Revolutionary tools help owners plan their week.', 'Tools help owners plan their week.'],
    ['The app integrates seamlessly with your bank.', 'The app integrates with your bank.'],
    ['Seamlessly, the app syncs with your bank.', 'The app syncs with your bank.'],
    ['We sell solutions that are best-in-class.', 'We sell solutions.'],
    ['We sell solutions that are truly best-in-class.', 'We sell solutions.'],
    ['Our best in class support team answers within a day.', 'Our support team answers within a day.'],
  ])('"%s" → "%s"', (text, expected) => {
    expect(fixed(text)).toBe(expected);
  });

  it('flags praise that is the claim itself, without a replacement', () => {
    const [s] = fluff('Our support is seamless.');
    expect(s).toMatchObject({ kind: 'weasel-phrase', original: 'seamless', replacement: null });
    expect(fixed('Our support is seamless.')).toBe('Our support is seamless.');
    expect(fluff('The tools are innovative.')[0].replacement).toBeNull();
    // Praise coordinated with a fact goes, the fact stays.
    expect(fixed('The tools are innovative and cheap.')).toBe('The tools are cheap.');
  });

  it('leaves words that only contain a fluff word alone', () => {
    expect(fluff('Seamstresses sew the seams of the innovation lab.')).toEqual([]);
    expect(fluff('The world class of 2024 met in Paris.')).toHaveLength(1);
  });

  it('locates each fix: its position holds its original text', () => {
    const text = 'Our world-class team builds cutting-edge, revolutionary tools. We offer a seamless experience.';
    for (const s of fluff(text)) expect(text.slice(s.position.start, s.position.end)).toBe(s.original);
  });
});

describe('applySuggestions and applyEditorFixes', () => {
  it('applies every fix that does not overlap a smaller one, keeping positions right', () => {
    const text = 'Our world-class team builds cutting-edge tools. It is widely believed that they are very good.';
    const suggestions = editorSuggestions(text);
    const { text: out, applied } = applySuggestions(text, suggestions);
    // One pass: the word-level fixes win over the sentence they sit in.
    expect(out).toBe('Our team builds tools. It is widely believed that they are good.');
    expect(applied.map((s) => s.original)).toEqual(['world-class ', 'cutting-edge ', 'very ']);
    expect(applyEditorFixes(text).text).toBe('Our team builds tools. They are good.');
  });

  it('analyses again after each pass, so overlapping fixes are all made', () => {
    // "truly" sits inside the praising clause: the clause goes in the second pass.
    const { text, applied } = applyEditorFixes('We sell solutions that are truly best-in-class.');
    expect(text).toBe('We sell solutions.');
    expect(applied.map((s) => s.original)).toEqual(['truly ', ' that are best-in-class']);
  });

  it('makes only the kinds asked for', () => {
    const text = 'Our world-class team is the best choice for every homeowner who wants to cut their bills.';
    expect(applyEditorFixes(text, { kinds: ['unsupported-claim'] }).text).toBe('Our world-class team is the best choice for every homeowner who wants to cut their bills [add a source link].');
    expect(applyEditorFixes(text, { kinds: ['weasel-phrase'] }).text).toBe('Our team is the best choice for every homeowner who wants to cut their bills.');
  });
});
