import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export type RobotsTxtOptions = Record<string, never>;

/** Lines of the "User-agent: *" groups, lower-cased. */
function wildcardRules(body: string): string[] {
  const rules: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim().toLowerCase();
    if (!line) continue;
    const m = /^([a-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(m[2].trim());
    } else {
      inRules = true;
      if (agents.includes('*')) rules.push(`${m[1]}: ${m[2].trim()}`);
    }
  }
  return rules;
}

export const robotsTxt: Check<RobotsTxtOptions> = {
  id: 'robots-txt',
  title: 'robots.txt is valid and open',
  failureTitle: 'robots.txt is missing, unreadable or blocks crawlers',
  description:
    'robots.txt is the first file every crawler reads. A server error makes crawlers treat the whole site as disallowed; a blanket "Disallow: /" shuts out every crawler that has no rule of its own.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/seo/invalid-robots-txt',
  category: 'Technical SEO',
  priority: 'Medium',
  suggestion: 'Serve robots.txt with HTTP 200, allow crawling of public content, and list your sitemap with a "Sitemap:" line.',
  defaultOptions: {},
  run(_model, site) {
    if (!site) return notApplicable('Pasted content has no site to read robots.txt from.');
    if (!site.robotsTxt) return notApplicable('The crawler did not request robots.txt.');
    const file = site.robotsTxt;
    if (file.status === null || file.status >= 500) {
      return scored(0.2, `robots.txt could not be read (${file.status ? `HTTP ${file.status}` : file.error ?? 'request failed'}); crawlers then treat the site as disallowed.`, { title: 'robots.txt cannot be read', priority: 'High' });
    }
    if (file.status >= 400 || file.body === null) {
      return scored(0.8, 'The site has no robots.txt. Everything is allowed, but there is no place to list the sitemap.', { title: 'The site has no robots.txt', priority: 'Low' });
    }
    const rules = wildcardRules(file.body);
    if (rules.includes('disallow: /')) {
      return scored(0.2, 'robots.txt disallows the whole site for all crawlers without their own rules.', { title: 'robots.txt blocks the whole site', details: [detail('User-agent: *', 'Disallow: /')], priority: 'High' });
    }
    if (!/^\s*sitemap\s*:/im.test(file.body)) {
      return scored(0.9, 'robots.txt lists no sitemap.', { title: 'robots.txt lists no sitemap', priority: 'Low', suggestion: 'Add a "Sitemap: https://.../sitemap.xml" line to robots.txt.' });
    }
    return pass('robots.txt is served, allows crawling and lists a sitemap.');
  },
};
