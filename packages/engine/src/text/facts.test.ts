import { describe, expect, it } from 'vitest';
import { findStatistics, isFurniture } from './facts';

const values = (sentence: string) => findStatistics([sentence]).map((s) => s.value);

describe('findStatistics', () => {
  it('finds figures stated by the text', () => {
    expect(values('Sales rose 12% last year.')).toEqual(['12%']);
    expect(values('The clip drew 2 million views in a day.')).toEqual(['2 million']);
    expect(values('The Dow fell 1,200 points.')).toEqual(['1,200']);
    expect(values('About 9 out of 10 dentists agree.')).toEqual(['9 out of 10']);
    expect(values('She ran the lab for 6 years.')).toEqual(['6 years']);
    expect(values('Only 1 of 1,024 samples failed the test.')).toEqual(['1,024']);
    expect(values('The report drew 1,234 comments from regulators.')).toEqual(['1,234']);
    expect(values('Shares rose 12% after the report.')).toEqual(['12%']);
    expect(values('Turnout was 84%, upvoted by none.')).toEqual(['84%']);
  });

  it('skips relative times', () => {
    expect(values('Uploaded 6 years ago')).toEqual([]);
    expect(values('Edited 5 minutes ago.')).toEqual([]);
    // The scan goes on past furniture to the sentence's fact.
    expect(values('I moved here 6 years ago and the rent rose 40%.')).toEqual(['40%']);
  });

  it('skips pagination and gallery counters', () => {
    expect(values('Result 1 of 1,024')).toEqual([]);
    expect(values('Photo 3 of 1,200 in the gallery.')).toEqual([]);
    expect(values('1 of 1,024')).toEqual([]);
    expect(values('Page 2 of 5')).toEqual([]);
  });

  it('skips rating widgets', () => {
    expect(values('Rated 4.5 out of 5 stars')).toEqual([]);
    expect(values('Rating: 9 out of 10 by our panel.')).toEqual([]);
    expect(values('4 out of 5 stars from 1,234 reviews')).toEqual([]);
    expect(values('The hotel has 4 out of 5 stars.')).toEqual([]);
    expect(values('Customers gave it 4 stars 1,234 times.')).toEqual(['1,234']);
  });

  it('skips vote shares', () => {
    expect(values('84% Upvoted')).toEqual([]);
    expect(values('This thread is 91% upvoted and archived.')).toEqual([]);
  });

  it('skips interface counters: at the start of a line, on a line that is not a sentence, or between separators', () => {
    expect(values('14,358 views')).toEqual([]);
    expect(values('14,358 views. Great video.')).toEqual([]);
    expect(values('Uploaded by Kitchen Basics 14,358 views')).toEqual([]);
    expect(values('Great clip • 14,358 views • worth watching in full.')).toEqual([]);
    expect(values('Great clip | 1,204 likes | worth watching in full.')).toEqual([]);
    expect(values('10,000+ downloads')).toEqual([]);
    expect(values('1,200K views')).toEqual([]);
    expect(values('1,234 comments')).toEqual([]);
    expect(values('Share 2,345')).toEqual([]);
    expect(values('Views: 14,358')).toEqual([]);
    expect(values('It was shared 2,345 times.')).toEqual(['2,345']);
    expect(values('Comments closed after 1,200 replies.')).toEqual(['1,200']);
  });

  it('keeps the first fact of each sentence and stops at the limit', () => {
    const sentences = ['Prices fell 42% in a decade.', '14,358 views', 'A system costs $12,000.'];
    expect(findStatistics(sentences)).toEqual([
      { value: '42%', sentence: 'Prices fell 42% in a decade.' },
      { value: '$12,000', sentence: 'A system costs $12,000.' },
    ]);
    expect(findStatistics(sentences, 1)).toHaveLength(1);
    expect(findStatistics(['No figures here.', 'Nor 3 here.'])).toEqual([]);
  });
});

describe('isFurniture', () => {
  it('tells where in a line a figure is furniture', () => {
    const line = 'Posted 6 years ago, the survey found 42% agreed.';
    expect(isFurniture(line, line.indexOf('6'), line.indexOf('6') + 7)).toBe(true);
    expect(isFurniture(line, line.indexOf('42'), line.indexOf('42') + 3)).toBe(false);
  });
});
