import { randomUUID } from 'node:crypto';
import {
  CITATION_SOURCE_IDS,
  MAX_CITATION_KEYWORDS,
  parseCitationKeywords,
  parseFingerprintPhrases,
  type CitationSourceId,
  type CitationSourceStatus,
  type CitationTrackerInput,
  type CitationTrackerResult,
  type PlanId,
  type Profile,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { type LlmClient, LlmError } from '../llm';
import { citationGap, citationKey, collectCitations, mentionRates, overallRate, shareOfVoice, type Analysed } from './aggregate';
import { analyzeObservation, type Competitor } from './analyze';
import { SourceError } from './fetch-json';
import { buildPrompts, buildSearchQueries } from './prompts';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import { answerEngineSource } from './sources/answer-engine';
import { braveSource } from './sources/brave';
import { hackerNewsSource } from './sources/hacker-news';
import { perplexitySource } from './sources/perplexity';
import { redditSource } from './sources/reddit';
import type { CitationSourceAdapter, SourceOutcome } from './sources/types';
import { listFingerprintPhrases, listSavedPrompts, previousRun, saveRun } from './store';
import { brandFromDomain, hostOf, sameSite } from './text';

export interface TrackerDeps {
  db: Db;
  llm: LlmClient;
  sources: CitationSourceSettings;
  now?: () => Date;
}

export interface TrackerRequest {
  userId: string;
  plan: PlanId;
  profile: Pick<Profile, 'websites' | 'competitors'>;
  input: CitationTrackerInput;
  signal?: AbortSignal;
}

export class InvalidDomainError extends Error {
  constructor(value: string) {
    super(`"${value}" is not a domain. Enter a domain such as example.com.`);
  }
}

const SOURCE_NAMES: Record<CitationSourceId, string> = {
  'answer-engine': 'AI answers',
  perplexity: 'Perplexity',
  'hacker-news': 'Hacker News',
  reddit: 'Reddit',
  brave: 'Brave Search',
};

/**
 * What the user sees of a source that is off (issue 19): that this server does not have it, never
 * the settings that would turn it on, which are the operator's business (CITATION_SETUP, the docs).
 */
export const NOT_SET_UP = 'Not set up on this server.';
const NOT_CONFIGURED: Record<CitationSourceId, string> = {
  'answer-engine': NOT_SET_UP,
  perplexity: NOT_SET_UP,
  'hacker-news': 'Turned off on this server.',
  reddit: 'Turned off on this server.',
  brave: NOT_SET_UP,
};

/** How the operator turns each source on: logged at start-up for the ones that are off, and in docs/deployment.md. */
export const CITATION_SETUP: Record<CitationSourceId, string> = {
  'answer-engine': 'set LLM_PROVIDER, LLM_MODEL and LLM_API_KEY (or LLM_BASE_URL for a local model) to ask an AI model',
  perplexity: 'set PERPLEXITY_API_KEY to ask Perplexity, which returns the pages it cites',
  'hacker-news': 'unset HN_SEARCH_URL (it is "off") to search Hacker News',
  reddit: 'unset REDDIT_SEARCH_URL (it is "off") to search Reddit',
  brave: 'set BRAVE_API_KEY to see the pages Brave Search ranks for the keywords',
};

/** The sources that are off on this server, with how to turn each on: for the operator's log. */
export function sourcesOff(settings: CitationSourceSettings, llmConfigured: boolean): { id: CitationSourceId; name: string; setup: string }[] {
  const on: Record<CitationSourceId, boolean> = {
    'answer-engine': llmConfigured,
    perplexity: settings.perplexity !== null,
    'hacker-news': settings.hackerNews !== null,
    reddit: settings.reddit !== null,
    brave: settings.brave !== null,
  };
  return CITATION_SOURCE_IDS.filter((id) => !on[id]).map((id) => ({ id, name: SOURCE_NAMES[id], setup: CITATION_SETUP[id] }));
}

/** Said in place of the sources when none of them answered. */
export const NO_SOURCE_ANSWERED = 'no source answered';

/**
 * The run's `source`: the sources that answered, by name (an answer engine with its model), e.g.
 * "Hacker News, Reddit" or "AI answers (gpt-4o-mini), Perplexity (sonar)". Never "built-in
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
  return {
    'answer-engine': llm.configured ? answerEngineSource(llm, { userId: request.userId, plan: request.plan, feature: 'citations' }) : undefined,
    perplexity: sources.perplexity ? perplexitySource(sources.perplexity, sources.timeoutMs) : undefined,
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
  const keywords = parseCitationKeywords(request.input.keywords).slice(0, MAX_CITATION_KEYWORDS);
  const savedPhrases = (await listFingerprintPhrases(deps.db, request.userId)).map((row) => row.phrase);
  const fingerprintPhrases = parseFingerprintPhrases([...parseFingerprintPhrases(request.input.fingerprintPhrases), ...savedPhrases]);
  const savedPrompts = (await listSavedPrompts(deps.db, request.userId)).map((row) => row.prompt);
  const brand = brandFor(domain, request.profile);
  const competitors = competitorsOf(domain, request.profile);
  const prompts = buildPrompts(keywords, savedPrompts);
  const samples = request.input.samples ?? deps.sources.samples;
  const query = { prompts, ...buildSearchQueries(keywords, domain, brand), samples, signal: request.signal };

  const available = adapters(deps, request);
  const outcomes = await Promise.all(
    CITATION_SOURCE_IDS.map(async (id) => {
      const adapter = available[id];
      if (!adapter) {
        return { status: { id, name: SOURCE_NAMES[id], kind: id === 'answer-engine' || id === 'perplexity' ? 'answer-engine' : 'search', status: 'not_configured', message: NOT_CONFIGURED[id] } as CitationSourceStatus, outcome: null };
      }
      try {
        const outcome = await adapter.run(query);
        return { status: { id, name: adapter.name, kind: adapter.kind, status: 'ok', message: okMessage(adapter, outcome) } as CitationSourceStatus, outcome, adapter };
      } catch (error) {
        return { status: { id, name: adapter.name, kind: adapter.kind, ...failureStatus(error, request.signal) } as CitationSourceStatus, outcome: null };
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
    citationGap: citationGap(analysed, domain, competitors),
    created_at: createdAt,
  };
  await saveRun(deps.db, request.userId, result, analysed);
  return result;
}
