import { CITATION_SOURCE_IDS, CITATION_SOURCES, type CitationSourceId } from '@citable/contract';
import { CITATION_SOURCE_DEFAULTS, readCitationSourceSettings } from '../../settings/citation-sources';
import { readLlmSettings } from '../../settings/llm';
import { CITATION_SETUP, sourcesOn } from './tracker';

export interface CitationSourceLine {
  id: CitationSourceId;
  name: string;
  on: boolean;
  /**
   * For a source that is on, the model it asks (answer engines) and the base URL its calls go to,
   * saying whether it is the vendor's default or which variable set it; for one that is off, how
   * to turn it on.
   */
  detail: string;
  /** The base URL in effect for a source that is on (null when off, or the model provider's own default). */
  baseUrl: string | null;
  /** Whether that URL is the vendor's documented default; null when there is no URL to compare. */
  vendorDefault: boolean | null;
}

/** The variable that sets each source's base URL, and the vendor's default (issue 29). */
const BASE_URL_SETTINGS: Record<CitationSourceId, { variable: string; vendorDefault: string | null }> = {
  chatgpt: { variable: 'OPENAI_BASE_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.chatgptBaseUrl },
  claude: { variable: 'ANTHROPIC_BASE_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.claudeBaseUrl },
  gemini: { variable: 'GEMINI_BASE_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.geminiBaseUrl },
  perplexity: { variable: 'PERPLEXITY_BASE_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.perplexityBaseUrl },
  // The operator's own model: its provider's SDK default unless LLM_BASE_URL is set.
  'answer-engine': { variable: 'LLM_BASE_URL', vendorDefault: null },
  brave: { variable: 'BRAVE_SEARCH_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.braveBaseUrl },
  'hacker-news': { variable: 'HN_SEARCH_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.hackerNewsBaseUrl },
  reddit: { variable: 'REDDIT_SEARCH_URL', vendorDefault: CITATION_SOURCE_DEFAULTS.redditBaseUrl },
};

/** "https://api.openai.com/v1 (the vendor's default)" or "http://gateway.internal/v1 (OPENAI_BASE_URL)". */
function whereTo(id: CitationSourceId, baseUrl: string | undefined): { text: string; baseUrl: string | null; vendorDefault: boolean | null } {
  const setting = BASE_URL_SETTINGS[id];
  if (baseUrl === undefined) return { text: "the provider's default URL", baseUrl: null, vendorDefault: null };
  if (setting.vendorDefault === null) return { text: `${baseUrl} (${setting.variable})`, baseUrl, vendorDefault: false };
  const isDefault = baseUrl === setting.vendorDefault;
  return { text: `${baseUrl} (${isDefault ? "the vendor's default" : setting.variable})`, baseUrl, vendorDefault: isDefault };
}

/**
 * The operator's view of the Citation Tracker's sources (`citable admin sources`): which ones the
 * given environment turns on, with their model, and how to turn on the others. Users only ever
 * read "not set up on this server"; the settings are for whoever runs the server.
 */
export function citationSourcesReport(env: Record<string, string | undefined>): CitationSourceLine[] {
  const fail = (message: string) => new Error(message);
  const sources = readCitationSourceSettings(env, env.PUBLIC_URL || 'http://localhost', fail);
  const llm = readLlmSettings(env, fail);
  const on = sourcesOn(sources, llm !== null);
  const models: Partial<Record<CitationSourceId, string>> = {
    chatgpt: sources.chatgpt?.model,
    claude: sources.claude?.model,
    gemini: sources.gemini?.model,
    perplexity: sources.perplexity?.model,
    'answer-engine': llm?.model,
  };
  const baseUrls: Record<CitationSourceId, string | undefined> = {
    chatgpt: sources.chatgpt?.baseUrl,
    claude: sources.claude?.baseUrl,
    gemini: sources.gemini?.baseUrl,
    perplexity: sources.perplexity?.baseUrl,
    'answer-engine': llm?.baseUrl,
    brave: sources.brave?.baseUrl,
    'hacker-news': sources.hackerNews?.baseUrl,
    reddit: sources.reddit?.baseUrl,
  };
  return CITATION_SOURCE_IDS.map((id) => {
    if (!on[id]) return { id, name: CITATION_SOURCES[id].name, on: false, detail: CITATION_SETUP[id], baseUrl: null, vendorDefault: null };
    const what = models[id] ? `model ${models[id]}` : CITATION_SOURCES[id].keyless ? 'no key needed' : 'key set';
    const where = whereTo(id, baseUrls[id]);
    return { id, name: CITATION_SOURCES[id].name, on: true, detail: `${what}, at ${where.text}`, baseUrl: where.baseUrl, vendorDefault: where.vendorDefault };
  });
}
