import { describe, expect, it } from 'vitest';
import { answerRelevance, FULL_ANSWER_RELEVANCE, MIN_ANSWER_RELEVANCE, questionTerms, relevantAnswer } from './answer-relevance';

const BLOCKS = 'Stone and wood are the cheapest blocks to gather in the early game, and they suit most houses. Glass needs sand and a furnace, and it lets light into the rooms you build.';

describe('questionTerms', () => {
  it('keeps what the question asks about, not the words that frame it', () => {
    expect(questionTerms('What should you know about server crash?')).toEqual(['server', 'crash']);
    expect(questionTerms('How long do solar panels last?')).toEqual(['solar', 'panel', 'last']);
    expect(questionTerms('How much does a heat pump cost?')).toEqual(['heat', 'pump', 'cost']);
    expect(questionTerms('What is it?')).toEqual([]);
  });
});

describe('answerRelevance', () => {
  it('is the share of the question\'s key terms the answer names, plural-tolerant', () => {
    expect(answerRelevance('How long do solar panels last?', 'Most solar panels last 25 to 30 years.')).toEqual({ relevance: 1, terms: ['solar', 'panel', 'last'], missing: [] });
    expect(answerRelevance('What should you know about server crash?', BLOCKS)).toMatchObject({ relevance: 0, missing: ['server', 'crash'] });
    expect(answerRelevance('What should you know about server crash?', 'A busy server runs slowly.').relevance).toBe(0.5);
    expect(answerRelevance('What is it?', 'Anything at all.').relevance).toBe(0);
  });

  it('sets the bar between one of two and two of three key terms', () => {
    expect(MIN_ANSWER_RELEVANCE).toBeGreaterThan(0.5);
    expect(MIN_ANSWER_RELEVANCE).toBeLessThanOrEqual(2 / 3);
    expect(FULL_ANSWER_RELEVANCE).toBeCloseTo(2 / 3);
  });
});

describe('relevantAnswer', () => {
  it('answers from the opening when the opening is about the question', () => {
    const text = 'Limit redstone machines to a few per chunk and restart the server once a day. A server crash usually comes from too many entities loaded at once.';
    expect(relevantAnswer('How do you prevent server crashes?', text)).toBe(text);
  });

  it('starts where the text speaks about the question when its opening does not', () => {
    const text = `${BLOCKS} Very large builds can crash a small server if too many machines run at once.`;
    expect(relevantAnswer('What should you know about server crash?', text)).toBe('Very large builds can crash a small server if too many machines run at once.');
  });

  it('gives no answer when the text is about something else, or names only part of what is asked', () => {
    expect(relevantAnswer('What should you know about server crash?', BLOCKS)).toBeNull();
    expect(relevantAnswer('What should you know about server crash?', 'A busy server runs slowly when many players join at the same time.')).toBeNull();
    expect(relevantAnswer('What is it?', BLOCKS)).toBeNull();
  });

  it('leaves a byline out of the answer', () => {
    const text = 'By Jane Doe, published 1 March 2025. Most solar panels last 25 to 30 years, and inverters are replaced once.';
    expect(relevantAnswer('How long do solar panels last?', text)).toBe('Most solar panels last 25 to 30 years, and inverters are replaced once.');
  });
});
