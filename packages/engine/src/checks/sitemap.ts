import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface SitemapOptions {
  /** Below this many listed URLs the crawler's cap cannot explain a missing page. */
  crawlerCap: number;
}

export const sitemap: Check<SitemapOptions> = {
  id: 'sitemap',
  title: 'Site has an XML sitemap',
  failureTitle: 'Sitemap is missing or incomplete',
  description: 'A sitemap lists the pages a site wants discovered and when they changed, so crawlers (AI search crawlers included) find new and updated content quickly.',
  learnMore: 'https://developers.google.com/search/docs/crawling-indexing/sitemaps/overview',
  category: 'Technical SEO',
  priority: 'Medium',
  suggestion: 'Publish /sitemap.xml listing your canonical pages with lastmod dates, and reference it from robots.txt.',
  defaultOptions: { crawlerCap: 5000 },
  run(model, site, options) {
    if (!site) return notApplicable('Pasted content has no site to read a sitemap from.');
    if (!site.sitemap) return notApplicable('The crawler did not look for a sitemap.');
    const s = site.sitemap;
    if (!s.foundAt) return scored(0, 'No sitemap was found.', { title: 'No XML sitemap was found', details: s.urls.map((u) => detail(u, 'not found')) });
    if (s.errors.length > 0) {
      return scored(0.6, `The sitemap at ${s.foundAt} has errors.`, { title: 'The sitemap has errors', details: s.errors.slice(0, 10).map((e) => detail(e)), priority: 'Low' });
    }
    const normalise = (u: string) => u.replace(/[?#].*$/, '').replace(/\/$/, '');
    if (model.url && s.pageUrls.length > 0 && s.pageUrls.length < options.crawlerCap && !s.pageUrls.some((u) => normalise(u) === normalise(model.url!))) {
      return scored(0.8, 'The sitemap does not list this page.', { title: 'The sitemap does not list this page', details: [detail('Sitemap', s.foundAt)], priority: 'Low', suggestion: 'Add this page to the sitemap.' });
    }
    return pass(`A sitemap at ${s.foundAt} lists ${s.pageUrls.length} page(s).`);
  },
};
