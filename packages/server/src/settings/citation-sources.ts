type Env = Record<string, string | undefined>;

/**
 * Where the Citation Tracker looks, read once at start-up. Every base URL is configurable so a
 * deployment can use a proxy and tests can point each source at a local fake. The key-less
 * community searches (Hacker News, Reddit) are on unless their URL is set to "off".
 */
/** One answer engine the operator set up: its key, its API's address and the model asked. */
export interface AnswerEngineSettings {
  /** Never logged nor returned by any route. */
  apiKey: string;
  baseUrl: string;
  model: string;
  /** The proxy its calls go through, when the environment names one (issue 29). */
  proxy?: OutboundProxy | null;
}

/**
 * The outbound proxy of the environment, as curl and undici's EnvHttpProxyAgent read it:
 * HTTPS_PROXY for https URLs, HTTP_PROXY for http ones, NO_PROXY the hosts reached directly
 * (each also in lower case, which wins as in curl).
 */
export interface OutboundProxy {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

export interface CitationSourceSettings {
  /** The answer engines with web search (issue 21); null when their key is not set. */
  chatgpt: AnswerEngineSettings | null;
  claude: AnswerEngineSettings | null;
  gemini: AnswerEngineSettings | null;
  perplexity: { apiKey: string; baseUrl: string; model: string } | null;
  hackerNews: { baseUrl: string } | null;
  reddit: { baseUrl: string; userAgent: string } | null;
  brave: { apiKey: string; baseUrl: string } | null;
  /** Per outbound request (spec 001 §9: the network timeout is 10 s). */
  timeoutMs: number;
  /** Per answer-engine attempt: an answer with web search takes tens of seconds, not 10. */
  engineTimeoutMs: number;
  /** First backoff before retrying an engine's 429 or 5xx; each retry doubles it. */
  engineRetryBaseMs: number;
  /** Answers asked per prompt and engine (CITATION_SAMPLES). */
  samples: number;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY for the answer engines' calls; null when no proxy is set. */
  proxy: OutboundProxy | null;
}

export const CITATION_SOURCE_DEFAULTS = {
  // https://platform.openai.com/docs/guides/tools-web-search (Responses API, POST /responses)
  chatgptBaseUrl: 'https://api.openai.com/v1',
  chatgptModel: 'gpt-4.1-mini',
  // https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool (POST /messages)
  claudeBaseUrl: 'https://api.anthropic.com/v1',
  claudeModel: 'claude-sonnet-4-5',
  // https://ai.google.dev/gemini-api/docs/google-search (POST /models/{model}:generateContent)
  geminiBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  geminiModel: 'gemini-2.5-flash',
  // https://docs.perplexity.ai (OpenAI-compatible chat completions at /chat/completions)
  perplexityBaseUrl: 'https://api.perplexity.ai',
  perplexityModel: 'sonar',
  // https://hn.algolia.com/api (GET /search)
  hackerNewsBaseUrl: 'https://hn.algolia.com/api/v1',
  // Reddit's public listings: append .json to a reddit.com URL (GET /search.json)
  redditBaseUrl: 'https://www.reddit.com',
  // https://api-dashboard.search.brave.com/app/documentation/web-search (GET /web/search)
  braveBaseUrl: 'https://api.search.brave.com/res/v1',
  timeoutMs: 10_000,
  engineTimeoutMs: 90_000,
  engineRetryBaseMs: 1_000,
  samples: 3,
};

const stripSlash = (url: string) => url.replace(/\/+$/, '');

function httpUrl(env: Env, name: string, fallback: string, fail: (message: string) => Error): string {
  const value = stripSlash(env[name]?.trim() || fallback);
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw fail(`${name} must be an http(s) URL (or "off" where allowed), got "${value}"`);
  return value;
}

function intSetting(env: Env, name: string, fallback: number, min: number, max: number, fail: (message: string) => Error): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw fail(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The proxy variables, lower case first as curl reads them; null when neither proxy is set. */
export function readOutboundProxy(env: Env, fail: (message: string) => Error): OutboundProxy | null {
  const read = (name: string) => env[name.toLowerCase()]?.trim() || env[name]?.trim() || undefined;
  const proxyUrl = (name: string) => {
    const value = read(name);
    if (value !== undefined && (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))) throw fail(`${name} must be an http(s) URL, got "${value}"`);
    return value;
  };
  const httpsProxy = proxyUrl('HTTPS_PROXY');
  const httpProxy = proxyUrl('HTTP_PROXY');
  if (!httpsProxy && !httpProxy) return null;
  const noProxy = read('NO_PROXY');
  return { ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), ...(noProxy && { noProxy }) };
}

