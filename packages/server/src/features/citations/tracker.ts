import { randomUUID } from 'node:crypto';
import {
  CITATION_PLAN_LIMITS,
  CITATION_SOURCE_IDS,
  CITATION_SOURCES,
  isAnswerEngine,
  llmBudgetExceededMessage,
  notInPlanMessage,
  MAX_CITATION_KEYWORDS,
  parseCitationKeywords,
  parseFingerprintPhrases,
  webSearchBudgetExceededMessage,
  type CitationSourceId,
  type CitationSourceStatus,
  type CitationTrackerInput,
  type CitationTrackerResult,
  type PlanId,
  type Profile,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { dbUsageStore, type LlmClient, LlmError, monthlyLlmUsage, monthlySearchUsage } from '../llm';
import { citationGap, citationKey, collectCitations, mentionRates, overallRate, shareOfVoice, type Analysed } from './aggregate';
import { analyzeObservation, type Competitor } from './analyze';
import { runAnswers } from './run-answers';
import { SourceError } from './fetch-json';
import { buildPrompts, buildSearchQueries } from './prompts';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import { answerEngineSource } from './sources/answer-engine';
import { braveSource } from './sources/brave';
import { hackerNewsSource } from './sources/hacker-news';
import { redditSource } from './sources/reddit';
import type { CitationSourceAdapter, SourceOutcome } from './sources/types';
import { engineUsageModel, webAnswerEngineSource, type EngineUsage, type WebAnswerEngineId, type BuildWebAnswerModel } from './sources/web-answer-engine';
import { listFingerprintPhrases, listSavedPrompts, previousRun, saveRun } from './store';
import { brandFromDomain, hostOf, sameSite } from './text';

export interface TrackerDeps {
  db: Db;
  llm: LlmClient;
  sources: CitationSourceSettings;
  now?: () => Date;
  /** Tests build the engines' models themselves; the app from the settings. */
  buildEngine?: BuildWebAnswerModel;
}

export interface TrackerRequest {
  userId: string;
  plan: PlanId;
  profile: Pick<Profile, 'websites' | 'competitors'>;
  input: CitationTrackerInput;
  signal?: AbortSignal;
  /** A scheduled run of a website's tracked prompts (issue 21). */
  tracked?: { prompts: string[] };
  /** Called as each answer-engine ask settles, for the progress of a scheduled run. */
  onAnswered?: () => void;
}

/** Asks one run makes of each answer engine: what a scheduled run's progress counts up to. */
export function asksPerEngine(prompts: number, samples: number, plan: PlanId): number {
  return Math.min(prompts, Math.max(1, Math.floor(CITATION_PLAN_LIMITS[plan].asksPerEngine / samples))) * samples;
}

export class InvalidDomainError extends Error {
  constructor(value: string) {
    super(`"${value}" is not a domain. Enter a domain such as example.com.`);
  }
}

/**
 * What the user sees of a source that is off (issue 19): that this server does not have it, never
 * the settings that would turn it on, which are the operator's business (CITATION_SETUP, the docs).
 */
export const NOT_SET_UP = 'Not set up on this server.';
const notConfiguredMessage = (id: CitationSourceId) => (CITATION_SOURCES[id].keyless ? 'Turned off on this server.' : NOT_SET_UP);

/** How the operator turns each source on: logged at start-up for the ones that are off, and in docs/deployment.md. */
export const CITATION_SETUP: Record<CitationSourceId, string> = {
  chatgpt: 'set OPENAI_API_KEY to ask ChatGPT (OpenAI Responses API with web search; OPENAI_MODEL, OPENAI_BASE_URL optional)',
  claude: 'set ANTHROPIC_API_KEY to ask Claude (with its web search tool; ANTHROPIC_MODEL, ANTHROPIC_BASE_URL optional)',
  gemini: 'set GEMINI_API_KEY to ask Gemini (grounded on Google Search; GEMINI_MODEL, GEMINI_BASE_URL optional)',
  perplexity: 'set PERPLEXITY_API_KEY to ask Perplexity, which returns the pages it cites',
  'answer-engine': 'set LLM_PROVIDER, LLM_MODEL and LLM_API_KEY (or LLM_BASE_URL for a local or OpenAI-compatible model) to ask that model',
  'hacker-news': 'unset HN_SEARCH_URL (it is "off") to search Hacker News',
  reddit: 'unset REDDIT_SEARCH_URL (it is "off") to search Reddit',
  brave: 'set BRAVE_API_KEY to see the pages Brave Search ranks for the keywords',
};

/** Which sources this server has, whatever the plan. */
export function sourcesOn(settings: CitationSourceSettings, llmConfigured: boolean): Record<CitationSourceId, boolean> {
  return {
    chatgpt: settings.chatgpt !== null,
    claude: settings.claude !== null,
    gemini: settings.gemini !== null,
    perplexity: settings.perplexity !== null,
    'answer-engine': llmConfigured,
    'hacker-news': settings.hackerNews !== null,
    reddit: settings.reddit !== null,
    brave: settings.brave !== null,
  };
}

/** The sources that are off on this server, with how to turn each on: for the operator's log. */
export function sourcesOff(settings: CitationSourceSettings, llmConfigured: boolean): { id: CitationSourceId; name: string; setup: string }[] {
  const on = sourcesOn(settings, llmConfigured);
  return CITATION_SOURCE_IDS.filter((id) => !on[id]).map((id) => ({ id, name: CITATION_SOURCES[id].name, setup: CITATION_SETUP[id] }));
}

/**
 * The answer engines a plan asks: the first `engines` of those set up, in CITATION_SOURCE_IDS
 * order. The searches are not counted: every plan with the tracker gets them.
 */
export function enginesInPlan(on: Record<CitationSourceId, boolean>, plan: PlanId): Set<CitationSourceId> {
  const engines = CITATION_SOURCE_IDS.filter((id) => on[id] && isAnswerEngine(id));
  return new Set(engines.slice(0, CITATION_PLAN_LIMITS[plan].engines));
}

/** Said in place of the sources when none of them answered. */
export const NO_SOURCE_ANSWERED = 'no source answered';

/**
 * The run's `source`: the sources that answered, by name (an answer engine with its model), e.g.
 * "Hacker News, Reddit" or "ChatGPT (gpt-4.1-mini), Perplexity (sonar)". Never "built-in
 * analysis" (issue 19): the results come from these sources, whatever analyses them.
 */
export function answeredSources(outcomes: readonly { status: CitationSourceStatus; outcome: SourceOutcome | null }[]): string {
  const names = outcomes.flatMap(({ status, outcome }) => {
    if (status.status !== 'ok') return [];
    const models = (outcome?.models ?? []).filter((model) => !status.name.includes(model));
    return [models.length > 0 ? `${status.name} (${models.join(', ')})` : status.name];
  });
  return names.length > 0 ? names.join(', ') : NO_SOURCE_ANSWERED;
}

function adapters(deps: TrackerDeps, request: TrackerRequest): Partial<Record<CitationSourceId, CitationSourceAdapter>> {
  const { sources, llm } = deps;
  const usage = dbUsageStore(deps.db);
  const engineOptions = {
    timeoutMs: sources.engineTimeoutMs,
    retryBaseMs: sources.engineRetryBaseMs,
    // Each engine's calls count against the month's AI budget like the operator's own model's,
    // under the engine's name, so the billing dialog can say what each engine cost.
    beforeCall: async () => {
      const month = await monthlyLlmUsage(usage, request.userId, request.plan, deps.now?.());
      if (month.usedTokens >= month.budgetTokens) throw new SourceError('error', llmBudgetExceededMessage(request.plan));
      const searches = await monthlySearchUsage(usage, request.userId, request.plan, deps.now?.());
      if (searches.used >= searches.budget) throw new SourceError('error', webSearchBudgetExceededMessage(request.plan));
    },
    // The web searches the vendor bills apart from the tokens are kept too, against their own budget (issue 29).
    onUsage: (used: EngineUsage) =>
      usage.record({
        userId: request.userId,
        feature: 'citations',
        model: engineUsageModel(used),
        inputTokens: used.inputTokens,
        outputTokens: used.outputTokens,
        searches: used.searches,
      }),
    build: deps.buildEngine,
  };
  const web = (id: WebAnswerEngineId) => {
    const settings = sources[id];
    return settings ? webAnswerEngineSource(id, { ...settings, proxy: sources.proxy }, engineOptions) : undefined;
  };
  return {
    chatgpt: web('chatgpt'),
    claude: web('claude'),
    gemini: web('gemini'),
    perplexity: web('perplexity'),
    'answer-engine': llm.configured ? answerEngineSource(llm, { userId: request.userId, plan: request.plan, feature: 'citations' }) : undefined,
    'hacker-news': sources.hackerNews ? hackerNewsSource(sources.hackerNews.baseUrl, sources.timeoutMs) : undefined,
    reddit: sources.reddit ? redditSource(sources.reddit, sources.timeoutMs) : undefined,
    brave: sources.brave ? braveSource(sources.brave, sources.timeoutMs) : undefined,
  };
}

export class TrackerCancelledError extends Error {
  constructor() {
    super('The Citation Tracker run was cancelled.');
  }
}

function failureStatus(error: unknown, signal: AbortSignal | undefined): { status: CitationSourceStatus['status']; message: string } {
  if (error instanceof SourceError) return { status: error.status, message: error.message };
  if (error instanceof LlmError) return { status: error.code === 'timeout' || error.code === 'unreachable' ? 'unreachable' : 'error', message: error.message };
  if (signal?.aborted) throw new TrackerCancelledError();
  throw error;
}

function okMessage(adapter: CitationSourceAdapter, outcome: SourceOutcome): string {
  const count = outcome.observations.length;
  const what = adapter.kind === 'answer-engine' ? `${count} answer${count === 1 ? '' : 's'}` : `${count} result${count === 1 ? '' : 's'}`;
  return outcome.warning ? `${what}; ${outcome.warning}.` : `${what} read.`;
}

/** The brand: the profile's name for this website, else one made from the domain. */
export function brandFor(domain: string, profile: TrackerRequest['profile']): string {
  const site = profile.websites.find((website) => {
    const host = hostOf(website.url);
    return host !== null && (sameSite(host, domain) || sameSite(domain, host));
  });
  return site?.name.trim() || brandFromDomain(domain);
}

export function competitorsOf(domain: string, profile: TrackerRequest['profile']): Competitor[] {
  return profile.competitors
    .map((competitor) => ({ name: competitor.name.trim(), domain: hostOf(competitor.url) }))
    .filter((competitor) => competitor.name !== '' && !(competitor.domain && sameSite(competitor.domain, domain)));
}

/**
 * One Citation Tracker run: every source asked in parallel, each answer or result checked for the
 * domain, the brand and the fingerprint phrases, then summarised, compared with the previous run
 * of the same domain and stored. A source that is off or fails is listed with why, never dropped.
 */
export async function runCitationTracker(deps: TrackerDeps, request: TrackerRequest): Promise<CitationTrackerResult> {
  const now = deps.now ?? (() => new Date());
  const domain = hostOf(request.input.domain);
  if (!domain) throw new InvalidDomainError(request.input.domain);
  // A scheduled run asks the website's tracked prompts as they are and searches only for the
  // domain and the brand; a run from the tool asks the keyword templates and the saved prompts.
  const keywords = request.tracked ? [] : parseCitationKeywords(request.input.keywords).slice(0, MAX_CITATION_KEYWORDS);
  const savedPhrases = (await listFingerprintPhrases(deps.db, request.userId)).map((row) => row.phrase);
  const fingerprintPhrases = parseFingerprintPhrases([...parseFingerprintPhrases(request.input.fingerprintPhrases), ...savedPhrases]);
  const brand = brandFor(domain, request.profile);
  const competitors = competitorsOf(domain, request.profile);
  const samples = request.input.samples ?? deps.sources.samples;
  const wanted = request.tracked ? request.tracked.prompts : buildPrompts(keywords, (await listSavedPrompts(deps.db, request.userId)).map((row) => row.prompt));
  // The run's cost budget: each engine asks at most the plan's asks, so prompts past it wait.
  const prompts = wanted.slice(0, Math.max(1, Math.floor(CITATION_PLAN_LIMITS[request.plan].asksPerEngine / samples)));
  const query = { prompts, ...buildSearchQueries(keywords, domain, brand), samples, signal: request.signal, onAnswered: request.onAnswered };

  const available = adapters(deps, request);
  const inPlan = enginesInPlan(sourcesOn(deps.sources, deps.llm.configured), request.plan);
  const outcomes = await Promise.all(
    CITATION_SOURCE_IDS.map(async (id) => {
      const adapter = available[id];
      const info = CITATION_SOURCES[id];
      if (!adapter) return { status: { id, name: info.name, kind: info.kind, status: 'not_configured', message: notConfiguredMessage(id) } as CitationSourceStatus, outcome: null };
      if (info.kind === 'answer-engine' && !inPlan.has(id)) return { status: { id, name: info.name, kind: info.kind, status: 'not_in_plan', message: notInPlanMessage(request.plan) } as CitationSourceStatus, outcome: null };
      // An answer engine's asks, and how many failed and why, are shown beside its numbers.
      const asks = adapter.kind === 'answer-engine' ? { asks: prompts.length * samples } : {};
      try {
        const outcome = await adapter.run(query);
        const failed = outcome.failedAsks ? { failedAsks: outcome.failedAsks, failure: outcome.failure } : adapter.kind === 'answer-engine' ? { failedAsks: 0 } : {};
        return { status: { id, name: adapter.name, kind: adapter.kind, status: 'ok', message: okMessage(adapter, outcome), ...asks, ...failed } as CitationSourceStatus, outcome, adapter };
      } catch (error) {
        const failed = adapter.kind === 'answer-engine' ? { failedAsks: asks.asks, failure: error instanceof SourceError ? (error.reason ?? 'error') : error instanceof LlmError && error.code === 'timeout' ? 'timed_out' : 'error' } : {};
        return { status: { id, name: adapter.name, kind: adapter.kind, ...failureStatus(error, request.signal), ...asks, ...failed } as CitationSourceStatus, outcome: null };
      }
    }),
  );
  // Nothing is stored for a run whose client went away half way.
  if (request.signal?.aborted) throw new TrackerCancelledError();

  const target = { domain, brand, phrases: fingerprintPhrases };
  const analysed: Analysed[] = outcomes.flatMap(({ outcome, status }) =>
    (outcome?.observations ?? []).map((observation) => ({ observation, analysis: analyzeObservation(observation, target, competitors), sourceName: status.name })),
  );
  const createdAt = now().toISOString();
  const citations = collectCitations(analysed, createdAt);
  const previous = await previousRun(deps.db, request.userId, domain);
  const seen = new Set((previous?.result.citations ?? []).map(citationKey));

  const result: CitationTrackerResult = {
    runId: randomUUID(),
    source: answeredSources(outcomes),
    domain,
    brand,
    keywords,
    fingerprintPhrases,
    prompts,
    samplesPerPrompt: samples,
    sources: outcomes.map(({ status }) => status),
    citations,
    mentionRates: mentionRates(analysed),
    overall: overallRate(analysed),
    newMentions: previous ? citations.filter((citation) => !seen.has(citationKey(citation))) : citations,
    previousRunAt: previous ? previous.createdAt.toISOString() : null,
    shareOfVoice: shareOfVoice(analysed, brand, domain, competitors),
    shareOfVoiceByEngine: CITATION_SOURCE_IDS.filter(isAnswerEngine).flatMap((id) => {
      const answers = analysed.filter((item) => item.observation.sourceId === id);
      return answers.length > 0 ? [{ sourceId: id, entries: shareOfVoice(answers, brand, domain, competitors) }] : [];
    }),
    citationGap: citationGap(analysed, domain, competitors),
    answers: runAnswers(outcomes, analysed, prompts, samples),
    ...(request.tracked ? { scheduled: true } : {}),
    created_at: createdAt,
  };
  await saveRun(deps.db, request.userId, result, analysed);
  return result;
}
