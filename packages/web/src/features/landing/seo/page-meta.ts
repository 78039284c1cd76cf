import { annualMonthlyEquivalent, PLANS } from '@citable/contract';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  /** JSON-LD nodes of the page's own content (an article, its breadcrumbs, its FAQ), beside the site-wide ones. */
  pageStructuredData?: (origin: string) => Record<string, unknown>[];
}

/** Title and description of each pre-rendered public page. */
export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    path: '/',
    title: 'Citable | AI Visibility Platform: Get Understood and Cited by AI',
    description:
      'Citable scores how well AI assistants, AI search and voice assistants understand, retrieve and cite your website, shows what to fix first, and tracks your progress against competitors.',
  },
  '/features': {
    path: '/features',
    title: 'Features | Citable: 12 Tools for AI Visibility',
    description:
      'AI Visibility Score and audit, schema generator, citation tracker, voice assistant tester, llms.txt summaries, entity coverage, prompt matching and competitive analysis in one platform.',
  },
  '/pricing': {
    path: '/pricing',
    title: 'Pricing | Citable: Free, Core, Pro and Agency Plans',
    description:
      `Start free with one website. Core from $${annualMonthlyEquivalent(PLANS.core)} a month billed annually, Pro for competitive analysis, Agency for ${PLANS.agency.websitesLimit} sites with white-label reporting. Save 25% with annual billing.`,
  },
  '/integrations': {
    path: '/integrations',
    title: 'Integrations | Citable: CMS, Developer and Notification Connectors',
    description: 'Connect Citable to your stack: the citable command line for terminals and CI is available now; CMS connectors, a REST API, Slack and webhooks are coming soon.',
  },
  '/help-center': {
    path: '/help-center',
    title: 'Help Centre | Citable: Guides and Answers',
    description: 'How the AI Visibility Score works, running your first audit, fixing the most common issues, plans and billing, plus answers to frequent questions and ways to reach support.',
  },
  '/contact-us': {
    path: '/contact-us',
    title: 'Contact Us | Citable',
    description: 'Questions about AI visibility, plans or billing? Send the Citable team a message. We reply within 24 hours on business days.',
  },
  '/status': {
    path: '/status',
    title: 'System Status | Citable',
    description: 'Live status of Citable: web app, API, database, job queue and e-mail, checked on every visit, with active incidents and scheduled maintenance.',
  },
  '/privacy-policy': {
    path: '/privacy-policy',
    title: 'Privacy Policy | Citable',
    description: 'What Citable collects (account, sites, audit results, activity), why, which providers process it, how long we keep it and the rights you have.',
  },
  '/terms-of-service': {
    path: '/terms-of-service',
    title: 'Terms of Service | Citable',
    description: 'The agreement for using Citable: accounts, plans billed monthly or annually, cancellation, your content, acceptable use, liability and governing law.',
  },
  '/cookie-policy': {
    path: '/cookie-policy',
    title: 'Cookie Policy | Citable',
    description: 'Citable sets one strictly necessary cookie, to keep you signed in, and no analytics or advertising cookies. See the full list and how to control it.',
  },
};
