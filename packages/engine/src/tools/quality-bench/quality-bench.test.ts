import { describe, expect, it } from 'vitest';
import { VOICE_ASSISTANTS } from '@citable/contract';
import { analyzeEntityCoverage, entitiesOf } from '../entity-coverage';
import { scorePrompts, suggestPrompts } from '../prompt-suggestions';
import { NOT_ANSWERED, testVoiceAssistants } from '../voice-assistant-tester';
import { benchPages, benchTotals, runToolQualityBench } from './quality-bench';
import { COFFEE_ROASTER, DENTAL_PRACTICE } from './sites';

const coffee = () => benchPages(COFFEE_ROASTER);
const [HOME, ARTICLE] = [0, 1];

describe('the offline quality bench (issue #32)', () => {
  it('meets the targets on every labelled site: entity precision, voice answers, prompts that fit, prompts scored by answers', () => {
    const figures = runToolQualityBench();
    const totals = benchTotals(figures);
    // The misses are in the message, so a failure says which case broke.
    const misses = figures.flatMap((f) => [...f.entities.wrong, ...f.entities.junkTopics, ...f.voice.misses, ...f.prompts.unfit, ...f.prompts.scoreMisses]);
    expect(totals.entityPrecision, misses.join('\n')).toBeGreaterThanOrEqual(90);
    expect(totals.junkTopics, misses.join('\n')).toBe(0);
    expect(totals.voiceCorrect, misses.join('\n')).toBeGreaterThanOrEqual(90);
    expect(totals.unfitPrompts, misses.join('\n')).toBe(0);
    expect(totals.promptScoring, misses.join('\n')).toBeGreaterThanOrEqual(90);
  });
});

describe('Entity Coverage on the coffee roaster', () => {
  it('reads an all-caps banner as no entity, and keeps the legal form with the name', () => {
    const names = entitiesOf(coffee()[HOME]).map((e) => e.name);
    expect(names).not.toContain('CO');
    expect(names.filter((n) => /^co$/i.test(n))).toEqual([]);
    expect(entitiesOf(coffee()[HOME])).toContainEqual(expect.objectContaining({ name: 'Stumptown Bean Co', type: 'organization' }));
  });

  it('never advises adding a banner fragment as a missing entity, nor scores coverage 0 on it', () => {
    const rival = benchPages(COFFEE_ROASTER)[HOME];
    const own = benchPages(COFFEE_ROASTER)[ARTICLE];
    const result = analyzeEntityCoverage({ page: own, competitors: [rival] });
    expect(result.missingEntities.map((e) => e.name)).not.toContain('CO');
    expect(result.missingEntities.flatMap((e) => e.recommendations).join(' ')).not.toMatch(/\bCO\b/);
  });

  it('splits a run-together list of places into its items', () => {
    const places = entitiesOf(coffee()[HOME]).filter((e) => e.type === 'place').map((e) => e.name);
    expect(places).toEqual(expect.arrayContaining(['Ethiopia', 'Colombia', 'Guatemala']));
    // Only the declared street address carries commas.
    expect(places.filter((p) => p.includes(',') && !/\d/.test(p))).toEqual([]);
  });

  it('types the product from its markup and no page heading as an organisation', () => {
    const all = coffee().flatMap((p) => entitiesOf(p));
    expect(all).toContainEqual(expect.objectContaining({ name: 'Hawthorne House Blend', type: 'product' }));
    expect(all.filter((e) => e.type === 'organization').map((e) => e.name)).not.toContain('Brew Pour-Over Coffee');
    expect(all.filter((e) => e.type === 'organization' && /pour-over/i.test(e.name))).toEqual([]);
  });

  it('lists noun phrases as topics, never stop words or fragments', () => {
    const topics = coffee().flatMap((p) => entitiesOf(p)).filter((e) => e.type === 'topic').map((e) => e.name.toLowerCase());
    for (const junk of ['step', 'use', 'fine', 'cup use', 'every', 'best']) expect(topics).not.toContain(junk);
  });
});

