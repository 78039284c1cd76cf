import { CredentialsInUrlError, InvalidUrlError, UnsupportedProtocolError } from './errors';

/**
 * Parses user input into an auditable URL: http or https only, no credentials. A bare domain
 * ("example.com/page") gets https, as people type them that way. The WHATWG parser already turns
 * decimal, octal and hex IPv4 forms (2130706433, 0177.0.0.1, 0x7f.0.0.1) into dotted form, so the
 * address policy sees the address that would really be contacted.
 */
export function parseAuditUrl(input: string): URL {
  const trimmed = input.trim();
  if (trimmed === '') throw new InvalidUrlError(input, 'is empty: enter a URL such as https://example.com');
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(?:[/?#]|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidUrlError(input);
  }
  return checkUrl(url, input);
}

/** Validates an absolute URL met while fetching (a redirect target, a link, a sitemap entry). */
export function checkUrl(url: URL, original = url.href): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsupportedProtocolError(original, url.protocol);
  if (url.username !== '' || url.password !== '') throw new CredentialsInUrlError(original);
  if (url.hostname === '') throw new InvalidUrlError(original, 'has no host name');
  return url;
}

/**
 * The key under which a crawl de-duplicates URLs: no fragment, no empty query, lower-case host and
 * no default port (the parser does those two). Query parameters keep their order, since sites
 * may give it meaning.
 */
export function normalizeUrl(url: URL | string): string {
  const copy = new URL(typeof url === 'string' ? url : url.href);
  copy.hash = '';
  if (copy.search === '') copy.search = '';
  copy.hostname = copy.hostname.replace(/\.$/, '');
  return copy.href;
}

/** Resolves `href` against `base` and normalises it; null when it is not an http(s) URL. */
export function resolveHttpUrl(href: string, base: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return normalizeUrl(url);
}
