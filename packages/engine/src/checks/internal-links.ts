import type { Check } from './types';
import { detail, notApplicable, pass, scored, ramp } from './helpers';

export interface InternalLinksOptions {
  /** Links from the main content to other pages of the site for full marks. */
  minLinks: number;
  minWords: number;
}

export const internalLinks: Check<InternalLinksOptions> = {
  id: 'internal-links',
  title: 'Content links to related pages',
  failureTitle: 'Content has too few internal links',
  description: 'Links from the content to related pages of the same site help crawlers discover the site and show answer engines how its topics connect, which builds topical authority.',
  learnMore: 'https://developers.google.com/search/docs/crawling-indexing/links-crawlable',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Link to 3 or more related pages of your site from within the text, with descriptive anchors.',
  defaultOptions: { minLinks: 3, minWords: 150 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    // Sign-in, share, pagination and author-page links are interface, not related pages.
    const inMain = model.links.filter((l) => l.inMain && l.internal && !l.furniture);
    const count = new Set(inMain.map((l) => l.url ?? l.href)).size;
    if (count >= o.minLinks) return pass(`The content links to ${count} internal page(s).`);
    return scored(ramp(count, 0, o.minLinks), `The content links to ${count} internal page(s); ${o.minLinks} or more expected.`, {
      title: count === 0 ? 'Content has no internal links' : 'Content has too few internal links',
      details: [detail('Internal links in content', count)],
    });
  },
};
