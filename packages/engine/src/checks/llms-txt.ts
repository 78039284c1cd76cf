import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { parseLlmsTxt } from '../site/llms-txt';

export interface LlmsTxtOptions {
  /** Score lost per format error and per warning (capped together at 0.6). */
  errorPenalty: number;
  warningPenalty: number;
}

export const llmsTxt: Check<LlmsTxtOptions> = {
  id: 'llms-txt',
  title: 'Site publishes a valid llms.txt',
  failureTitle: 'llms.txt is missing or malformed',
  description:
    'llms.txt is a Markdown file at the site root that gives language models a curated summary of the site and links to its key pages, so assistants that read it find the right pages without crawling everything.',
  learnMore: 'https://llmstxt.org/',
  category: 'Technical SEO',
  priority: 'Low',
  suggestion: 'Publish /llms.txt: "# Site name", a "> one-line summary", then "## Section" headings with "- [Page](url): what it covers" lists.',
  defaultOptions: { errorPenalty: 0.2, warningPenalty: 0.1 },
  run(_model, site, options) {
    if (!site) return notApplicable('Pasted content has no site to read llms.txt from.');
    if (!site.llmsTxt) return notApplicable('The crawler did not request llms.txt.');
    const file = site.llmsTxt;
    if (file.status === null || file.status >= 400 || file.body === null) {
      return scored(0, `No llms.txt at ${file.url}${file.status ? ` (HTTP ${file.status})` : file.error ? ` (${file.error})` : ''}.`, { title: 'The site has no llms.txt' });
    }
    if (/^\s*</.test(file.body)) return scored(0.1, 'llms.txt returns HTML (probably an error page), not Markdown.', { title: 'llms.txt serves HTML, not Markdown', priority: 'Medium' });
    const doc = parseLlmsTxt(file.body);
    const links = doc.sections.reduce((n, s) => n + s.links.length, 0);
    const issues = [...doc.errors.map((e) => detail(e, 'error')), ...doc.warnings.map((w) => detail(w, 'warning'))];
    if (issues.length === 0) return pass(`llms.txt is valid: "${doc.title}", ${doc.sections.length} section(s), ${links} link(s).`);
    const penalty = Math.min(0.6, doc.errors.length * options.errorPenalty + doc.warnings.length * options.warningPenalty);
    const base = doc.title === null ? 0.4 : 1;
    return scored(base - penalty, `llms.txt has ${doc.errors.length} error(s) and ${doc.warnings.length} warning(s) against the llmstxt.org format.`, {
      title: doc.errors.length > 0
        ? `llms.txt has ${doc.errors.length === 1 ? '1 format error' : `${doc.errors.length} format errors`}`
        : `llms.txt has ${doc.warnings.length === 1 ? '1 format warning' : `${doc.warnings.length} format warnings`}`,
      details: issues.slice(0, 15),
      priority: doc.errors.length > 0 ? 'Medium' : 'Low',
    });
  },
};
