import type { Check } from './types';
import { detail, details, notApplicable, pass, scored, ramp } from './helpers';

export interface LinkTextOptions {
  /** Share of vague anchors at which the check scores 0. */
  zeroShare: number;
}

// Lighthouse's list of non-descriptive anchors (English), plus a few common variants.
const VAGUE = new Set(['click here', 'click this', 'go', 'here', 'information', 'learn more', 'more', 'more info', 'more information', 'right here', 'start', 'this', 'link', 'read more', 'continue', 'continue reading', 'details', 'this page', 'see more', 'view more', 'website']);

export const linkText: Check<LinkTextOptions> = {
  id: 'link-text',
  title: 'Links have descriptive text',
  failureTitle: 'Links have vague or empty text',
  description: 'Anchor text tells crawlers and answer engines what the linked page is about; "click here" and empty links carry no meaning.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/link-text',
  category: 'User Experience',
  priority: 'Low',
  suggestion: 'Replace "click here" and "read more" with text that names the destination ("pricing for teams").',
  defaultOptions: { zeroShare: 0.2 },
  run(model, _site, o) {
    const links = model.links.filter((l) => l.href && !l.href.startsWith('#') && !/^javascript:/i.test(l.href));
    if (links.length === 0) return notApplicable('The page has no links.');
    const bad = links.filter((l) => !l.text || VAGUE.has(l.text.toLowerCase().replace(/[.!…»›→\s]+$/u, '').trim()));
    if (bad.length === 0) return pass(`All ${links.length} links have descriptive text.`);
    const empty = bad.filter((l) => !l.text).length;
    const subject = bad.length === 1 ? 'A link has' : `${bad.length} links have`;
    const title = `${subject} ${empty === bad.length ? 'no text' : empty === 0 ? 'vague text such as "click here"' : 'vague or empty text'}`;
    return scored(ramp(bad.length / links.length, o.zeroShare, 0), `${bad.length} of ${links.length} links have vague or no text.`, {
      title,
      details: details(bad, (l) => detail(l.text || '(empty)', l.url ?? l.href)),
    });
  },
};
