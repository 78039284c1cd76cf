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

describe('scoreGeneratedContent with the question an answer answers', () => {
  const question = 'What should you know about server crash?';
  // 33 words, inside the ideal range: only its subject is wrong.
  const unrelated = 'Stone and wood are the cheapest blocks to gather in the early game, and they suit most houses. Glass needs sand and a furnace, and it lets light into the rooms you build.';
  const related = 'A server crash usually comes from too many entities loaded at once, so limit redstone machines to a few per chunk, clear dropped items with a plugin and restart the server once a day.';

  it('does not rate an unrelated answer of ideal length 100', () => {
    expect(scoreGeneratedContent({ kind: 'answer', text: unrelated }).score).toBe(100);
    const scored = scoreGeneratedContent({ kind: 'answer', question, text: unrelated });
    expect(scored).toMatchObject({ checkId: 'concise-answers', score: 0, passed: false });
    expect(scored.message).toContain('names 0 of the question\'s 2 key terms (missing: server, crash)');
  });

  it('rates an answer that names what the question asks by the check alone', () => {
    expect(scoreGeneratedContent({ kind: 'answer', question, text: related })).toMatchObject({ score: 100, passed: true });
    expect(scoreGeneratedContent({ kind: 'answer', question, text: related }).message).toContain('names 2 of the question\'s 2 key terms.');
  });

  it('scales the score with the share of key terms the answer names', () => {
    const half = related.replace(/crash/g, 'slowdown');
    const partial = scoreGeneratedContent({ kind: 'answer', question, text: half });
    expect(partial.score).toBe(75);
    expect(partial.passed).toBe(false);
    // Two of three key terms count as fully on topic.
    const three = scoreGeneratedContent({ kind: 'answer', question: 'How do you prevent server crashes?', text: related });
    expect(three.score).toBe(100);
  });

  it('places the answer under its own question, so a short answer still scores by length', () => {
    const short = scoreGeneratedContent({ kind: 'answer', question: 'server crash', text: 'A server crash comes from too many entities.' });
    expect(short).toMatchObject({ score: 40, passed: false });
  });

  it('scores a question that names nothing as unanswerable', () => {
    expect(scoreGeneratedContent({ kind: 'answer', question: 'What is it?', text: related }).score).toBe(0);
  });
});
