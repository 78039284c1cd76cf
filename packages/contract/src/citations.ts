import { z } from 'zod';
import { resultSourceSchema } from './llm';
import { PLANS, type PlanId } from './plans';

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

/**
 * Where the tracker looks (issue 21): the answer engines people ask (each with its own key, each
 * answering with web search so its answers carry the pages it cites), the operator's own model
 * ('answer-engine', any OpenAI-compatible endpoint too), and the searches that need no model.
 */
export const CITATION_SOURCE_IDS = ['chatgpt', 'claude', 'gemini', 'perplexity', 'answer-engine', 'brave', 'hacker-news', 'reddit'] as const;
export const citationSourceIdSchema = z.enum(CITATION_SOURCE_IDS);
export type CitationSourceId = z.infer<typeof citationSourceIdSchema>;

export interface CitationSourceInfo {
  /** What the user reads. */
  name: string;
  /** Answer engines are asked the prompts; searches are searched for the keywords and the brand. */
  kind: 'answer-engine' | 'search';
  /** Hacker News and Reddit need no key: they are what a server with nothing set up still measures. */
  keyless: boolean;
}

export const CITATION_SOURCES: Record<CitationSourceId, CitationSourceInfo> = {
  chatgpt: { name: 'ChatGPT', kind: 'answer-engine', keyless: false },
  claude: { name: 'Claude', kind: 'answer-engine', keyless: false },
  gemini: { name: 'Gemini', kind: 'answer-engine', keyless: false },
  perplexity: { name: 'Perplexity', kind: 'answer-engine', keyless: false },
  'answer-engine': { name: 'AI answers', kind: 'answer-engine', keyless: false },
  brave: { name: 'Brave Search', kind: 'search', keyless: false },
  'hacker-news': { name: 'Hacker News', kind: 'search', keyless: true },
  reddit: { name: 'Reddit', kind: 'search', keyless: true },
};

export const isAnswerEngine = (id: CitationSourceId): boolean => CITATION_SOURCES[id].kind === 'answer-engine';

/**
 * What a plan may track (issue 21), so the operator's cost per user is bounded. `engines`: answer
 * engines asked per run, in CITATION_SOURCE_IDS order among those set up (the searches are not
 * counted); `trackedPrompts`: prompts tracked per website; `asksPerEngine`: calls one engine gets
 * in one run (prompts x samples), the run's cost budget. Free has no Citation Tracker (a Core tool).
 */
export const CITATION_PLAN_LIMITS: Record<PlanId, { engines: number; trackedPrompts: number; asksPerEngine: number }> = {
  free: { engines: 0, trackedPrompts: 0, asksPerEngine: 0 },
  core: { engines: 2, trackedPrompts: 10, asksPerEngine: 30 },
  pro: { engines: 4, trackedPrompts: 25, asksPerEngine: 75 },
  agency: { engines: 5, trackedPrompts: 50, asksPerEngine: 150 },
};

export function notInPlanMessage(plan: PlanId): string {
  const engines = CITATION_PLAN_LIMITS[plan].engines;
  return `Not in the ${PLANS[plan].name} plan, which asks ${engines} answer engine${engines === 1 ? '' : 's'} per run.`;
}

export const CITATION_SOURCE_STATUSES = ['ok', 'not_configured', 'not_in_plan', 'unreachable', 'error'] as const;
/**
 * Why an answer engine's asks failed, as the tracker shows it beside the numbers (issue 29):
 * the engine refused the key, limited the requests, did not answer in time, could not be reached,
 * answered something unreadable (or empty, or unfinished), or answered with another error.
 */
export const ENGINE_FAILURE_REASONS = ['key_refused', 'rate_limited', 'timed_out', 'unreachable', 'unreadable', 'error'] as const;
export type EngineFailureReason = (typeof ENGINE_FAILURE_REASONS)[number];
export const ENGINE_FAILURE_LABELS: Record<EngineFailureReason | 'not_set_up' | 'not_in_plan', string> = {
  not_set_up: 'Not set up',
  not_in_plan: 'Not in your plan',
  key_refused: 'Key refused',
  rate_limited: 'Rate limited',
  timed_out: 'Timed out',
  unreachable: 'Unreachable',
  unreadable: 'Unreadable reply',
  error: 'Error',
};

