import { describe, expect, it } from 'vitest';
import { llmsTxt as llmsTxtCheck } from '../checks/llms-txt';
import { parseLlmsTxt } from '../site/llms-txt';
import { generateLlmsTxt } from './llms-txt-generator';
import { summarizeSite } from './site-summary';
import { BYLINE_ARTICLE, BYLINE_RUN_IN, IP_SITE, page, PERSON, PRODUCT, SOLAR_GUIDE, USER_ENTITIES, USER_URL } from './fixtures/pages';

const PRIVACY = '<html><body><main><h1>Privacy policy</h1><p>We keep your data safe and never sell it to anyone at all.</p></main></body></html>';
const site = () => [
  page(SOLAR_GUIDE, USER_URL),
  page(USER_ENTITIES, 'https://sunny.example/guides/home-solar'),
  page(PRODUCT, 'https://sunny.example/shop/x2'),
  page(PERSON, 'https://sunny.example/team/jane-doe'),
  page(PRIVACY, 'https://sunny.example/privacy'),
];

describe('summarizeSite', () => {
  it('extracts ranked, distinct sentences from the pages, in reading order', () => {
    const result = summarizeSite({ pages: site(), summaryType: 'overview' });
    expect(result.sentences).toHaveLength(5);
    expect(result.summary).toBe(result.sentences.map((s) => s.text).join(' '));
    expect(result.summary).toContain('Solar panels for homes cost about $12,000');
    const texts = site().flatMap((p) => p.sentences);
    for (const s of result.sentences) expect(texts).toContain(s.text);
    expect(new Set(result.sentences.map((s) => s.text)).size).toBe(5);
    expect(summarizeSite({ pages: site(), summaryType: 'brief' }).sentences).toHaveLength(2);
  });

  it('reports entities, topics and notes on what the pages lack', () => {
    const result = summarizeSite({ pages: site(), summaryType: 'overview' });
    expect(result.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Jane Doe', 'Enphase Energy']));
    expect(result.topics).toContain('solar panels');
    expect(result.optimizationNotes.some((n) => n.startsWith('2 of 5 pages have no meta description'))).toBe(true);
    expect(result.pagesAnalyzed).toBe(5);
  });
});

describe('generateLlmsTxt', () => {
  it('writes an llms.txt that passes the engine\'s llms-txt check', () => {
    const pages = site();
    const { llmsTxt, validation } = generateLlmsTxt({ pages });
    const result = llmsTxtCheck.run(pages[0], { origin: 'https://sunny.example', robotsTxt: null, llmsTxt: { url: 'https://sunny.example/llms.txt', status: 200, body: llmsTxt }, llmsFullTxt: null, sitemap: null, aiCrawlers: [] }, llmsTxtCheck.defaultOptions, { now: null });
    expect(result).toMatchObject({ applicable: true, score: 1 });
    expect(validation).toMatchObject({ score: 1, errors: [], warnings: [] });
  });

  it('groups pages by path into sections, with secondary pages under Optional', () => {
    const { llmsTxt } = generateLlmsTxt({ pages: site(), siteName: 'Sunny Energy', summary: 'Home solar installers in Oregon.' });
    const doc = parseLlmsTxt(llmsTxt);
    expect(doc.title).toBe('Sunny Energy');
    expect(doc.summary).toBe('Home solar installers in Oregon.');
    expect(doc.sections.map((s) => s.name)).toEqual(['Main pages', 'Guides', 'Optional']);
    expect(doc.sections[1].links.map((l) => l.url)).toEqual([USER_URL, 'https://sunny.example/guides/home-solar']);
    expect(doc.sections[1].links[0]).toMatchObject({ title: 'Solar panels for homes: costs and savings', notes: expect.stringContaining('What home solar panels cost') });
    expect(doc.sections[2].links.map((l) => l.url)).toEqual(['https://sunny.example/privacy']);
  });

  it('writes llms-full.txt with each page\'s main content as Markdown', () => {
    const { llmsFullTxt } = generateLlmsTxt({ pages: site(), siteName: 'Sunny Energy' });
    expect(llmsFullTxt.startsWith('# Sunny Energy\n')).toBe(true);
    expect(llmsFullTxt).toContain('## Solar panels for homes: costs and savings\n\nSource: https://sunny.example/guides/solar-panels');
    expect(llmsFullTxt).toContain('### How long do solar panels last?\n\nMost solar panels last 25 to 30 years.');
  });
});

describe('summaries and llms.txt from the main content and the site\'s own name', () => {
  const article = () => page(BYLINE_ARTICLE, 'https://arstechnica.com/security/2015/04/minecraft-exploit/');
  const runIn = () => page(BYLINE_RUN_IN, 'https://arstechnica.com/gaming/2015/04/minecraft-items/');
  const ipSite = () => Object.entries(IP_SITE.pages).map(([path, html]) => page(html, `${IP_SITE.origin}${path}`));

  it('never starts a summary with the byline, a date line or a photo credit', () => {
    // A byline written as the first sentence of the lead paragraph.
    const inLead = page('<html lang="en"><body><main><p>By Jane Doe, published 1 March 2025. Solar panels for homes cost about $12,000 for a typical system and save around $1,100 a year, so most pay for themselves within ten years.</p><p>Installers size each system from the roof area and the yearly use of power in the home.</p></main></body></html>', 'https://sunny.example/guides/cost');
    for (const model of [article(), runIn(), inLead]) {
      for (const summaryType of ['brief', 'overview'] as const) {
        const result = summarizeSite({ pages: [model], summaryType });
        expect(result.sentences.length).toBeGreaterThan(0);
        expect(result.summary).not.toMatch(/Dan Goodin|UTC|Apr 16|Kevin|Getty|Photo:|Jane Doe/);
      }
    }
  });

  it('cuts a byline run into the first sentence and keeps the sentence', () => {
    const result = summarizeSite({ pages: [runIn()], summaryType: 'overview' });
    expect(result.summary.startsWith('Minecraft items can also store arbitrary metadata')).toBe(true);
  });

  it('lists no byline or lone first name among the entities', () => {
    const names = summarizeSite({ pages: [article()], summaryType: 'overview' }).entities.map((e) => e.name);
    expect(names).not.toContain('Kevin');
    expect(names.some((n) => n.includes('Goodin'))).toBe(false);
    expect(names).toEqual(expect.arrayContaining(['Ammar Askar', 'Microsoft']));
    expect(names.some((n) => /[/@]|-$/.test(n))).toBe(false);
  });

  it('heads llms.txt with the site\'s own name, not its IP address', () => {
    const { llmsTxt, llmsFullTxt } = generateLlmsTxt({ pages: ipSite() });
    const doc = parseLlmsTxt(llmsTxt);
    expect(doc.title).toBe('Lantern Tea');
    expect(llmsTxt.startsWith('# Lantern Tea\n')).toBe(true);
    expect(llmsFullTxt.startsWith('# Lantern Tea\n')).toBe(true);
    expect(doc.summary).toBe('Single-origin Japanese green tea from Shizuoka, shipped across Europe.');
  });

  it('heads llms.txt with og:site_name over the title, and with "Website at" an IP only when nothing names the site', () => {
    expect(parseLlmsTxt(generateLlmsTxt({ pages: [article()] }).llmsTxt).title).toBe('Ars Technica');
    const nameless = page('<html><body><main><p>Green tea from six family farms in Shizuoka, shipped within two days.</p></main></body></html>', 'http://127.0.0.1:8080/');
    const title = parseLlmsTxt(generateLlmsTxt({ pages: [nameless] }).llmsTxt).title;
    expect(title).toBe('Website at 127.0.0.1');
  });

  it('writes page notes and llms-full.txt from the prose, without the byline', () => {
    const { llmsTxt, llmsFullTxt } = generateLlmsTxt({ pages: [article()] });
    const [link] = parseLlmsTxt(llmsTxt).sections[0].links;
    expect(link.notes).toMatch(/^A flaw in the wildly popular online game Minecraft/);
    expect(llmsFullTxt).toContain('A flaw in the wildly popular online game Minecraft');
    expect(llmsFullTxt).not.toMatch(/Dan Goodin|Kevin|Getty/);
  });
});
