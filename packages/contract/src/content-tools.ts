import { z } from 'zod';
import { subscoresSchema } from './audit-result';
import { checkChangeSchema, generatedContentScoreSchema, toolErrorPagesSchema } from './tool-results';

/**
 * The AI Content Generator (spec 001 §3 generator result, §7 ai-content-generator, §9 options)
 * and the AI Content Optimizer (§7 content-optimizer). Every generated text carries the engine's
 * score of it and whether it could be grounded in the user's own pages.
 */

const score100 = z.number().min(0).max(100);

// ---------------------------------------------------------------- Generator

export const GENERATOR_CONTENT_TYPES = ['faq', 'meta-tags', 'snippets', 'headings', 'descriptions'] as const;
export type GeneratorContentType = (typeof GENERATOR_CONTENT_TYPES)[number];
export const GENERATOR_CONTENT_TYPE_LABELS: Record<GeneratorContentType, string> = {
  faq: 'FAQs',
  'meta-tags': 'Meta tags',
  snippets: 'Answer snippets',
  headings: 'Question headings',
  descriptions: 'Page descriptions',
};
export const GENERATOR_TONES = ['professional', 'casual', 'technical', 'friendly'] as const;
export type GeneratorTone = (typeof GENERATOR_TONES)[number];
export const GENERATOR_LENGTHS = ['short', 'medium', 'long'] as const;
export type GeneratorLength = (typeof GENERATOR_LENGTHS)[number];
/** How many items each length asks for. */
export const GENERATOR_ITEM_COUNT: Record<GeneratorLength, number> = { short: 3, medium: 5, long: 8 };

export const GENERATOR_INPUT_MISSING = 'Please provide a topic and at least one keyword';

export const contentGeneratorRequestSchema = z.object({
  contentType: z.enum(GENERATOR_CONTENT_TYPES),
  topic: z.string().max(200),
  targetKeywords: z.array(z.string().max(100)).max(20),
  tone: z.enum(GENERATOR_TONES).default('professional'),
  industry: z.string().max(100).optional(),
  targetAudience: z.string().max(200).optional(),
  contentLength: z.enum(GENERATOR_LENGTHS).default('medium'),
});
export type ContentGeneratorRequest = z.input<typeof contentGeneratorRequestSchema>;

/** Keywords as the spec's form takes them: comma separated, trimmed, empties dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

export function generatorInputComplete(input: { topic: string; targetKeywords: string[] }): boolean {
  return input.topic.trim() !== '' && input.targetKeywords.some((keyword) => keyword.trim() !== '');
}

/** Where a generated text came from, so an ungrounded one is never mistaken for the site's own words. */
const grounding = {
  grounded: z.boolean(),
  /** Why it could not be grounded, when it could not. */
  reason: z.string().optional(),
  /** The page it was taken from. */
  sourceUrl: z.string().nullable().optional(),
  /** The site's own passage the text was taken from, so every answer can be traced to what the page says. */
  sourcePassage: z.string().nullable().optional(),
};

/**
 * The engine's rating of a text taken from the site; null for a text the tool composed from a
 * template (a placeholder, a title it assembled), which it never rates itself (issue #32).
 */
const ownScore = generatedContentScoreSchema.nullable();

export const generatedFaqSchema = z.object({ question: z.string(), answer: z.string(), score: ownScore, ...grounding });
export type GeneratedFaq = z.infer<typeof generatedFaqSchema>;

export const generatedMetaTagsSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  /** The three tags as HTML to paste into <head>. */
  raw: z.string(),
  titleScore: ownScore,
  descriptionScore: ownScore,
  ...grounding,
});
export type GeneratedMetaTags = z.infer<typeof generatedMetaTagsSchema>;

/** A snippet, a heading (with the passage that answers it) or a page description. */
export const generatedTextSchema = z.object({
  text: z.string(),
  /** For headings: the passage that would answer it. */
  answer: z.string().optional(),
  score: ownScore,
  ...grounding,
});
export type GeneratedText = z.infer<typeof generatedTextSchema>;