const off = (value: string | undefined) => value?.trim().toLowerCase() === 'off';

/**
 * The base URL the AI SDK provider needs, which ends with the API's version ("/v1"), from one
 * written either way. Anthropic's own SDK takes ANTHROPIC_BASE_URL without it
 * (https://api.anthropic.com) and adds /v1 itself, so a path not ending in /v1 gets it. OpenAI's
 * takes OPENAI_BASE_URL with it; a bare host (https://api.openai.com) gets /v1, and any other path
 * (a gateway's /openai) is kept as the OpenAI SDK would.
 */
export function withApiVersion(engine: 'anthropic' | 'openai', baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(path)) return baseUrl;
  if (engine === 'openai' && path !== '') return baseUrl;
  return `${baseUrl}/v1`;
}

/** An engine is on when its key is set: `<PREFIX>_API_KEY`, with `<PREFIX>_BASE_URL` and `<PREFIX>_MODEL` optional. */
function answerEngine(env: Env, prefix: string, defaults: { baseUrl: string; model: string }, fail: (message: string) => Error, versioned?: 'anthropic' | 'openai'): AnswerEngineSettings | null {
  const apiKey = env[`${prefix}_API_KEY`]?.trim();
  if (!apiKey) return null;
  const baseUrl = httpUrl(env, `${prefix}_BASE_URL`, defaults.baseUrl, fail);
  return { apiKey, baseUrl: versioned ? withApiVersion(versioned, baseUrl) : baseUrl, model: env[`${prefix}_MODEL`]?.trim() || defaults.model };
}

export function readCitationSourceSettings(env: Env, publicUrl: string, fail: (message: string) => Error): CitationSourceSettings {
  const perplexityKey = env.PERPLEXITY_API_KEY?.trim();
  const braveKey = env.BRAVE_API_KEY?.trim();
  const d = CITATION_SOURCE_DEFAULTS;
  return {
    chatgpt: answerEngine(env, 'OPENAI', { baseUrl: d.chatgptBaseUrl, model: d.chatgptModel }, fail, 'openai'),
    claude: answerEngine(env, 'ANTHROPIC', { baseUrl: d.claudeBaseUrl, model: d.claudeModel }, fail, 'anthropic'),
    gemini: answerEngine(env, 'GEMINI', { baseUrl: d.geminiBaseUrl, model: d.geminiModel }, fail),
    perplexity: perplexityKey
      ? {
          apiKey: perplexityKey,
          baseUrl: httpUrl(env, 'PERPLEXITY_BASE_URL', CITATION_SOURCE_DEFAULTS.perplexityBaseUrl, fail),
          model: env.PERPLEXITY_MODEL?.trim() || CITATION_SOURCE_DEFAULTS.perplexityModel,
        }
      : null,
    hackerNews: off(env.HN_SEARCH_URL) ? null : { baseUrl: httpUrl(env, 'HN_SEARCH_URL', CITATION_SOURCE_DEFAULTS.hackerNewsBaseUrl, fail) },
    // Reddit refuses requests without a descriptive User-Agent (https://github.com/reddit-archive/reddit/wiki/API).
    reddit: off(env.REDDIT_SEARCH_URL)
      ? null
      : { baseUrl: httpUrl(env, 'REDDIT_SEARCH_URL', CITATION_SOURCE_DEFAULTS.redditBaseUrl, fail), userAgent: `Citable citation tracker (+${publicUrl})` },
    brave: braveKey ? { apiKey: braveKey, baseUrl: httpUrl(env, 'BRAVE_SEARCH_URL', CITATION_SOURCE_DEFAULTS.braveBaseUrl, fail) } : null,
    timeoutMs: intSetting(env, 'CITATION_SOURCE_TIMEOUT_MS', CITATION_SOURCE_DEFAULTS.timeoutMs, 100, 120_000, fail),
    engineTimeoutMs: intSetting(env, 'CITATION_ENGINE_TIMEOUT_MS', d.engineTimeoutMs, 100, 600_000, fail),
    engineRetryBaseMs: intSetting(env, 'CITATION_ENGINE_RETRY_BASE_MS', d.engineRetryBaseMs, 1, 60_000, fail),
    samples: intSetting(env, 'CITATION_SAMPLES', CITATION_SOURCE_DEFAULTS.samples, 1, 5, fail),
    proxy: readOutboundProxy(env, fail),
  };
}
