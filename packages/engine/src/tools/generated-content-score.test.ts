import { describe, expect, it } from 'vitest';
import { scoreGeneratedContent } from './generated-content-score';

describe('scoreGeneratedContent', () => {
  it('scores titles by the document-title check\'s 10-70 character range', () => {
    expect(scoreGeneratedContent({ kind: 'title', text: 'Solar panels for homes: costs and savings' })).toMatchObject({ checkId: 'document-title', score: 100, passed: true, range: { min: 10, max: 70 }, unit: 'characters' });
    expect(scoreGeneratedContent({ kind: 'title', text: 'Solar' })).toMatchObject({ score: 60, passed: false, length: 5 });
    expect(scoreGeneratedContent({ kind: 'title', text: 'Home' }).score).toBe(40);
    expect(scoreGeneratedContent({ kind: 'title', text: 'x'.repeat(71) }).score).toBe(80);
  });

  it('scores descriptions by the meta-description check\'s 70-160 character range', () => {
    expect(scoreGeneratedContent({ kind: 'description', text: 'Too short' })).toMatchObject({ checkId: 'meta-description', score: 50, range: { min: 70, max: 160 } });
    expect(scoreGeneratedContent({ kind: 'description', text: 'What home solar panels cost, how much they save each year & how long they take to "pay back".' })).toMatchObject({ score: 100, passed: true });
  });

  it('scores answers by the concise-answers check\'s 25-60 word range', () => {
    const good = 'A typical home solar system costs about twelve thousand dollars before incentives, and the federal tax credit lowers that by thirty percent for most households that install panels this year.';
    expect(scoreGeneratedContent({ kind: 'answer', text: good })).toMatchObject({ checkId: 'concise-answers', unit: 'words', score: 100, range: { min: 25, max: 60 } });
    expect(scoreGeneratedContent({ kind: 'answer', text: 'About $12,000.' }).score).toBe(40);
    expect(scoreGeneratedContent({ kind: 'answer', text: '' }).score).toBe(0);
  });
});
