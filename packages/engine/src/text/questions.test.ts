import { describe, expect, it } from 'vitest';
import { isQuestion } from './questions';
import { buildPageModel } from '../model/build-page-model';

describe('isQuestion', () => {
  it('reads questions: a question mark, an auxiliary or "to" after the wh-word, an inverted noun phrase, a yes/no question', () => {
    for (const text of ['How do heat pumps work in winter', 'How to brew green tea', 'How much does a heat pump cost', "What's new in version 5", 'Which heat pump is best for cold climates', 'What size pump should I buy', 'Is a heat pump worth it', 'Can heat pumps work at minus twenty', 'Warum Wärmepumpen?']) {
      expect(isQuestion(text), text).toBe(true);
    }
  });

  it('reads a statement that starts with a wh-word as a statement', () => {
    for (const text of ['How heat pumps work in cold climates', 'Why we left the cloud', 'What it means for renters', 'When the lights went out', 'Who we are and what we do', 'What it is']) {
      expect(isQuestion(text), text).toBe(false);
    }
  });
});

describe('question headings on a page', () => {
  const body = (heading: string, under: string) =>
    `<!doctype html><html lang="en"><head><title>Heat pumps</title></head><body><article><h1>Heat pumps</h1><p>${'An opening paragraph about heat pumps and homes. '.repeat(3)}</p>` +
    `<h2>${heading}</h2>${under}<p>They move heat from the outside air into the house, and they keep doing so well below freezing.</p></article></body></html>`;
  const answers = (heading: string, under: string) => buildPageModel({ body: body(heading, under), format: 'html', url: 'https://example.com/heat-pumps' }).answers;

  it('does not count a statement heading as a question', () => {
    expect(answers('How heat pumps work in cold climates', '')).toEqual([]);
  });

  it('never gives a byline or a dateline as the answer: the answer is the prose after them', () => {
    for (const under of ['<p>By Jane Doe</p>', '<p>Par Jean Dupont</p>', '<p>March 4, 2019 · 5 min read</p>', '<p>04.03.2019</p>']) {
      const [qa] = answers('How do heat pumps work in cold climates?', under);
      expect(qa.answer, under).toBe('They move heat from the outside air into the house, and they keep doing so well below freezing.');
    }
  });

  it('keeps an answer that starts with a date inside a sentence of prose', () => {
    const [qa] = answers('When did the law change?', '');
    expect(qa.answer).toMatch(/^They move heat/);
    const [dated] = answers('When did the law change?', '<p>On 4 March 2019 the parliament passed the law that made heat pumps the default in new homes across the country.</p>');
    expect(dated.answer).toMatch(/^On 4 March 2019 the parliament/);
  });
});
