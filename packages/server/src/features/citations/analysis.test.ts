import { describe, expect, it } from 'vitest';
import { parseCitationKeywords, parseFingerprintPhrases } from '@citable/contract';
import { findMentions, PHRASE_SIMILARITY_THRESHOLD, tokenSetContainment } from './match';
import { mentionRank } from './position';
import { buildPrompts } from './prompts';
import { sentimentLabel, sentimentScore } from './sentiment';
import { brandFromDomain, hostOf, urlsIn } from './text';
import { wilsonInterval } from './wilson';

describe('inputs (spec 001 §5)', () => {
  it('splits keywords on commas, trims them and falls back to the defaults', () => {
    expect(parseCitationKeywords(' crm ,  sales  ,,CRM')).toEqual(['CRM', 'sales']);
    expect(parseCitationKeywords('  , ')).toEqual(['AI visibility', 'SEO']);
    expect(parseCitationKeywords(undefined)).toEqual(['AI visibility', 'SEO']);
    expect(parseFingerprintPhrases('first phrase\r\n\n second phrase \n')).toEqual(['first phrase', 'second phrase']);
  });

  it('builds the prompts from the templates and the saved prompts', () => {
    expect(buildPrompts(['CRM'], ['Which CRM do startups use?', 'What are the best tools for crm?'])).toEqual([
      'What are the best tools for crm?',
      'Which companies are known for CRM?',
      'Which CRM do startups use?',
    ]);
  });

  it('reads a domain from a URL or a bare host and makes a brand of it', () => {
    expect(hostOf('https://www.Acme-Tools.co.uk/pricing')).toBe('acme-tools.co.uk');
    expect(hostOf('acme.io')).toBe('acme.io');
    expect(hostOf('not a domain')).toBeNull();
    expect(brandFromDomain('acme-tools.co.uk')).toBe('Acme Tools');
  });
});

describe('mentions', () => {
  const target = { domain: 'acme.io', brand: 'Acme Tools', phrases: ['the crawl budget planner for large sites'] };

  it('finds the domain, links to its subdomains and the brand as whole words', () => {
    expect(findMentions('Try acme.io today', target).map((m) => m.by)).toEqual(['domain']);
    expect(findMentions('Docs at https://docs.acme.io/start.', target)[0]).toMatchObject({ by: 'domain', confidence: 1 });
    expect(findMentions('I like ACME tools a lot', target)[0]).toMatchObject({ by: 'brand', confidence: 0.9 });
    expect(findMentions('notacme.io and AcmeToolsX are others', target)).toEqual([]);
  });

  it('matches a fingerprint phrase fuzzily at the documented threshold', () => {
    expect(PHRASE_SIMILARITY_THRESHOLD).toBe(0.8);
    // 6 of the phrase's 7 distinct words (0.86): one word changed.
    expect(findMentions('It is the crawl budget planner for big sites.', target)[0]).toMatchObject({ by: 'phrase' });
    // 4 of 7 (0.57): a different sentence on the same topic.
    expect(findMentions('A crawl budget for sites is useful.', target)).toEqual([]);
    expect(tokenSetContainment('a b c d e', 'a b c d x')).toBe(0.8);
  });

  it('finds a name joined by "&", "+" or "and" however it is written, but not inside other words', () => {
    const shop = { domain: 'kettle.example', brand: 'Kettle & Leaf', phrases: [] };
    for (const text of ['Kettle & Leaf ships fast.', 'Try Kettle and Leaf.', 'kettle-leaf is fine', 'Kettle+Leaf', 'Kettle Leaf']) {
      expect(findMentions(text, shop), text).toHaveLength(1);
    }
    for (const text of ['Kettle & & Leaf', 'Kettle andLeaf', 'Kettle sandLeaf', 'Kettle & Leafy greens', 'a kettle, then leaf tea']) {
      expect(findMentions(text, shop), text).toEqual([]);
    }
  });

  it('collects the URLs an answer writes', () => {
    expect(urlsIn('See https://a.example/x, and (https://b.example/y).')).toEqual(['https://a.example/x', 'https://b.example/y']);
  });
});

describe('position', () => {
  it('is the list item of the first mention, or the brands named before it in prose', () => {
    const list = 'Top picks:\n1. Globex\n2. Initech\n   Acme is also good here\n3. Acme';
    expect(mentionRank(list, list.indexOf('Acme'), [])).toBe(2);
    const prose = 'Globex and Initech lead, then Acme.';
    expect(mentionRank(prose, prose.indexOf('Acme'), [0, prose.indexOf('Initech')])).toBe(3);
    const footnote = '1. Globex\n2. Initech\nAlso: Acme.';
    expect(mentionRank(footnote, footnote.indexOf('Acme'), [])).toBeNull();
  });
});

describe('sentiment', () => {
  it('scores praise, criticism and negation from the lexicon', () => {
    expect(sentimentScore('Acme is reliable and affordable.')).toBe(1);
    expect(sentimentScore('Acme is expensive and buggy.')).toBe(-1);
    expect(sentimentScore('Acme is not reliable.')).toBe(-1);
    expect(sentimentScore('Acme exists.')).toBe(0);
    expect(sentimentLabel(0.5)).toBe('positive');
    expect(sentimentLabel(0)).toBe('neutral');
    expect(sentimentLabel(-0.5)).toBe('negative');
  });
});

describe('Wilson interval', () => {
  it('matches the published values', () => {
    expect(wilsonInterval(2, 3)).toEqual({ low: 0.2077, high: 0.9385 });
    expect(wilsonInterval(0, 3)).toEqual({ low: 0, high: 0.5615 });
    expect(wilsonInterval(3, 3)).toEqual({ low: 0.4385, high: 1 });
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
