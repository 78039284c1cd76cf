import { AI_CRAWLERS, SITE_AUDIT_PAGE_LIMITS } from '@citable/contract';

/**
 * Figures about the product that the public pages state. The engine is not imported here (it would
 * weigh down the landing bundle); product-facts.test.ts checks these against the engine instead.
 */
export const AUDIT_CHECK_COUNT = 49;

/** The four subscores and their share of the overall score, in the engine's order. */
export const SUBSCORE_WEIGHTS = [
  { name: 'AI Understanding', weight: 30, question: 'Can machines fetch, read and identify the page?' },
  { name: 'Citation Likelihood', weight: 30, question: 'Would an answer engine quote it?' },
  { name: 'Conversational Readiness', weight: 20, question: 'Does it answer questions the way assistants do?' },
  { name: 'Content Structure Quality', weight: 20, question: 'Is the content organised into extractable parts?' },
] as const;

export const AI_CRAWLER_COUNT = AI_CRAWLERS.length;
/** Pages one site audit may read: on the Free, Core and Pro plans, and on Agency. */
export const SITE_AUDIT_PAGES = { standard: SITE_AUDIT_PAGE_LIMITS.pro, agency: SITE_AUDIT_PAGE_LIMITS.agency };

/** When the landing and pricing content was first published and last changed; bump `updated` with each content change. */
export const LANDING_DATES = { published: '2026-11-22', updated: '2026-12-07' } as const;
