import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '@citable/contract';
import { GAME_GUIDE, page, SERVER_CRASH_SECTION, SOLAR_GUIDE, USER_URL } from '../tools/fixtures/pages';
import { answerRelevance, MIN_ANSWER_RELEVANCE } from './answer-relevance';
import { generateContent, type GenerateContentInput } from './generate-content';

const guide = page(SOLAR_GUIDE, USER_URL);
const pages = [{ url: USER_URL, model: guide }];
// Letters only: list items are joined into sentences, so spacing and punctuation may differ.
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
const pageText = letters(guide.mainText);
const base: Omit<GenerateContentInput, 'contentType'> = { topic: 'solar panels', keywords: ['winter'], length: 'medium', pages, siteLabel: 'sunny.example' };

describe('generateContent (built-in generator)', () => {
  it('answers FAQs with the site’s own sentences, scored by the concise-answers check', () => {
    const { generatedContent, optimizationTips } = generateContent({ ...base, length: 'long', contentType: 'faq' });
    expect(generatedContent.faqs.length).toBeGreaterThanOrEqual(3);
    expect(generatedContent.faqs.map((f) => f.question)).toContain('How much do solar panels cost?');
    expect(generatedContent.faqs.map((f) => f.question)).toContain('How do you install solar panels?');
    for (const faq of generatedContent.faqs) {
      expect(faq.grounded).toBe(true);
      expect(pageText).toContain(letters(faq.answer));
      expect(faq.score?.checkId).toBe('concise-answers');
    }
    expect(optimizationTips.some((tip) => tip.includes('FAQPage'))).toBe(true);
  });

  it('marks a keyword the pages never cover as ungrounded, with the reason, and writes no answer for it', () => {
    const { generatedContent } = generateContent({ ...base, keywords: ['wind turbines'], contentType: 'faq' });
    const missing = generatedContent.faqs.find((f) => f.question === 'What should you know about wind turbines?');
    expect(missing).toMatchObject({ grounded: false, answer: PLACEHOLDERS.answer });
    expect(missing?.reason).toBe('None of the 1 page read on sunny.example covers “wind turbines”.');
  });

  it('writes meta tags within the audit’s lengths from the page itself', () => {
    const tags = generateContent({ ...base, contentType: 'meta-tags' }).generatedContent.metaTags!;
    expect(tags.grounded).toBe(true);
    expect(tags.title.length).toBeLessThanOrEqual(60);
    expect(tags.keywords).toContain('winter');
    expect(tags.descriptionScore?.checkId).toBe('meta-description');
    expect(tags.raw).toContain(`<title>`);
  });

  it('gives the same output for the same input', () => {
    for (const contentType of ['faq', 'meta-tags', 'snippets', 'headings', 'descriptions'] as const) {
      expect(generateContent({ ...base, contentType })).toEqual(generateContent({ ...base, contentType }));
    }
  });
});

describe('generated FAQs answer their questions (the "server crash" case)', () => {
  const url = 'https://blockworks.example/guides/building';
  const run = (html: string, contentType: GenerateContentInput['contentType'] = 'faq') =>
    generateContent({ contentType, topic: 'Minecraft', keywords: ['server crash'], length: 'long', pages: [{ url, model: page(html, url) }], siteLabel: 'blockworks.example' }).generatedContent;
  const passing = GAME_GUIDE.replace(SERVER_CRASH_SECTION, '');

  it('drops a keyword\'s FAQ rather than answer it with a passage about something else', () => {
    const { faqs } = run(passing);
    expect(faqs.some((f) => /server crash/i.test(f.question))).toBe(false);
    expect(faqs.some((f) => /^Stone and wood/.test(f.answer))).toBe(false);
  });

  it('asks "What should you know about X?" only about the page\'s main topic, and prefers what the page defines', () => {
    const { faqs } = run(passing);
    expect(faqs.map((f) => f.question)).toEqual(['What is Minecraft?']);
    expect(faqs[0].answer).toMatch(/^Minecraft is a sandbox game/);
    // Without a definition, the main topic gets the general question; a word met in passing ("glass") gets none.
    const undefined_ = passing.replace('Minecraft is a sandbox game in which players', 'In Minecraft, players');
    const general = generateContent({ contentType: 'faq', topic: 'Minecraft', keywords: ['glass'], length: 'long', pages: [{ url, model: page(undefined_, url) }], siteLabel: null }).generatedContent.faqs;
    expect(general.map((f) => f.question)).toEqual(['What should you know about Minecraft?']);
    expect(general[0].answer).toMatch(/^In Minecraft, players build worlds/);
  });

  it('answers the general question about the main topic from where the passage speaks about it', () => {
    const crashGuide = passing.replace('<title>Minecraft building guide | Blockworks</title>', '<title>Minecraft server crash guide | Blockworks</title>');
    const { faqs } = run(crashGuide);
    const crash = faqs.find((f) => f.question === 'What should you know about server crash?');
    expect(crash?.answer).toBe('Very large builds can crash a small server if too many machines run at once.');
    expect(crash?.score?.score).toBeLessThan(100);
  });

  it('answers from the section headed by the question, and every grounded answer names what its question asks', () => {
    const { faqs } = run(GAME_GUIDE);
    const crash = faqs.find((f) => /server crash/i.test(f.question));
    expect(crash).toMatchObject({ question: 'How do you prevent server crashes?', grounded: true, sourceUrl: url });
    expect(crash!.answer).toMatch(/^Limit redstone machines/);
    for (const faq of faqs.filter((f) => f.grounded)) expect(answerRelevance(faq.question, faq.answer).relevance).toBeGreaterThanOrEqual(MIN_ANSWER_RELEVANCE);
  });

  it('rates its FAQs by the check and by relevance, never 100 by construction', () => {
    for (const faq of run(GAME_GUIDE).faqs) expect(faq.score?.message).toMatch(/key terms/);
  });

  it('reframes a heading as a question only from its own words, and gives snippets that speak about the query', () => {
    const { headings } = run(GAME_GUIDE, 'headings');
    expect(headings.filter((h) => h.grounded).map((h) => h.text)).toEqual(['How do you prevent server crashes?']);
    const { snippets } = run(passing, 'snippets');
    const crash = snippets.find((s) => s.grounded && /crash/.test(s.text));
    expect(crash?.text).toMatch(/^Very large builds can crash a small server/);
    for (const s of snippets.filter((x) => x.grounded)) expect(s.text).not.toMatch(/^Stone and wood/);
  });
});
