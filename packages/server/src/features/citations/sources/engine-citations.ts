import { normalizeUrl, urlsIn } from '../text';

/**
 * Which pages an engine's answer cites, read from each vendor's documented fields, apart from the
 * pages it only consulted (searched, listed, or grounded on without pointing any text at them).
 * Every URL is canonical (`normalizeUrl`): one entry per page, tracking parameters left out.
 */
export interface AnswerCitations {
  cited: string[];
  consulted: string[];
}

interface SdkSource {
  sourceType: string;
  url?: string;
  title?: string;
}

/** A part of the SDK's result content; the fields read here are checked where they are read. */
interface SdkContentPart {
  type: string;
}

/** What the adapter hands over of one generateText result (joined over a continued Claude turn). */
export interface EngineReply {
  text: string;
  content: readonly SdkContentPart[];
  sources: readonly SdkSource[];
  /** Each call's provider metadata (Gemini keeps its grounding there). */
  providerMetadata: readonly unknown[];
}

const unique = (urls: readonly string[]) => [...new Set(urls.map(normalizeUrl))];

/** `consulted` without what is `cited`, both canonical. */
function apart(cited: readonly string[], consulted: readonly string[]): AnswerCitations {
  const citedPages = unique(cited);
  const citedSet = new Set(citedPages);
  return { cited: citedPages, consulted: unique(consulted).filter((url) => !citedSet.has(url)) };
}

const urlSources = (sources: readonly SdkSource[]) => sources.flatMap((source) => (source.sourceType === 'url' && source.url ? [source] : []));

/**
 * ChatGPT: the SDK's sources are the answer's `url_citation` annotations (web-answer-engine.ts
 * does not ask for the searched pages); the inline Markdown links are the same citations.
 */
export function chatGptCitations(reply: EngineReply): AnswerCitations {
  return apart([...urlSources(reply.sources).map((source) => source.url as string), ...urlsIn(reply.text)], []);
}

/**
 * Claude: its text blocks' `web_search_result_location` citations (kept in the text parts'
 * provider metadata) are the pages it cites. The `web_search_tool_result` pages, which the SDK
 * turns into sources, were searched: an answer without citations cites none of them.
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 */
export function claudeCitations(reply: EngineReply): AnswerCitations {
  const cited = reply.content.flatMap((part) => {
    if (part.type !== 'text') return [];
    const citations = ((part as { providerMetadata?: unknown }).providerMetadata as { anthropic?: { citations?: { type?: string; url?: unknown }[] } } | undefined)?.anthropic?.citations ?? [];
    return citations.flatMap((citation) => (citation.type === 'web_search_result_location' && typeof citation.url === 'string' ? [citation.url] : []));
  });
  return apart([...cited, ...urlsIn(reply.text)], urlSources(reply.sources).map((source) => source.url as string));
}

const GOOGLE_REDIRECT_HOST = 'vertexaisearch.cloud.google.com';
const DOMAIN_TITLE = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;
const DOMAIN_IN_TITLE = /(?<![\w.-])((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\w-]|\.[a-z0-9])/gi;

/**
 * The page a grounding chunk stands for. Gemini cites through Google's grounding redirect links,
 * titled with the cited site's domain (https://ai.google.dev/gemini-api/docs/google-search):
 * without following the redirect, that domain is what is known of the page. A title that is not a
 * domain but names exactly one ("Acme guide - acme.example") gives that domain; one that names
 * none cannot be attributed (null): the redirect host is never the cited site.
 */
export function citedPage(source: { url: string; title?: string | null }): string | null {
  let host: string;
  try {
    host = new URL(source.url).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host !== GOOGLE_REDIRECT_HOST) return source.url;
  const title = source.title?.trim() ?? '';
  if (DOMAIN_TITLE.test(title)) return `https://${title.toLowerCase()}/`;
  const named = [...new Set([...title.matchAll(DOMAIN_IN_TITLE)].map((match) => match[1].toLowerCase()))];
  return named.length === 1 ? `https://${named[0]}/` : null;
}

interface GroundingMetadata {
  groundingChunks?: { web?: { uri?: string; title?: string | null } | null }[] | null;
  groundingSupports?: { groundingChunkIndices?: number[] | null }[] | null;
}

/**
 * Gemini: the chunks a `groundingSupports` entry points at (the text segments they back) are
 * cited; the other `groundingChunks` were only consulted.
 * https://ai.google.dev/api/generate-content#v1beta.GroundingMetadata
 */
export function geminiCitations(reply: EngineReply): AnswerCitations {
  const cited: string[] = [];
  const consulted: string[] = [];
  for (const metadata of reply.providerMetadata) {
    const grounding = (metadata as { google?: { groundingMetadata?: GroundingMetadata | null } } | undefined)?.google?.groundingMetadata;
    const chunks = grounding?.groundingChunks ?? [];
    const supported = new Set((grounding?.groundingSupports ?? []).flatMap((support) => support.groundingChunkIndices ?? []));
    chunks.forEach((chunk, index) => {
      const page = chunk.web?.uri ? citedPage({ url: chunk.web.uri, title: chunk.web.title }) : null;
      if (page) (supported.has(index) ? cited : consulted).push(page);
    });
  }
  return apart([...cited, ...urlsIn(reply.text)], consulted);
}

/**
 * Perplexity: `citations[n-1]` is the page the text's `[n]` marker refers to; a citation no marker
 * refers to was only listed. The SDK's sources are the `citations`, in order.
 * https://docs.perplexity.ai/api-reference/chat-completions-post
 */
export function perplexityCitations(reply: EngineReply): AnswerCitations {
  const listed = urlSources(reply.sources).map((source) => source.url as string);
  const markers = new Set([...reply.text.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
  const cited = listed.filter((_, index) => markers.has(index + 1));
  return apart([...cited, ...urlsIn(reply.text)], listed);
}
