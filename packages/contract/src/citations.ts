import { z } from 'zod';
import { resultSourceSchema } from './llm';

/**
 * The Citation Tracker (spec 001 §3 "citations", §5, §7): where answer engines and communities
 * mention a site, how often (a rate with its interval, since answers vary from one ask to the
 * next), against which competitors, and which pages get cited instead.
 */

/** Spec 001 §5: used when the keywords field is empty. */
export const DEFAULT_CITATION_KEYWORDS = ['AI visibility', 'SEO'] as const;
export const MAX_CITATION_KEYWORDS = 5;
export const MAX_FINGERPRINT_PHRASES = 10;
export const MAX_SAVED_CITATION_PROMPTS = 20;
/** Each prompt is asked this many times per answer engine unless the request says otherwise. */
export const DEFAULT_CITATION_SAMPLES = 3;
export const MAX_CITATION_SAMPLES = 5;

/** Spec 001 §5: comma separated and trimmed; the defaults when nothing is left. */
export function parseCitationKeywords(value: string | readonly string[] | undefined): string[] {
  const parts = (typeof value === 'string' ? value.split(',') : (value ?? [])).map((part) => part.trim()).filter((part) => part !== '');
  const unique = [...new Map(parts.map((part) => [part.toLowerCase(), part])).values()];
  return unique.length > 0 ? unique : [...DEFAULT_CITATION_KEYWORDS];
}

/** Spec 001 §5: one per line, optional. */
export function parseFingerprintPhrases(value: string | readonly string[] | undefined): string[] {
  const parts = (typeof value === 'string' ? value.split(/\r?\n/) : (value ?? [])).map((part) => part.trim()).filter((part) => part !== '');
  return [...new Map(parts.map((part) => [part.toLowerCase(), part])).values()];
}

const keywordText = z.string().max(100);
const phraseText = z.string().max(300);

export const citationTrackerInputSchema = z.strictObject({
  /** A host or URL; the tracker uses its host without "www.". */
  domain: z.string().trim().min(1, 'Enter a domain').max(2048),
  keywords: z.union([z.string().max(1000), z.array(keywordText).max(MAX_CITATION_KEYWORDS)]).optional(),
  fingerprintPhrases: z.union([z.string().max(5000), z.array(phraseText).max(MAX_FINGERPRINT_PHRASES)]).optional(),
  samples: z.number().int().min(1).max(MAX_CITATION_SAMPLES).optional(),
});
export type CitationTrackerInput = z.infer<typeof citationTrackerInputSchema>;

export const CITATION_SOURCE_IDS = ['answer-engine', 'perplexity', 'hacker-news', 'reddit', 'brave'] as const;
export const citationSourceIdSchema = z.enum(CITATION_SOURCE_IDS);
export type CitationSourceId = z.infer<typeof citationSourceIdSchema>;

export const CITATION_SOURCE_STATUSES = ['ok', 'not_configured', 'unreachable', 'error'] as const;
export const citationSourceStatusSchema = z.object({
  id: citationSourceIdSchema,
  name: z.string(),
  /** answer engines are asked prompts; search sources are searched for the keywords and the brand. */
  kind: z.enum(['answer-engine', 'search']),
  status: z.enum(CITATION_SOURCE_STATUSES),
  message: z.string(),
});
export type CitationSourceStatus = z.infer<typeof citationSourceStatusSchema>;

export const CITATION_TYPES = ['answer', 'story', 'comment', 'post', 'web'] as const;

/** Spec 001 §3: one place that mentions the site. */
export const citationSchema = z.object({
  source: z.string(),
  sourceId: citationSourceIdSchema,
  /** The page that mentions the site, or for an answer the user's page it cites (null when none). */
  url: z.string().nullable(),
  type: z.enum(CITATION_TYPES),
  snippet: z.string(),
  /** 1 for the domain itself, lower for the brand name and fuzzy fingerprint phrases. */
  confidence_score: z.number().min(0).max(1),
  /** When the source dates the item, else when it was observed. */
  date: z.string(),
  prompt: z.string(),
  /** What matched: the domain, the brand name or a fingerprint phrase. */
  matchedBy: z.enum(['domain', 'brand', 'phrase']),
  matched: z.string(),
  sentiment: z.enum(['positive', 'neutral', 'negative']),
});
export type Citation = z.infer<typeof citationSchema>;