export const citationSourceStatusSchema = z.object({
  id: citationSourceIdSchema,
  name: z.string(),
  /** answer engines are asked prompts; search sources are searched for the keywords and the brand. */
  kind: z.enum(['answer-engine', 'search']),
  status: z.enum(CITATION_SOURCE_STATUSES),
  message: z.string(),
  /** Asks made of an answer engine in the run, and how many failed (absent before issue 29). */
  asks: z.number().int().min(0).optional(),
  failedAsks: z.number().int().min(0).optional(),
  /** Why its asks failed, when some or all did. */
  failure: z.enum(ENGINE_FAILURE_REASONS).optional(),
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
  /** The competitors any of the answers named (absent on runs before issue 21). */
  competitorsMentioned: z.array(z.string()).optional(),
  /** The competitors one of whose pages any of the answers cited (absent on runs before issue 29). */
  competitorsCited: z.array(z.string()).optional(),
  /** Pages the engine searched or listed that no answer cited (absent on runs before issue 29). */
  consultedUrls: z.array(z.string()).optional(),
});
export type PromptMentionRate = z.infer<typeof promptMentionRateSchema>;

/**
 * The two measures of an answer, defined once and applied alike to the user and every competitor
 * (issue 29). The texts are the ones the tracker page, the reports and the docs show.
 */
export const CITATION_MEASURES = {
  mentioned: {
    label: 'Mentioned',
    definition: 'The answer names you in its words: your brand, an alias, your domain written as text or one of your fingerprint phrases. A name that appears only inside a link does not count.',
  },
  cited: {
    label: 'Cited',
    definition: 'One of your pages is among the sources the answer itself cites. Pages the engine searched but did not cite are listed apart as sources consulted.',
  },
} as const;

