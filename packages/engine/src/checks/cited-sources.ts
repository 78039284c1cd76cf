import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface CitedSourcesOptions {
  wordsPerCitation: number;
  minExpected: number;
  maxExpected: number;
  /** Weight of a link to an authoritative source (government, academic, standards, reference). */
  authorityWeight: number;
  minWords: number;
}

const AUTHORITY_RE = /(?:\.gov|\.edu|\.ac\.[a-z]{2}|\.gov\.[a-z]{2}|\.int|(?:^|\.)(?:doi\.org|wikipedia\.org|who\.int|nih\.gov|nature\.com|science\.org|sciencedirect\.com|springer\.com|arxiv\.org|ieee\.org|acm\.org|w3\.org|ietf\.org|europa\.eu|oecd\.org|worldbank\.org|reuters\.com|apnews\.com|statista\.com|pubmed\.ncbi\.nlm\.nih\.gov))$/;

export const citedSources: Check<CitedSourcesOptions> = {
  id: 'cited-sources',
  title: 'Content cites external sources',
  failureTitle: 'Content cites few or no external sources',
  description:
    'Citing sources was one of the three strongest methods in the GEO study (Aggarwal et al., KDD 2024), raising visibility in generative answers by roughly 30-40%. Links to primary sources make claims verifiable.',
  learnMore: 'https://arxiv.org/abs/2311.09735',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Link the claims to their primary sources (studies, official statistics, standards) inside the text.',
  defaultOptions: { wordsPerCitation: 400, minExpected: 2, maxExpected: 6, authorityWeight: 1.5, minWords: 80 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    const expected = Math.min(o.maxExpected, Math.max(o.minExpected, Math.round(model.wordCount / o.wordsPerCitation)));
    let value = 0;
    for (const c of model.citations) value += AUTHORITY_RE.test(c.host) ? o.authorityWeight : 1;
    const list = details(model.citations, (c) => detail(c.text || c.url, c.url));
    // Say what was left out, so that a site's own links are not mistaken for missing sources.
    const own = new Set(model.links.filter((l) => l.inMain && l.internal && !l.furniture && l.url).map((l) => l.url)).size;
    const furniture = model.links.filter((l) => l.inMain && l.furniture).length;
    const notCounted = own + furniture === 0 ? '' : ` Not counted: ${[own ? `${own} link(s) to the site's own pages` : '', furniture ? `${furniture} interface link(s) (sign-in, sharing, pagination, author pages)` : ''].filter(Boolean).join(' and ')}.`;
    if (value >= expected) return pass(`The content links to ${model.citations.length} external source(s).${notCounted}`, list);
    return scored(value / expected, `${model.citations.length === 0 ? 'The content links to no external sources.' : `The content links to ${model.citations.length} external source(s); about ${expected} are expected for its length.`}${notCounted}`, {
      title: model.citations.length === 0 ? 'Content cites no external sources' : 'Content cites too few external sources',
      details: list,
    });
  },
};
