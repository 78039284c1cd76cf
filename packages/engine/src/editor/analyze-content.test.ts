import { describe, expect, it } from 'vitest';
import { analyzeEditorContent } from './analyze-content';
import { applySuggestion } from './apply-fix';

const TEXT = `# Solar power at home

In this article we look at solar panels. Solar panels turn sunlight into electricity for your home.

## Benefits of solar panels

It is widely believed that solar panels are the best investment a homeowner can make. The panels were installed by a certified team, and the owners saw their bills fall sharply over the first winter, but the savings depended on the roof angle and the local weather that season.`;

const analyse = (content = TEXT, keywords = ['solar panels']) => {
  const result = analyzeEditorContent({ content, keywords, contentType: 'article' });
  if (!result) throw new Error('expected an analysis');
  return result;
};
const byKind = (kind: string, content = TEXT) => analyse(content).suggestions.filter((s) => s.kind === kind);

describe('analyzeEditorContent', () => {
  it('returns null below 50 non-blank characters', () => {
    expect(analyzeEditorContent({ content: `${'a '.repeat(49)}` })).toBeNull();
    expect(analyzeEditorContent({ content: 'a'.repeat(50) })).not.toBeNull();
  });

  it('scores with the engine and reports density and readability', () => {
    const result = analyse();
    expect(result.overallScore).toBeGreaterThanOrEqual(0);
    expect(Object.keys(result.subscores)).toEqual(['aiUnderstanding', 'citationLikelihood', 'conversationalReadiness', 'contentStructure']);
    expect(result.keywordDensity['solar panels']).toBeGreaterThan(3);
    expect(result.readabilityScore).not.toBeNull();
    expect(result.readabilityScore!).toBeGreaterThanOrEqual(0);
    expect(result.readabilityScore!).toBeLessThanOrEqual(100);
  });

  it('locates every suggestion: its position holds its original text', () => {
    for (const s of analyse().suggestions) expect(TEXT.slice(s.position.start, s.position.end)).toBe(s.original);
  });

  it('splits an overlong sentence at a clause break', () => {
    const [long] = byKind('long-sentence');
    expect(long.severity).toBe('warning');
    expect(long.original).toMatch(/^The panels were installed/);
    expect(long.replacement).toBe(
      'The panels were installed by a certified team, and the owners saw their bills fall sharply over the first winter. But the savings depended on the roof angle and the local weather that season.',
    );
    const applied = applySuggestion(TEXT, analyse().suggestions, long.id)!;
    expect(applied.text).toContain('over the first winter. But the savings');
  });

  it('removes a weasel lead-in and capitalises what follows', () => {
    const [weasel] = byKind('weasel-phrase');
    expect(weasel.original).toBe('It is widely believed that solar panels are the best investment a homeowner can make.');
    expect(weasel.replacement).toBe('Solar panels are the best investment a homeowner can make.');
    const applied = applySuggestion(TEXT, analyse().suggestions, weasel.id)!;
    expect(applied.text).toContain('\n\nSolar panels are the best investment a homeowner can make.');
  });

  it('flags passive voice without a replacement', () => {
    const [passive] = byKind('passive-voice');
    expect(passive.original).toBe('were installed by');
    expect(passive.replacement).toBeNull();
    expect(applySuggestion(TEXT, analyse().suggestions, passive.id)).toBeNull();
  });

  it('removes a filler opening so the answer comes first', () => {
    const [opening] = byKind('answer-first');
    expect(opening.original).toBe('In this article we look at solar panels. ');
    const applied = applySuggestion(TEXT, analyse().suggestions, opening.id)!;
    expect(applied.text).toContain('# Solar power at home\n\nSolar panels turn sunlight');
  });

  it('splits a long opening paragraph after its answer', () => {
    const lead = `${'Solar panels turn sunlight into electricity for the home. '.repeat(3)}${'Installers size a system from the roof area and the yearly use of power. '.repeat(5)}`.trim();
    const [summary] = byKind('answer-first', lead);
    expect(summary.replacement).toMatch(/^Solar panels turn sunlight into electricity for the home\. .+\n\nInstallers size/s);
  });

  it('flags a stuffed keyword as an error and a missing one as a warning', () => {
    const result = analyse(TEXT, ['solar panels', 'battery storage']);
    const stuffed = result.suggestions.find((s) => s.kind === 'keyword-stuffing')!;
    expect(stuffed.severity).toBe('error');
    expect(stuffed.message).toContain('solar panels');
    const missing = result.suggestions.find((s) => s.kind === 'keyword-missing')!;
    expect(missing.message).toContain('battery storage');
  });

  it('rewords section headings as questions but not the title', () => {
    const headings = byKind('question-heading');
    expect(headings.map((h) => [h.original, h.replacement])).toEqual([['Benefits of solar panels', 'What are the benefits of solar panels?']]);
    const faq = analyzeEditorContent({ content: TEXT, contentType: 'faq' })!;
    expect(faq.suggestions.find((s) => s.kind === 'question-heading')!.severity).toBe('warning');
  });

  it('asks for a source for a claim with no number', () => {
    const [claim] = byKind('unsupported-claim');
    expect(claim.replacement).toBe('It is widely believed that solar panels are the best investment a homeowner can make [add a source link].');
    const sourced = TEXT.replace('the best investment a homeowner can make', 'the best investment for 72% of homeowners');
    expect(byKind('unsupported-claim', sourced)).toEqual([]);
  });
});

describe('applySuggestion', () => {
  it('shifts the suggestions after the fix by the change in length and keeps those before it', () => {
    const before = analyse().suggestions;
    const opening = before.find((s) => s.kind === 'answer-first')!;
    const applied = applySuggestion(TEXT, before, opening.id)!;
    const delta = opening.replacement!.length - opening.original.length;
    expect(applied.suggestions.find((s) => s.id === opening.id)).toBeUndefined();
    for (const s of applied.suggestions) {
      const old = before.find((b) => b.id === s.id)!;
      const shift = old.position.start >= opening.position.end ? delta : 0;
      expect(s.position).toEqual({ start: old.position.start + shift, end: old.position.end + shift });
      expect(applied.text.slice(s.position.start, s.position.end)).toBe(s.original);
    }
    // A second fix on the shifted positions lands on the right words.
    const heading = applied.suggestions.find((s) => s.kind === 'question-heading')!;
    const again = applySuggestion(applied.text, applied.suggestions, heading.id)!;
    expect(again.text).toContain('## What are the benefits of solar panels?\n');
  });

  it('drops suggestions that overlapped the replaced range', () => {
    const before = analyse().suggestions;
    const weasel = before.find((s) => s.kind === 'weasel-phrase')!;
    const applied = applySuggestion(TEXT, before, weasel.id)!;
    expect(applied.suggestions.some((s) => s.kind === 'unsupported-claim')).toBe(false);
  });

  it('refuses a fix whose text has changed since the analysis', () => {
    const before = analyse().suggestions;
    const long = before.find((s) => s.kind === 'long-sentence')!;
    expect(applySuggestion(TEXT.replace('certified', 'licensed'), before, long.id)).toBeNull();
  });
});