export const shareOfVoiceEntrySchema = z.object({
  name: z.string(),
  domain: z.string().nullable(),
  isUser: z.boolean(),
  /** Answers and results naming the brand in their words (CITATION_MEASURES.mentioned). */
  mentions: z.number().int().min(0),
  /** Answers citing one of its pages (CITATION_MEASURES.cited); absent on runs before issue 29. */
  cited: z.number().int().min(0).optional(),
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

/**
 * Every ask of an answer engine in a run, answered or not (issue 29): for an answer, the two
 * measures (CITATION_MEASURES) and what it cited; for a failed ask, why it failed. Search results
 * are not asks and are not listed.
 */
export const citationAnswerSchema = z.object({
  sourceId: citationSourceIdSchema,
  prompt: z.string(),
  /** Which ask of the prompt, from 0. */
  sample: z.number().int().min(0),
  status: z.enum(['answered', 'failed']),
  /** The answer names the brand in its words; null for a failed ask. */
  mentioned: z.boolean().nullable(),
  /** The answer cites one of the site's pages; null for a failed ask. */
  cited: z.boolean().nullable(),
  /** The pages the answer cites, canonical. */
  citedUrls: z.array(z.string()),
  /** Pages the engine searched or listed that the answer does not cite. */
  consultedUrls: z.array(z.string()),
  competitorsMentioned: z.array(z.string()),
  competitorsCited: z.array(z.string()),
  /** Why the ask failed (ENGINE_FAILURE_REASONS), and the engine's message; null for an answer. */
  failure: z.enum(ENGINE_FAILURE_REASONS).nullable(),
  reason: z.string().nullable(),
});
export type CitationAnswer = z.infer<typeof citationAnswerSchema>;

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
  /** The same per answer engine, over its answers only (absent on runs before issue 21). */
  shareOfVoiceByEngine: z.array(z.object({ sourceId: citationSourceIdSchema, entries: z.array(shareOfVoiceEntrySchema) })).optional(),
  citationGap: z.array(citationGapEntrySchema),
  /** Every answer-engine ask of the run with its measures or its failure (absent on runs before issue 29). */
  answers: z.array(citationAnswerSchema).optional(),
  /** A run of the website's tracked prompts on its schedule (issue 21); absent on runs from the tool. */
  scheduled: z.boolean().optional(),
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

/**
 * Tracked prompts (issue 21): per website, asked of every answer engine the plan allows on the
 * plan's monitoring cadence (MONITOR_INTERVAL_MS: daily on Pro and Agency, weekly on Core).
 */
const trackedPromptText = z.string().trim().min(3, 'A prompt needs at least 3 characters').max(300);

export const trackedPromptSchema = z.object({ id: z.string(), domain: z.string(), prompt: z.string(), created_at: z.string() });
export type TrackedPrompt = z.infer<typeof trackedPromptSchema>;

/** Several at once, so Prompt Match Suggestions can be tracked in one click. */
export const trackedPromptsCreateSchema = z.strictObject({
  domain: z.string().trim().min(1, 'Choose a website').max(2048),
  prompts: z.array(trackedPromptText).min(1, 'Add at least one prompt').max(50),
});

export const trackedSiteSchema = z.object({
  domain: z.string(),
  prompts: z.array(trackedPromptSchema),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** Set while a scheduled run is going on: asks answered so far out of those planned. */
  running: z.object({ startedAt: z.string(), asksDone: z.number().int().min(0), asksPlanned: z.number().int().min(0) }).nullable(),
  lastError: z.string().nullable(),
});
export type TrackedSite = z.infer<typeof trackedSiteSchema>;

export const trackingEngineSchema = z.object({
  id: citationSourceIdSchema,
  name: z.string(),
  /** on: asked on every run; not_set_up: this server has no key for it; not_in_plan: over the plan's engines. */
  status: z.enum(['on', 'not_set_up', 'not_in_plan']),
});

export const citationTrackingSchema = z.object({
  sites: z.array(trackedSiteSchema),
  engines: z.array(trackingEngineSchema),
  limits: z.object({ trackedPrompts: z.number().int(), engines: z.number().int(), intervalDays: z.number() }),
});
export type CitationTracking = z.infer<typeof citationTrackingSchema>;

export const trackingHistoryQuerySchema = z.strictObject({
  domain: z.string().trim().min(1).max(2048),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** One run of a tracked site: per engine (and per engine and prompt) mention rates, share of voice and cited domains. */
export const trackingRunSchema = z.object({
  runId: z.string(),
  created_at: z.string(),
  engines: z.array(
    z.object({
      sourceId: citationSourceIdSchema,
      name: z.string(),
      status: z.enum(CITATION_SOURCE_STATUSES),
      samples: z.number().int(),
      mentions: z.number().int(),
      rate: z.number(),
      interval: rateIntervalSchema,
      /** The user's share of the brands this engine named; null when it named none (or on older runs). */
      shareOfVoice: z.number().min(0).max(1).nullable().optional(),
      /** What happened to the engine on this run, as the run recorded it ("2 answers; 3 of 15 Claude asks failed: …"). */
      message: z.string().optional(),
      asks: z.number().int().min(0).optional(),
      failedAsks: z.number().int().min(0).optional(),
      failure: z.enum(ENGINE_FAILURE_REASONS).optional(),
      /** Answers citing one of the user's pages (CITATION_MEASURES.cited). */
      cited: z.number().int().min(0).optional(),
    }),
  ),
  /**
   * Per engine asked and prompt; a prompt the engine did not answer stays listed with 0 samples
   * and the reason (issue 29).
   */
  prompts: z.array(
    z.object({
      sourceId: citationSourceIdSchema,
      prompt: z.string(),
      samples: z.number().int(),
      mentions: z.number().int(),
      rate: z.number(),
      cited: z.number().int().min(0).optional(),
      reason: z.string().nullable().optional(),
    }),
  ),
  shareOfVoice: z.array(shareOfVoiceEntrySchema),
  /** Hosts the answers cited for the tracked prompts, most cited first: `count` is how many engine and prompt pairs cited it. */
  citedDomains: z.array(z.object({ host: z.string(), count: z.number().int(), own: z.boolean() })),
  /** Prompts where a competitor was mentioned or cited and the user was neither. */
  gapPrompts: z.array(z.object({ prompt: z.string(), competitors: z.array(z.string()) })),
});
export type TrackingRun = z.infer<typeof trackingRunSchema>;
export const trackingHistorySchema = z.object({ domain: z.string(), runs: z.array(trackingRunSchema) });
export type TrackingHistory = z.infer<typeof trackingHistorySchema>;

/**
 * When a scheduled run raises an alert (issue 21), compared with the site's previous run. Rates
 * are per engine and prompt over the run's samples (3 by default, so 0, 1/3, 2/3 or 1).
 */
export const CITATION_ALERT_RULES = {
  /** Lost: mentioned in at least this share of the answers before, in none now. */
  mentionLostFromRate: 0.5,
  /** Gained: in none before, in at least this share now. */
  mentionGainedToRate: 0.5,
  /** A competitor's share of voice ahead of the user's by at least this, when it was not ahead before. */
  overtakeMargin: 0.05,
  /** A host cited at least this many times for the tracked prompts that no answer cited last run. */
  newDomainMinCitations: 2,
  /** An engine that failed on this many runs in a row. */
  engineFailureRuns: 3,
} as const;

/**
 * The web searches the answer engines bill apart from their tokens (issue 29), as each vendor
 * counts them (search-fees.ts on the server reads them from the replies), with the list price for
 * the tracker's default models (checked 2026-12; an operator's contract may differ):
 * - ChatGPT: web search tool calls, $10 per 1,000 (https://platform.openai.com/docs/pricing);
 * - Claude: web searches, $10 per 1,000 (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool);
 * - Gemini: grounded prompts, $35 per 1,000 past the free daily allowance (https://ai.google.dev/gemini-api/docs/pricing);
 * - Perplexity: Sonar's request fee at low search context, $5 per 1,000 (https://docs.perplexity.ai/getting-started/pricing).
 * A search costs as much as tens of thousands of the models' tokens, so it is budgeted apart
 * (WEB_SEARCH_MONTHLY_BUDGET) rather than converted into tokens.
 */
export const WEB_SEARCH_FEES_USD: Partial<Record<CitationSourceId, number>> = { chatgpt: 0.01, claude: 0.01, gemini: 0.035, perplexity: 0.005 };

/**
 * Billed web searches a plan may spend per calendar month (UTC), beside its token budget: what
 * its scheduled tracker runs need at most (asks per engine x engines x runs in a 31-day month:
 * Core 30 x 2 x 5 weekly runs, Pro 75 x 4 x 31, Agency 150 x 5 x 31), rounded up, with room
 * for runs of the Citation Tracker tool. Free has no Citation Tracker.
 */
export const WEB_SEARCH_MONTHLY_BUDGET: Record<PlanId, number> = {
  free: 0,
  core: 400,
  pro: 10_000,
  agency: 25_000,
};

export function webSearchBudgetExceededMessage(plan: PlanId): string {
  const budget = WEB_SEARCH_MONTHLY_BUDGET[plan].toLocaleString('en-US');
  return `This month's web search budget for the ${PLANS[plan].name} plan (${budget} searches) is used up; the answer engines are asked again from the 1st (UTC).`;
}

/**
 * What a row of the AI usage ledger is called in the billing dialog: an answer engine's calls are
 * kept as "<engine id>:<model>" ("chatgpt:gpt-4.1-mini" reads "ChatGPT (gpt-4.1-mini)"); anything
 * else is the operator's configured model, by its name.
 */
export function aiUsageLabel(model: string): string {
  const colon = model.indexOf(':');
  const id = colon > 0 ? model.slice(0, colon) : '';
  const engine = (CITATION_SOURCE_IDS as readonly string[]).includes(id) ? CITATION_SOURCES[id as CitationSourceId] : null;
  return engine ? `${engine.name} (${model.slice(colon + 1)})` : `AI model (${model})`;
}

/** The answers one engine gave one tracked prompt in one run, as it gave them (issue 21). */
export const trackingAnswersQuerySchema = z.strictObject({
  runId: z.uuid(),
  sourceId: citationSourceIdSchema,
  prompt: z.string().min(1).max(300),
});
export const trackingAnswerSchema = z.object({
  sample: z.number().int().min(0),
  text: z.string(),
  mentioned: z.boolean(),
  /** The user's rank among the brands the answer names, from 1. */
  rank: z.number().int().nullable(),
  sentiment: z.number().nullable(),
  citedUrls: z.array(z.string()),
  ownPageCited: z.boolean(),
  competitorsMentioned: z.array(z.string()),
  /** The competitors one of whose pages the answer cites. */
  competitorsCited: z.array(z.string()),
  /** Pages the engine searched that the answer does not cite: consulted, not cited. */
  consultedUrls: z.array(z.string()),
});
export type TrackingAnswer = z.infer<typeof trackingAnswerSchema>;
export const trackingAnswersSchema = z.object({ answers: z.array(trackingAnswerSchema) });
