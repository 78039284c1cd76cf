/**
 * The published sources the checks rest on, as the public pages cite them. Every URL is the
 * publisher's own page; every quotation is verbatim from it.
 */
export interface Source {
  title: string;
  publisher: string;
  url: string;
}

export const SOURCES = {
  geo: {
    title: 'GEO: Generative Engine Optimization',
    publisher: 'Aggarwal et al., KDD 2024',
    url: 'https://arxiv.org/abs/2311.09735',
  },
  rfc9309: {
    title: 'RFC 9309: Robots Exclusion Protocol',
    publisher: 'IETF, 2022',
    url: 'https://www.rfc-editor.org/rfc/rfc9309.html',
  },
  openai: {
    title: 'Overview of OpenAI crawlers',
    publisher: 'OpenAI',
    url: 'https://platform.openai.com/docs/bots',
  },
  anthropic: {
    title: 'Does Anthropic crawl data from the web, and how can site owners block the crawler?',
    publisher: 'Anthropic',
    url: 'https://support.anthropic.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler',
  },
  perplexity: {
    title: 'Perplexity crawlers',
    publisher: 'Perplexity',
    url: 'https://docs.perplexity.ai/guides/bots',
  },
  google: {
    title: "Google's common crawlers",
    publisher: 'Google Search Central',
    url: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
  },
  schemaOrg: {
    title: 'Schema.org vocabulary',
    publisher: 'Schema.org',
    url: 'https://schema.org/',
  },
  llmsTxt: {
    title: 'The /llms.txt file',
    publisher: 'Jeremy Howard, llmstxt.org',
    url: 'https://llmstxt.org/',
  },
} satisfies Record<string, Source>;

/** Verbatim from the abstract of the GEO paper. */
export const GEO_QUOTE = 'Through rigorous evaluation, we demonstrate that GEO can boost visibility by up to 40% in generative engine responses.';

/** Verbatim from OpenAI's crawler documentation, on OAI-SearchBot. */
export const OPENAI_SEARCH_QUOTE = 'Sites that are opted out of OAI-SearchBot will not be shown in ChatGPT search answers, though can still appear as navigational links.';

/** Verbatim from the abstract of RFC 9309. */
export const RFC9309_QUOTE = 'for service owners to control how content served by their services may be accessed, if at all, by automatic clients known as crawlers';

/** The AI crawlers of the three answer engines Citable's audits test, with each operator's documentation. */
export const CRAWLER_TABLE: { operator: string; search: string; user: string; training: string; source: Source }[] = [
  { operator: 'OpenAI', search: 'OAI-SearchBot', user: 'ChatGPT-User', training: 'GPTBot', source: SOURCES.openai },
  { operator: 'Anthropic', search: 'Claude-SearchBot', user: 'Claude-User', training: 'ClaudeBot', source: SOURCES.anthropic },
  { operator: 'Perplexity', search: 'PerplexityBot', user: 'Perplexity-User', training: 'None', source: SOURCES.perplexity },
];

/** Verbatim from the background of the llms.txt proposal (Jeremy Howard, 2024). */
export const LLMS_TXT_QUOTE = 'Large language models increasingly rely on website information, but face a critical limitation: context windows are too small to handle most websites in their entirety.';

/** Verbatim from OpenAI's crawler documentation, on how soon robots.txt changes take effect. */
export const OPENAI_ROBOTS_DELAY_QUOTE = "it can take ~24 hours from a site's robots.txt update for our systems to adjust.";