export const contentGeneratorResultSchema = z.object({
  contentType: z.enum(GENERATOR_CONTENT_TYPES),
  generatedContent: z.object({
    faqs: z.array(generatedFaqSchema),
    metaTags: generatedMetaTagsSchema.nullable(),
    snippets: z.array(generatedTextSchema),
    headings: z.array(generatedTextSchema),
    descriptions: z.array(generatedTextSchema),
  }),
  optimizationTips: z.array(z.string()),
  /** Pages of the user's first website that were read to ground the content. */
  pagesRead: z.number().int().min(0),
  websiteUrl: z.string().nullable(),
  source: z.string(),
  /** Error pages met on the website: skipped, not read for grounding. */
  errorPages: toolErrorPagesSchema.optional(),
});
export type ContentGeneratorResult = z.infer<typeof contentGeneratorResultSchema>;

// ---------------------------------------------------------------- Optimizer

export const OPTIMIZER_CONTENT_TYPES = ['article', 'blog-post', 'product', 'service', 'faq', 'landing-page'] as const;
export type OptimizerContentType = (typeof OPTIMIZER_CONTENT_TYPES)[number];
export const OPTIMIZER_CONTENT_TYPE_LABELS: Record<OptimizerContentType, string> = {
  article: 'Article',
  'blog-post': 'Blog post',
  product: 'Product page',
  service: 'Service page',
  faq: 'FAQ page',
  'landing-page': 'Landing page',
};
/** Enough for a long article; the engine audits it while the user waits. */
export const OPTIMIZER_CONTENT_MAX = 100_000;
export const OPTIMIZER_CONTENT_MISSING = 'Paste the content to optimize';

export const contentOptimizerRequestSchema = z.object({
  content: z.string().max(OPTIMIZER_CONTENT_MAX),
  targetKeywords: z.array(z.string().max(100)).max(20).default([]),
  contentType: z.enum(OPTIMIZER_CONTENT_TYPES).default('article'),
});
export type ContentOptimizerRequest = z.input<typeof contentOptimizerRequestSchema>;

export const OPTIMIZER_CHANGE_KINDS = [
  'summary',
  'question-heading',
  'sentence-split',
  'faq',
  'placeholder',
  'rewrite',
  'figure-removed',
  'quote-removed',
  'direct-answer',
  'step-list',
  'source-link',
  'definition',
] as const;
export type OptimizerChangeKind = (typeof OPTIMIZER_CHANGE_KINDS)[number];

export const optimizerChangeSchema = z.object({
  kind: z.enum(OPTIMIZER_CHANGE_KINDS),
  description: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
  /** The checks the engine scored differently once this edit was made (re-audited, not estimated). */
  checks: z.array(checkChangeSchema).optional(),
});
export type OptimizerChange = z.infer<typeof optimizerChangeSchema>;

export const contentOptimizerResultSchema = z.object({
  optimizedContent: z.string(),
  /** The engine's overall score of the input and of the rewrite: both measured, neither estimated. */
  originalScore: score100,
  optimizedScore: score100,
  improvement: z.number(),
  originalSubscores: subscoresSchema,
  optimizedSubscores: subscoresSchema,
  changes: z.array(optimizerChangeSchema),
  /** Markers left for the user to fill, such as "[add a statistic]". */
  placeholders: z.array(z.string()),
  /** Every check the rewrite moved, the input's audit against the rewrite's. */
  checksMoved: z.array(checkChangeSchema).default([]),
  /** What the engine still misses that only the author can supply (sources, figures, quotes, answers). */
  humanNeeded: z.array(z.string()).default([]),
  source: z.string(),
});
export type ContentOptimizerResult = z.infer<typeof contentOptimizerResultSchema>;

/** Marker texts; they carry no digits, so a rewrite never shows a figure the user did not write. */
export const PLACEHOLDERS = {
  statistic: '[add a statistic]',
  quotation: '[add a quotation]',
  source: '[add a source link]',
  answer: '[write the answer]',
} as const;
