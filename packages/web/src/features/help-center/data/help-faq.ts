import { PLANS } from '@citable/contract';

export const HELP_FAQ = [
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
    answer: 'No. Citable reads public pages like a search engine does and suggests changes; you decide what to publish.',
  },
  {
    question: 'How many websites can I track?',
    answer: `Free includes ${PLANS.free.websitesLimit}, Core ${PLANS.core.websitesLimit}, Pro ${PLANS.pro.websitesLimit} and Agency ${PLANS.agency.websitesLimit} websites, with the same number of competitors.`,
  },
  {
    question: 'How long until AI assistants pick up my changes?',
    answer: 'It depends on how often each AI system recrawls your site. Changes typically show in AI answers within 2-4 weeks.',
  },
] as const;