describe('Voice Assistant Tester on the coffee roaster', () => {
  it('answers "where" with the café address from the page and its PostalAddress, not an unrelated sentence', () => {
    const result = testVoiceAssistants({ query: 'Where can I buy fresh coffee beans in Portland?', assistants: [...VOICE_ASSISTANTS], userPages: coffee(), competitorPages: [] });
    for (const r of result.results) {
      expect(r.response).toContain('412 SE Hawthorne Blvd');
      expect(r.response).not.toMatch(/aromatics/);
      expect(r.mentioned).toBe(true);
    }
  });

  it('says the site does not answer a question no page answers, with no mention, rank or confidence', () => {
    const result = testVoiceAssistants({ query: 'Do you sell espresso machines?', assistants: [...VOICE_ASSISTANTS], userPages: coffee(), competitorPages: [] });
    for (const r of result.results) expect(r).toMatchObject({ response: NOT_ANSWERED, mentioned: false, ranking: null, confidence: 0, source: null });
    expect(result.summary).toMatchObject({ totalMentions: 0, averageRanking: null });
  });

  it('answers "how much" with the price and "how to" with the numbered steps, never the byline', () => {
    const price = testVoiceAssistants({ query: 'How much does the Hawthorne House Blend cost?', assistants: ['alexa'], userPages: coffee(), competitorPages: [] });
    expect(price.results[0].response).toContain('$19.50');
    const steps = testVoiceAssistants({ query: 'How do I brew pour-over coffee?', assistants: ['google'], userPages: coffee(), competitorPages: [] });
    expect(steps.results[0].response).toMatch(/^Step 1: Heat the water/);
    expect(steps.results[0].response).not.toMatch(/Maya Okafor|Published/);
  });

  it('shows the assistants as one simulated answer when they would read the same text from the same page', () => {
    const same = testVoiceAssistants({ query: 'Where is Brightside Dental located?', assistants: [...VOICE_ASSISTANTS], userPages: benchPages(DENTAL_PRACTICE), competitorPages: [] });
    expect(new Set(same.results.map((r) => r.response)).size).toBe(1);
    expect(same.sameAnswer).toBe(true);
  });
});

describe('Prompt Match Suggestions on the coffee roaster', () => {
  it('never offers a page title as a prompt, nor service-business prompts to a shop', () => {
    const result = suggestPrompts({ topic: 'coffee beans', pages: coffee() });
    const prompts = Object.values(result.promptsByCategory).flat().map((p) => p.prompt);
    expect(prompts).not.toContain('How to brew pour-over coffee');
    expect(prompts.filter((p) => /hire a provider|free quote/i.test(p))).toEqual([]);
    expect(prompts).toContain('Where can I buy coffee beans?');
  });

  it('rates a price question answered when the product page shows the price', () => {
    const [score] = scorePrompts(['How much do specialty coffee beans cost?'], coffee());
    expect(score.answered).toBe(true);
    expect(score.likelihood).toBeGreaterThanOrEqual(50);
    expect(score.likelihood).toBeLessThan(100);
    expect(score.best?.text).toContain('$19.50');
  });
});

describe('Content Generator on the coffee roaster', () => {
  it('never claims that no page covers "pour-over" when the article is about it, and answers from the article\'s passages', async () => {
    const { generateContent } = await import('../../content/generate-content');
    const pages = coffee().map((model) => ({ url: model.url!, model }));
    const result = generateContent({ contentType: 'faq', topic: 'pour-over', keywords: [], length: 'medium', pages, siteLabel: 'stumptownbean.example' });
    const faqs = result.generatedContent.faqs;
    expect(faqs.filter((f) => !f.grounded)).toEqual([]);
    expect(faqs.length).toBeGreaterThan(0);
    const article = pages[ARTICLE].model.mainText;
    for (const f of faqs) {
      expect(f.answer).not.toMatch(/^By |Published/);
      // Traceable: every answer's first sentence stands in the page it cites.
      expect(article.replace(/\s+/g, ' ')).toContain(f.answer.split(/(?<=[.!?])\s/)[0].replace(/…$/, '').trim().slice(0, 40));
    }
  });
});
