import { Parser } from 'htmlparser2';
import { resolveHttpUrl } from './normalize-url';
import { CITABLE_BOT_TOKEN } from './user-agent';

export interface PageLinks {
  /** Absolute, normalised http(s) link targets, in document order, without duplicates. */
  links: string[];
  /** The normalised <link rel="canonical"> target, if any. */
  canonical: string | null;
  /** A robots meta tag (generic or for CitableBot) says nofollow or none. */
  nofollow: boolean;
}

/**
 * What a crawl needs from a page: where its links go, what it names as canonical, and whether it
 * asks crawlers not to follow links. A streaming tokenizer, so no DOM is built per page.
 */
export function extractPageLinks(html: string, pageUrl: string): PageLinks {
  const hrefs: string[] = [];
  let base: string | null = null;
  let canonicalHref: string | null = null;
  let nofollow = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if ((name === 'a' || name === 'area') && attributes.href !== undefined) {
        hrefs.push(attributes.href);
      } else if (name === 'link' && canonicalHref === null && attributes.href && hasToken(attributes.rel, 'canonical')) {
        canonicalHref = attributes.href;
      } else if (name === 'base' && base === null && attributes.href) {
        base = attributes.href;
      } else if (name === 'meta' && attributes.content) {
        const target = (attributes.name ?? '').toLowerCase();
        if ((target === 'robots' || target === CITABLE_BOT_TOKEN.toLowerCase()) && /\b(?:nofollow|none)\b/i.test(attributes.content)) {
          nofollow = true;
        }
      }
    },
  });
  parser.end(html);
  const baseUrl = (base !== null && resolveHttpUrl(base, pageUrl)) || pageUrl;
  const links = new Set<string>();
  for (const href of hrefs) {
    const url = resolveHttpUrl(href, baseUrl);
    if (url !== null) links.add(url);
  }
  const canonical = canonicalHref === null ? null : resolveHttpUrl(canonicalHref, baseUrl);
  return { links: [...links], canonical, nofollow };
}

function hasToken(list: string | undefined, token: string): boolean {
  return (list ?? '').toLowerCase().split(/\s+/).includes(token);
}
