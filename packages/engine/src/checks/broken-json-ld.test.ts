import { describe, expect, it } from 'vitest';
import { SUBSCORE_IDS } from '@citable/contract';
import { auditModel } from '../audit';
import { GOOD_ARTICLE_BODY, htmlModel } from '../../test/fixtures/pages';

const HEAD = '<title>Solar panels for homes: costs and savings</title><meta name="description" content="What home solar panels cost and save.">';
const BROKEN = '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", "headline": "Solar panels",}</script>';
const EMPTY_GRAPH = '<script type="application/ld+json">{"@context": "https://schema.org", "@graph": []}</script>';
const MICRODATA = '<div itemscope itemtype="https://schema.org/Article"><span itemprop="headline">Solar panels</span></div>';

const audit = (head: string, body = GOOD_ARTICLE_BODY) => auditModel(htmlModel(body, head), null, { now: '2025-07-01' });
const check = (result: ReturnType<typeof audit>, id: string) => result.checks.find((outcome) => outcome.id === id)!;

describe('a JSON-LD block that does not parse', () => {
  it('never raises a subscore or the overall score above the same page without it', () => {
    const without = audit(HEAD);
    const broken = audit(HEAD + BROKEN);
    for (const id of SUBSCORE_IDS) expect(broken.subscores[id], id).toBeLessThanOrEqual(without.subscores[id]);
    expect(broken.overallScore).toBeLessThan(without.overallScore);
  });

  it('gives structured-data no credit and says the blocks cannot be parsed', () => {
    const outcome = check(audit(HEAD + BROKEN), 'structured-data');
    expect(outcome.score).toBe(0);
    expect(outcome.explanation).toBe("The page's 1 JSON-LD block(s) cannot be parsed, so it states no structured data.");
    // A block that parses but states nothing is no structured data either.
    expect(check(audit(HEAD + EMPTY_GRAPH), 'structured-data').score).toBe(0);
  });

  it('leaves microdata its own credit, and a valid block beside a broken one still counts', () => {
    expect(check(audit(HEAD + BROKEN, MICRODATA + GOOD_ARTICLE_BODY), 'structured-data').score).toBe(0.6);
    const valid = '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", "headline": "Solar panels"}</script>';
    const mixed = check(audit(HEAD + BROKEN + valid), 'structured-data');
    expect(mixed.score).toBe(1);
    expect(mixed.explanation).toBe('The page has 1 JSON-LD block(s).');
  });
});