export const rateIntervalSchema = z.object({ low: z.number().min(0).max(1), high: z.number().min(0).max(1) });

/** Per source and prompt: mentioned in k of n answers (or search results), with the 95% Wilson interval. */
export const promptMentionRateSchema = z.object({
  sourceId: citationSourceIdSchema,
  prompt: z.string(),
  samples: z.number().int().min(0),
  mentions: z.number().int().min(0),
  rate: z.number().min(0).max(1),
  interval: rateIntervalSchema,
  /** Best (lowest) rank of the first mention among the brands an answer names; null when never ranked. */
  bestRank: z.number().int().min(1).nullable(),
  /** Mean character offset of the first mention in the answers that mention the site. */
  meanOffset: z.number().min(0).nullable(),
  /** Mean lexicon sentiment, -1..1, of the sentences naming the site. */
  sentiment: z.number().min(-1).max(1).nullable(),
  /** Answers that cited one of the user's pages. */
  ownPagesCited: z.number().int().min(0),
  /** Distinct URLs the answers cited. */
  citedUrls: z.array(z.string()),
});
export type PromptMentionRate = z.infer<typeof promptMentionRateSchema>;

export const shareOfVoiceEntrySchema = z.object({
  name: z.string(),
  domain: z.string().nullable(),
  isUser: z.boolean(),
  /** Answers and results naming the brand. */
  mentions: z.number().int().min(0),
  share: z.number().min(0).max(1),
});

export const citationGapEntrySchema = z.object({
  url: z.string(),
  host: z.string(),
  /** Times an answer engine cited it or search ranked it for the prompts. */
  count: z.number().int().min(1),
  prompts: z.array(z.string()),
  /** The competitor it belongs to, when it does. */
  competitor: z.string().nullable(),
});

export const citationTrackerResultSchema = z.object({
  runId: z.string(),
  source: resultSourceSchema,
  domain: z.string(),
  brand: z.string(),
  keywords: z.array(z.string()),
  fingerprintPhrases: z.array(z.string()),
  prompts: z.array(z.string()),
  samplesPerPrompt: z.number().int().min(1),
  sources: z.array(citationSourceStatusSchema),
  citations: z.array(citationSchema),
  mentionRates: z.array(promptMentionRateSchema),
  /** All answer-engine answers together. */
  overall: z.object({ samples: z.number().int().min(0), mentions: z.number().int().min(0), rate: z.number().min(0).max(1), interval: rateIntervalSchema }),
  /** Citations whose page (or, for answers, prompt and snippet) the previous run of this domain did not have. */
  newMentions: z.array(citationSchema),
  previousRunAt: z.string().nullable(),
  shareOfVoice: z.array(shareOfVoiceEntrySchema),
  citationGap: z.array(citationGapEntrySchema),
  created_at: z.string(),
});
export type CitationTrackerResult = z.infer<typeof citationTrackerResultSchema>;

export const citationHistoryQuerySchema = z.strictObject({
  domain: z.string().trim().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const citationHistoryEntrySchema = z.object({
  runId: z.string(),
  domain: z.string(),
  source: resultSourceSchema,
  samples: z.number().int().min(0),
  mentions: z.number().int().min(0),
  rate: z.number().min(0).max(1),
  interval: rateIntervalSchema,
  citations: z.number().int().min(0),
  created_at: z.string(),
});
export type CitationHistoryEntry = z.infer<typeof citationHistoryEntrySchema>;
export const citationHistoryResponseSchema = z.object({ runs: z.array(citationHistoryEntrySchema) });

export const savedCitationPromptSchema = z.object({ id: z.string(), prompt: z.string(), created_at: z.string() });
export type SavedCitationPrompt = z.infer<typeof savedCitationPromptSchema>;
export const savedCitationPromptCreateSchema = z.strictObject({ prompt: z.string().trim().min(3).max(300) });

export const fingerprintPhraseSchema = z.object({ id: z.string(), phrase: z.string(), created_at: z.string() });
export type FingerprintPhrase = z.infer<typeof fingerprintPhraseSchema>;
export const fingerprintPhraseCreateSchema = z.strictObject({ phrase: z.string().trim().min(3).max(300) });
