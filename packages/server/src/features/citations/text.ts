/** Text helpers shared by the matchers: normalisation, hosts and snippets. */

/** Lower case, accents folded, anything but letters and digits turned into single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokens(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized === '' ? [] : normalized.split(' ');
}

/** The host of a URL or bare domain, lower case, without "www.". Null when it is neither. */
export function hostOf(value: string): string | null {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(withScheme)) return null;
  const host = new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** True when `host` is `site` or one of its subdomains. */
export function sameSite(host: string, site: string): boolean {
  return host === site || host.endsWith(`.${site}`);
}

/** "acme-tools.co.uk" gives "Acme Tools": the first label, words capitalised. */
export function brandFromDomain(domain: string): string {
  const label = domain.split('.')[0] ?? domain;
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** HTML from the search APIs (HN comment_text, Reddit selftext_html) as plain text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** About `radius` characters either side of a match, cut at word boundaries. */
export function snippetAround(text: string, index: number, length: number, radius = 120): string {
  const start = Math.max(0, index - radius);
  const end = Math.min(text.length, index + length + radius);
  let snippet = text.slice(start, end);
  if (start > 0) snippet = `…${snippet.replace(/^\S*\s/, '')}`;
  if (end < text.length) snippet = `${snippet.replace(/\s\S*$/, '')}…`;
  return snippet.replace(/\s+/g, ' ').trim();
}

const URL_RE = /https?:\/\/[^\s<>"'()[\]{}]+/gi;

/** A host followed by a path, written without a scheme: "g2.com/compare/acme-vs-globex". */
const BARE_LINK_PATH_RE = /(?<![\p{L}\p{N}@/.-])((?:[a-z0-9-]+\.)+[a-z]{2,})(\/[^\s<>"'()[\]{}]*)/giu;

/**
 * ChatGPT's inline citation, "([g2.com](https://www.g2.com/…?utm_source=openai))": shown as a
 * source chip after the sentence, not as words of the answer, whatever its label.
 */
const CITATION_CHIP_RE = /\(\[[^\]\n]{0,200}\]\([^)\s]+\)\)/g;

/**
 * The answer's words: citation chips and every URL blanked out (same length, so offsets still
 * point into the text). A brand that appears only inside a link ("…/acme-analytics-vs-globex?
 * utm_source=openai") is not named by the answer. A domain written as text stays, and so does a
 * bare host before its path.
 */
export function wordsOf(text: string): string {
  const blank = (value: string) => ' '.repeat(value.length);
  return text
    .replace(CITATION_CHIP_RE, blank)
    .replace(URL_RE, blank)
    .replace(BARE_LINK_PATH_RE, (_, host: string, path: string) => host + blank(path));
}

/** Absolute URLs written in an answer, without trailing punctuation. */
export function urlsIn(text: string): string[] {
  const found = (text.match(URL_RE) ?? []).map((url) => url.replace(/[.,;:!?*_`]+$/, ''));
  return [...new Set(found.filter((url) => URL.canParse(url)))];
}

/**
 * Query parameters that say who sent the visitor, not which page it is: ChatGPT adds
 * `utm_source=openai` to every link it cites, ads add click ids. Left in, one page counts twice.
 */
const TRACKING_PARAM = /^(?:utm_.*|ref|ref_src|ref_url|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|igshid|_ga|_gl|srsltid)$/i;

/** One spelling per page: no fragment, no tracking parameter, no trailing slash, host lower case. */
export function normalizeUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()]) if (TRACKING_PARAM.test(name)) parsed.searchParams.delete(name);
  const text = parsed.toString();
  return text.endsWith('/') && parsed.pathname !== '/' ? text.slice(0, -1) : text.replace(/\/$/, '');
}
