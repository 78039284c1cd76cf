import { annualMonthlyEquivalent, PLANS } from '@citable/contract';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
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
};
