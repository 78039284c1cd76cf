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

/** Absolute URLs written in an answer, without trailing punctuation. */
export function urlsIn(text: string): string[] {
  const found = (text.match(URL_RE) ?? []).map((url) => url.replace(/[.,;:!?*_`]+$/, ''));
  return [...new Set(found.filter((url) => URL.canParse(url)))];
}

/** One spelling per page: no fragment, no trailing slash, host lower case. */
export function normalizeUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.hash = '';
  const text = parsed.toString();
  return text.endsWith('/') && parsed.pathname !== '/' ? text.slice(0, -1) : text.replace(/\/$/, '');
}
