import { describe, expect, it } from 'vitest';
import { GENERATOR_CONTENT_TYPES, PLACEHOLDERS } from '@citable/contract';
import { benchPages } from '../tools/quality-bench/quality-bench';
import { BENCH_SITES, COFFEE_ROASTER } from '../tools/quality-bench/sites';
import { isBylineOrCaption } from '../tools/prose';
import { splitSentences } from '../text/words';
import { generateContent, type GenerateContentInput } from './generate-content';

/** Issue #32's findings on the Content Generator, measured on every labelled site of the quality bench. */

const pagesOf = (site: (typeof BENCH_SITES)[number]) => benchPages(site).map((model) => ({ url: model.url!, model }));
const letters = (text: string) => text.replace(/^\s*(?:\d+\.|-)\s+/gm, '').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** Every text the generator offers for the site's topic, its labelled entities and an unrelated pair of keywords. */
function everyOutput(site: (typeof BENCH_SITES)[number]) {
  const pages = pagesOf(site);
  const runs: { input: GenerateContentInput; output: ReturnType<typeof generateContent> }[] = [];
  for (const contentType of GENERATOR_CONTENT_TYPES) {
    for (const [topic, keywords] of [
      [site.topic, []],
      [site.topic, site.entities.slice(0, 2).map((e) => e.name)],
      ['equipment', ['pour-over']],
    ] as [string, string[]][]) {
      const input: GenerateContentInput = { contentType, topic, keywords, length: 'medium', pages, siteLabel: site.name };
      runs.push({ input, output: generateContent(input) });
    }
  }
  return { pages, runs };
}

describe('Content Generator on the labelled sites (issue #32)', () => {
  it('never opens a text with a byline, a date or the navigation', () => {
    for (const site of BENCH_SITES) {
      const { pages, runs } = everyOutput(site);
      const navs = pages.map((p) => p.model.links.filter((l) => !l.inMain && l.text).map((l) => l.text.trim()).join(' ')).filter((n) => n.includes(' '));
      for (const { input, output } of runs) {
        const g = output.generatedContent;
        const texts = [...g.faqs.map((f) => f.answer), ...g.snippets.map((s) => s.text), ...g.headings.map((h) => h.answer ?? ''), ...g.descriptions.map((d) => d.text), g.metaTags?.description ?? ''].filter((t) => t && t !== PLACEHOLDERS.answer);
        for (const text of texts) {
          const first = splitSentences(text)[0] ?? '';
          expect(isBylineOrCaption(first), `${site.name} ${input.contentType} ${input.topic}: ${text}`).toBe(false);
          expect(text, `${site.name} ${input.contentType}`).not.toMatch(/^(?:By |Published|Updated)/);
          for (const nav of navs) expect(text.startsWith(nav), `${site.name}: ${text}`).toBe(false);
        }
      }
    }
  });

  it('keeps every grounded answer traceable: the passage it came from is kept, holds the answer, and stands on the page', () => {
    for (const site of BENCH_SITES) {
      const { pages, runs } = everyOutput(site);
      const byUrl = new Map(pages.map((p) => [p.url, letters(p.model.mainText)]));
      for (const { output } of runs) {
        const items = [...output.generatedContent.faqs.map((f) => ({ ...f, text: f.answer })), ...output.generatedContent.snippets, ...output.generatedContent.headings.map((h) => ({ ...h, text: h.answer ?? '' }))];
        for (const item of items.filter((i) => i.grounded)) {
          expect(item.sourcePassage, `${site.name}: ${item.text}`).toBeTruthy();
          expect(letters(item.sourcePassage!)).toContain(letters(item.text).replace(/…$/, ''));
          expect(byUrl.get(item.sourceUrl!)).toContain(letters(item.sourcePassage!));
        }
      }
    }
  });

  it('checks a claim that no page covers a keyword against every page read', () => {
    const ledger = BENCH_SITES.find((s) => s.kind === 'publisher')!;
    const { generatedContent } = generateContent({ contentType: 'faq', topic: 'ferry fares', keywords: [ledger.name], length: 'medium', pages: pagesOf(ledger), siteLabel: ledger.name });
    const uncovered = generatedContent.faqs.filter((f) => !f.grounded);
    expect(uncovered.length).toBeGreaterThan(0);
    // The site's own name is on its page: never "None of the pages covers it".
    for (const f of uncovered) {
      expect(f.reason).not.toMatch(/^None of/);
      expect(f.reason).toMatch(/mentions “The Tidewater Ledger” \(https:\/\/tidewaterledger\.example\//);
    }
    // A keyword no page names is still said to be uncovered.
    const none = generateContent({ contentType: 'faq', topic: 'ferry fares', keywords: ['espresso machines'], length: 'medium', pages: pagesOf(ledger), siteLabel: ledger.name }).generatedContent.faqs.find((f) => !f.grounded);
    expect(none?.reason).toBe(`None of the 1 page read on ${ledger.name} covers “espresso machines”.`);
  });

  it('keeps a list the page wrote as a list, with the page\'s own step numbers', () => {
    const { generatedContent } = generateContent({ contentType: 'snippets', topic: 'equipment', keywords: ['pour-over'], length: 'medium', pages: pagesOf(COFFEE_ROASTER), siteLabel: 'stumptownbean.example' });
    const steps = generatedContent.snippets.find((s) => s.text.includes('Pour 50 g of water'));
    expect(steps?.text).toContain('4. Pour 50 g of water to bloom the grounds and wait 30 seconds.\n5. Pour the rest of the water in slow circles up to 350 g.\n6. Let it drain');
  });

  it('opens a meta description with the article, not its byline', () => {
    const tags = generateContent({ contentType: 'meta-tags', topic: 'equipment', keywords: ['pour-over'], length: 'medium', pages: pagesOf(COFFEE_ROASTER), siteLabel: 'stumptownbean.example' }).generatedContent.metaTags!;
    expect(tags.description).toMatch(/^Pour-over coffee is brewed by pouring hot water/);
  });

  it('never rates text it wrote from a template: placeholders and assembled titles carry no score', () => {
    const pages = pagesOf(COFFEE_ROASTER);
    const faq = generateContent({ contentType: 'faq', topic: 'pour-over', keywords: ['espresso machines'], length: 'medium', pages, siteLabel: 'stumptownbean.example' }).generatedContent.faqs;
    const placeholder = faq.find((f) => f.answer === PLACEHOLDERS.answer);
    expect(placeholder).toMatchObject({ grounded: false, score: null });
    for (const f of faq.filter((x) => x.grounded)) expect(f.score).not.toBeNull();
    const assembled = generateContent({ contentType: 'meta-tags', topic: 'equipment', keywords: ['pour-over'], length: 'medium', pages, siteLabel: 'stumptownbean.example' }).generatedContent.metaTags!;
    expect(assembled.title).toBe('Equipment: How to brew pour-over coffee');
    expect(assembled.titleScore).toBeNull();
    const own = generateContent({ contentType: 'meta-tags', topic: 'coffee beans', keywords: [], length: 'medium', pages, siteLabel: 'stumptownbean.example' }).generatedContent.metaTags!;
    expect(own.title).toBe('Stumptown Bean Co | Small-batch coffee roasters in Portland');
    expect(own.titleScore?.checkId).toBe('document-title');
  });
});
