import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '@citable/contract';
import { page, SOLAR_GUIDE, USER_URL } from '../tools/fixtures/pages';
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
      expect(faq.score.checkId).toBe('concise-answers');
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
    expect(tags.descriptionScore.checkId).toBe('meta-description');
    expect(tags.raw).toContain(`<title>`);
  });

  it('gives the same output for the same input', () => {
    for (const contentType of ['faq', 'meta-tags', 'snippets', 'headings', 'descriptions'] as const) {
      expect(generateContent({ ...base, contentType })).toEqual(generateContent({ ...base, contentType }));
    }
  });
});
