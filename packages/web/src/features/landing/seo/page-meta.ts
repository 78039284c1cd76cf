import { annualMonthlyEquivalent, PLANS } from '@citable/contract';
import { helpCenterStructuredData } from '../../help-center/data/structured-data';
import { landingStructuredData } from './page-structured-data';

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
    description: 'Citable scores how well AI assistants, AI search and voice assistants understand and cite your website, shows what to fix first and tracks your progress.',
    pageStructuredData: landingStructuredData('/', 'Citable: AI Visibility Starts Here', 'How Citable measures and improves how AI systems understand, retrieve and cite a website.'),
  },
  '/features': {
    path: '/features',
    title: 'Features | Citable: 12 Tools for AI Visibility',
    description:
      'AI Visibility Score and audit, schema generator, citation tracker, voice tester, llms.txt summaries, entity coverage, prompt matching and competitor analysis.',
    pageStructuredData: landingStructuredData('/features', 'Citable features: 12 tools for AI visibility', 'The twelve tools of Citable for being understood and cited by AI systems.'),
  },
  '/pricing': {
    path: '/pricing',
    title: 'Pricing | Citable: Free, Core, Pro and Agency Plans',
    description:
      `Start free with one website. Core from $${annualMonthlyEquivalent(PLANS.core)} a month billed annually, Pro for competitive analysis, Agency for ${PLANS.agency.websitesLimit} sites. Save 25% yearly.`,
    pageStructuredData: landingStructuredData('/pricing', 'Citable pricing: Free, Core, Pro and Agency plans', 'The four Citable plans with their prices, limits and tools.'),
  },
  '/integrations': {
    path: '/integrations',
    title: 'Integrations | Citable: CMS, Developer and Notification Connectors',
    description: 'Connect Citable to your stack: WordPress and Shopify connectors, a REST API and an MCP server with API keys, the citable command line for CI, and a weekly e-mail digest.',
  },
  '/help-center': {
    path: '/help-center',
    title: 'Help Centre | Citable: Guides and Answers',
    description: 'Guides and answers for Citable: how the AI Visibility Score works, your first audit, fixing common issues, plans and billing, and how to reach support.',
    pageStructuredData: helpCenterStructuredData('Citable Help Centre', 'Guides and answers about the AI Visibility Score, audits, fixes, plans and billing.'),
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
