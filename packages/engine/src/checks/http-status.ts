import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface HttpStatusOptions {
  /** Redirect hops beyond which crawlers may give up. */
  maxRedirects: number;
}

export const httpStatus: Check<HttpStatusOptions> = {
  id: 'http-status',
  title: 'Page answers with a success status',
  failureTitle: 'Page answers with an error or a redirect chain',
  description: 'Crawlers drop pages that answer with 4xx or 5xx statuses, and long redirect chains waste their crawl budget or are abandoned.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/http-status-code',
  category: 'Technical SEO',
  priority: 'High',
  suggestion: 'Serve the page with HTTP 200 and link to its final URL directly.',
  defaultOptions: { maxRedirects: 2 },
  run(model, _site, options) {
    if (model.status === null) return notApplicable('Pasted content has no HTTP response.');
    if (model.status >= 400) return scored(0, `The page answered HTTP ${model.status}.`, { title: `Page answers with HTTP ${model.status}` });
    if (model.redirects.length > options.maxRedirects) {
      return scored(0.7, `The page is reached through ${model.redirects.length} redirects.`, {
        title: `Page is reached through ${model.redirects.length} redirects`,
        details: model.redirects.map((u) => detail(u)),
        priority: 'Low',
        suggestion: 'Link to the final URL directly and collapse the redirect chain to a single hop.',
      });
    }
    return pass(`The page answered HTTP ${model.status}.`);
  },
};
