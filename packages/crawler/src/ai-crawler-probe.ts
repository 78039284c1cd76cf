import { createHash } from 'node:crypto';
import { AI_CRAWLERS, type AiCrawlerAccess } from '@citable/contract';
import { CrawlerError, RateLimitedError } from './errors';
import type { RobotsTxt } from './robots';
import type { FetchResult, SafeFetcher } from './safe-fetch';
import { BROWSER_USER_AGENT } from './user-agent';

/**
 * Robots.txt is only what a site says; a CDN or firewall may still block AI crawlers by their
 * User-Agent. So the page is requested as a browser and as a few AI crawlers (one per operator and
 * purpose), and each answer is compared with the browser's.
 */

/** One crawler per operator and purpose: enough to see a UA rule, few enough to stay polite. */
export const DEFAULT_PROBE_TOKENS: readonly string[] = [
  'OAI-SearchBot',
  'ChatGPT-User',
  'GPTBot',
  'Claude-SearchBot',
  'Claude-User',
  'ClaudeBot',
  'PerplexityBot',
  'Perplexity-User',
];

export interface ProbeOptions {
  /** Robots tokens from AI_CRAWLERS to impersonate. Default DEFAULT_PROBE_TOKENS. */
  tokens?: readonly string[];
  /** Requests in flight at once, the browser baseline included. Default 4. */
  concurrency?: number;
  signal?: AbortSignal;
}

export type UaProbe = NonNullable<AiCrawlerAccess['uaProbe']>;

interface Observation {
  status: number | null;
  error?: string;
  textLength: number;
  hash: string;
  challenge: boolean;
}

// A text length ratio below this (with a real difference in size) means a different page.
const MIN_LENGTH_RATIO = 0.5;
const MIN_LENGTH_DIFFERENCE = 300;
const CHALLENGE_MARKERS = [
  /just a moment\.\.\./i,
  /attention required!? \| cloudflare/i,
  /cf-(?:browser-verification|challenge|chl-)/i,
  /access denied/i,
  /request unsuccessful\. incapsula/i,
  /are you a robot\??/i,
  /verify(?:ing)? (?:that )?you are (?:a )?human/i,
  /captcha/i,
];

/** Requests `url` as a browser and as each AI crawler, and says whether each answer matches. */
export async function probeAiCrawlers(url: string, fetcher: SafeFetcher, options: ProbeOptions = {}): Promise<Map<string, UaProbe>> {
  const tokens = options.tokens ?? DEFAULT_PROBE_TOKENS;
  const crawlers = tokens.map((token) => AI_CRAWLERS.find((crawler) => crawler.token === token)).filter((crawler) => crawler !== undefined);
  const agents = [BROWSER_USER_AGENT, ...crawlers.map((crawler) => crawler.userAgent)];
  const observations = await mapLimited(agents, options.concurrency ?? 4, (userAgent) => observe(url, userAgent, fetcher, options.signal));
  const [browser, ...probes] = observations;
  const results = new Map<string, UaProbe>();
  crawlers.forEach((crawler, index) => results.set(crawler.token, compare(crawler.token, probes[index], browser)));
  return results;
}

/** What robots.txt says for every crawler in AI_CRAWLERS, plus the probe results when given. */
export function aiCrawlerAccess(robots: RobotsTxt, url: string, probes?: Map<string, UaProbe>): AiCrawlerAccess[] {
  return AI_CRAWLERS.map((crawler) => {
    const access: AiCrawlerAccess = { token: crawler.token, purpose: crawler.purpose, robotsAllowed: robots.isAllowed(crawler.token, url) };
    const probe = probes?.get(crawler.token);
    if (probe) access.uaProbe = probe;
    return access;
  });
}

async function observe(url: string, userAgent: string, fetcher: SafeFetcher, signal?: AbortSignal): Promise<Observation> {
  let response: FetchResult;
  try {
    response = await fetcher.fetch(url, { userAgent, signal });
  } catch (error) {
    if (!(error instanceof CrawlerError) || error.code === 'ABORTED') throw error;
    const status = error instanceof RateLimitedError ? error.status : null;
    return { status, error: error.message, textLength: 0, hash: '', challenge: false };
  }
  const text = visibleText(response.body);
  return {
    status: response.status,
    textLength: text.length,
    hash: createHash('sha1').update(text).digest('hex'),
    challenge: CHALLENGE_MARKERS.some((marker) => marker.test(response.body.slice(0, 20_000))),
  };
}

function compare(token: string, probe: Observation, browser: Observation): UaProbe {
  if (browser.status === null) {
    return { status: probe.status, matchesBrowser: probe.status === null, note: `The browser request failed too: ${browser.error ?? 'no answer'}` };
  }
  if (probe.status === null) return { status: null, matchesBrowser: false, note: `Request as ${token} failed: ${probe.error ?? 'no answer'}` };
  const bothOk = isSuccess(probe.status) && isSuccess(browser.status);
  if (probe.status !== browser.status && !bothOk) {
    return { status: probe.status, matchesBrowser: false, note: `HTTP ${probe.status} for ${token}, HTTP ${browser.status} for a browser` };
  }
  if (probe.challenge && !browser.challenge) {
    return { status: probe.status, matchesBrowser: false, note: `${token} gets what looks like a bot challenge page instead of the content` };
  }
  if (probe.hash === browser.hash) return { status: probe.status, matchesBrowser: true };
  const shorter = Math.min(probe.textLength, browser.textLength);
  const longer = Math.max(probe.textLength, browser.textLength);
  if (longer - shorter >= MIN_LENGTH_DIFFERENCE && shorter / longer < MIN_LENGTH_RATIO) {
    return {
      status: probe.status,
      matchesBrowser: false,
      note: `${probe.textLength} characters of text for ${token}, ${browser.textLength} for a browser`,
    };
  }
  return { status: probe.status, matchesBrowser: true };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Rough visible text: enough to compare two versions of one page, not to analyse it. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
