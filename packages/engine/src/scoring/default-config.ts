import type { SubscoreId } from '@citable/contract';

export interface ScoredCheckRef {
  id: string;
  /** Its share of the subscore's weighted mean; for a penalty check, the subscore points a score of 0 takes away. */
  weight: number;
  /**
   * A penalty check stays out of the weighted mean (and out of the evidence rule): a clean page
   * scores exactly as it would without it, and a finding subtracts weight x (1 - score) points
   * from the subscore. For manipulation (hidden text, prompt injection), which a page either
   * does or does not.
   */
  penalty?: boolean;
}

export interface ScoringConfig {
  /** Weight of each subscore in the overall score. */
  subscores: Record<SubscoreId, { weight: number; checks: ScoredCheckRef[] }>;
  /** A check scoring below this fails and becomes an issue (Lighthouse passes audits at 0.9). */
  passThreshold: number;
  /**
   * How much evidence a subscore needs before it may move far from neutral. When its applicable
   * checks weigh less than `minShare` of all its checks' weight, the missing weight counts as
   * `neutralScore`: one applicable check cannot swing a subscore to 0 or 100, and a subscore
   * with no applicable check is neutral rather than 0 (SCORING.md, "Arithmetic"). In the
   * subscores that judge the content, there is no neutral fill when the main content has fewer
   * than `contentWords` words (where most content checks stop applying): there, checks are not
   * applicable because there is little to judge, and a thin page must not earn the middle of
   * the scale for it.
   */
  evidence: { minShare: number; neutralScore: number; contentSubscores: SubscoreId[]; contentWords: number };
}

/**
 * Which checks count towards which subscore, and how much. SCORING.md gives the reason for
 * every number; change both together.
 */
export const DEFAULT_SCORING_CONFIG: ScoringConfig = {
  passThreshold: 0.9,
  evidence: { minShare: 0.5, neutralScore: 0.5, contentSubscores: ['citationLikelihood', 'conversationalReadiness', 'contentStructure'], contentWords: 80 },
  subscores: {
    aiUnderstanding: {
      weight: 30,
      checks: [
        { id: 'ai-crawler-access', weight: 10 },
        { id: 'indexability', weight: 10 },
        { id: 'rendered-content', weight: 10 },
        { id: 'http-status', weight: 6 },
        { id: 'document-title', weight: 5 },
        { id: 'structured-data', weight: 6 },
        { id: 'schema-validity', weight: 5 },
        { id: 'json-ld-syntax', weight: 3 },
        { id: 'organization-identity', weight: 4 },
        { id: 'entity-clarity', weight: 4 },
        { id: 'meta-description', weight: 4 },
        { id: 'canonical', weight: 3 },
        { id: 'llms-txt', weight: 3 },
        { id: 'html-lang', weight: 2 },
        { id: 'robots-txt', weight: 2 },
        { id: 'sitemap', weight: 2 },
        { id: 'social-metadata', weight: 2 },
      ],
    },
    citationLikelihood: {
      weight: 30,
      checks: [
        { id: 'statistics', weight: 8 },
        { id: 'cited-sources', weight: 8 },
        { id: 'quotations', weight: 6 },
        { id: 'content-depth', weight: 7 },
        { id: 'author-attribution', weight: 6 },
        { id: 'keyword-stuffing', weight: 6 },
        { id: 'unique-facts', weight: 5 },
        { id: 'publication-date', weight: 5 },
        { id: 'content-freshness', weight: 5 },
        { id: 'modification-date', weight: 3 },
        { id: 'author-profile', weight: 3 },
        { id: 'hidden-text', weight: 15, penalty: true },
        { id: 'prompt-injection', weight: 25, penalty: true },
      ],
    },
    conversationalReadiness: {
      weight: 20,
      checks: [
        { id: 'question-headings', weight: 8 },
        { id: 'concise-answers', weight: 8 },
        { id: 'answer-first', weight: 6 },
        { id: 'reading-ease', weight: 6 },
        { id: 'faq-content', weight: 5 },
        { id: 'sentence-length', weight: 4 },
        { id: 'step-lists', weight: 3 },
        { id: 'speakable-markup', weight: 1 },
      ],
    },
    contentStructure: {
      weight: 20,
      checks: [
        { id: 'single-h1', weight: 6 },
        { id: 'heading-hierarchy', weight: 5 },
        { id: 'subheading-distribution', weight: 5 },
        { id: 'summary-intro', weight: 5 },
        { id: 'paragraph-length', weight: 5 },
        { id: 'image-alt', weight: 5 },
        { id: 'list-usage', weight: 4 },
        { id: 'internal-links', weight: 4 },
        { id: 'link-text', weight: 4 },
        { id: 'table-usage', weight: 2 },
        { id: 'breadcrumbs', weight: 2 },
      ],
    },
  },
};
