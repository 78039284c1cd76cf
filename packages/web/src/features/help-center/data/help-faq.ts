import { PLANS, USAGE_LIMITS } from '@citable/contract';
import { OPENAI_ROBOTS_DELAY_QUOTE, SOURCES, type Source } from '../../landing/data/evidence';

export interface HelpFaqEntry {
  question: string;
  /** Plain text: it is also the FAQPage markup's answer and what the search box matches. */
  answer: string;
  /** The published page an answer quotes, linked below it. */
  source?: Source;
}

/** The Help Centre's five questions (spec 002 §2.14). Answers stay within 25-60 words, the length answer engines lift whole. */
export const HELP_FAQ: readonly HelpFaqEntry[] = [
  {
    question: 'How often should I run an audit?',
    answer: 'After every significant change to a page, and at least monthly for your key pages. The score changes only when the page, its robots.txt, sitemap or llms.txt change.',
  },
  {
    question: 'Why did my score change when I did not edit the page?',
    answer: 'Something the page depends on changed: robots.txt rules, the sitemap, llms.txt, or the HTML your CMS or theme produces. Compare the two audits in your history to see which checks moved.',
  },
  {
    question: 'Does Citable change my website?',
    answer:
      'Only when you ask it to. Citable reads your public pages the way a search engine or an AI crawler does and suggests changes, often as ready-to-paste JSON-LD or an llms.txt file. If you connect WordPress or Shopify, you can publish a fix from Citable. Nothing changes on your site unless you publish it.',
  },
  {
    question: 'How many websites can I track?',
    answer: `Free includes ${PLANS.free.websitesLimit}, Core ${PLANS.core.websitesLimit}, Pro ${PLANS.pro.websitesLimit} and Agency ${PLANS.agency.websitesLimit} websites, with the same number of competitors. Monthly audits follow the plan too: ${USAGE_LIMITS.free.auditsPerMonth} on Free, ${USAGE_LIMITS.core.auditsPerMonth} on Core, ${USAGE_LIMITS.pro.auditsPerMonth} on Pro and ${USAGE_LIMITS.agency.auditsPerMonth.toLocaleString('en-US')} on Agency.`,
  },
  {
    question: 'How long until AI assistants pick up my changes?',
    answer: `It depends on how often each AI system recrawls your site. Changes typically show in AI answers within 2-4 weeks. Crawler rules apply sooner: OpenAI says "${OPENAI_ROBOTS_DELAY_QUOTE}"`,
    source: SOURCES.openai,
  },
];
