import type { Citation, LinkInfo } from './types';

/** Resolves an href cheaply: absolute and root-relative URLs need no URL object. */
export function resolveLink(href: string, base: string | null): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (/^(?:javascript|mailto|tel|data):/i.test(href)) return null;
  if (!base) return null;
  if (href.startsWith('/') && !href.startsWith('//')) {
    const origin = /^https?:\/\/[^/?#]+/i.exec(base);
    if (origin) return origin[0] + href;
  }
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** The host of an absolute URL, lower case, without "www." and port; "" when there is none. */
export function hostOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i.exec(url);
  return m ? m[1].toLowerCase().replace(/\.$/, '').replace(/^www\./, '') : '';
}

// Second-level labels under which country domains register names (bbc.co.uk, abc.net.au,
// yahoo.co.jp, gov.br, gouv.fr): a small stand-in for the Public Suffix List, which the engine
// does not ship (it runs in the browser too).
const COUNTRY_SECOND_LEVEL = new Set([
  'co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'gob', 'go', 'or', 'ne', 'mil', 'nic', 'ltd', 'plc', 'sch', 'nhs', 'govt', 'nom', 'gouv', 'asso', 'police',
]);
// Hosting platforms where each subdomain is someone else's site (the PSL's private section, and
// the large blog hosts): alice.github.io does not cite herself by linking to bob.github.io.
const PLATFORMS = new Set([
  'github.io', 'gitlab.io', 'wordpress.com', 'tumblr.com', 'substack.com', 'blogspot.com', 'herokuapp.com', 'netlify.app', 'vercel.app',
  'pages.dev', 'workers.dev', 'web.app', 'firebaseapp.com', 'appspot.com', 'azurewebsites.net', 'cloudfront.net', 'wixsite.com',
  'readthedocs.io', 'notion.site', 'typepad.com', 'livejournal.com', 'hatenablog.com', 'neocities.org', 'weebly.com', 'ghost.io',
  'over-blog.com', 'canalblog.com', 'hashnode.dev', 'medium.com', 'blogger.com', 'fly.dev', 'onrender.com', 'glitch.me',
]);

/**
 * The registrable domain of a host: the part a site owner registers, under which every subdomain
 * is the same site. "www.bbc.co.uk" and "news.bbc.co.uk" give "bbc.co.uk"; "m.lemonde.fr" gives
 * "lemonde.fr"; "alice.github.io" stays itself. IP addresses and single-label hosts are their own.
 */
export function registrableDomain(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(h) || h.includes(':') || h.startsWith('[')) return h;
  const labels = h.split('.');
  const n = labels.length;
  if (n <= 2) return h;
  let suffix = 1;
  if (labels[n - 1].length === 2 && COUNTRY_SECOND_LEVEL.has(labels[n - 2])) suffix = 2;
  if (PLATFORMS.has(labels.slice(n - 2).join('.')) || labels[n - suffix - 1] === 'blogspot') suffix += 1;
  return labels.slice(Math.max(0, n - suffix - 1)).join('.');
}

/** The registrable domains of the page's own site, from its URL, canonical and og:url (http and https only). */
export function siteDomains(urls: (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url.trim())) continue;
    const host = hostOf(url.trim());
    if (!host) continue;
    const domain = registrableDomain(host);
    if (!out.includes(domain)) out.push(domain);
  }
  return out;
}

/** True when an absolute URL is on one of the given sites (registrable domains). */
export function isOnSite(url: string, sites: readonly string[]): boolean {
  if (sites.length === 0 || !/^https?:\/\//i.test(url)) return false;
  const host = hostOf(url);
  return host !== '' && sites.includes(registrableDomain(host));
}

const FURNITURE_REL = new Set(['next', 'prev', 'previous', 'author', 'license', 'sponsored', 'ugc', 'search', 'help', 'edit']);
// Account, subscription, sharing, printing, feed and comment pages, and author pages (the byline's links).
const FURNITURE_PATH_RE =
  /\/(?:log-?in|log-?out|sign-?in|sign-?up|sign-?out|signin|signup|register|registration|inscription|subscribe|subscriptions?|abonnement|newsletters?|account|my-?account|mon-?compte|konto|password|auth|oauth2?|sso|cart|checkout|share|sharer|print|comments?|feed|rss|authors?|auteurs?|autor(?:en)?|writers?|journalists?|reporters?|contributors?)(?:[/?#.]|$)/i;
const FURNITURE_QUERY_RE = /[?&](?:share|replytocom|print|shared)=|[?&]action=(?:login|logout|register|share|print)\b/i;
const FURNITURE_HOST_RE = /^(?:accounts?|login|auth|signin|sso|myaccount|subscribe|subscriptions|abonnement)\./i;
const FURNITURE_TEXT_RE = new RegExp(
  `^(?:${[
    'next', 'previous', 'prev', 'older', 'newer', 'next page', 'previous page', 'older posts', 'newer posts', 'older entries', 'newer entries',
    'next article', 'previous article', 'next story', 'previous story', 'next post', 'previous post', 'home', 'back', 'back to top', 'top',
    'skip to (?:main )?content', 'skip navigation', 'log ?in', 'log ?out', 'sign ?in', 'sign ?up', 'sign ?out', 'register', 'subscribe',
    'subscribe now', 'create (?:an |your |a free )?account', 'my account', 'share', 'share this(?: article| story)?', 'share on \\S+', 'tweet',
    'pin it', 'print', 'email', 'e-mail', 'comments?', '\\d+ comments?', 'view comments', 'show comments', 'reply', 'menu', 'search', 'close',
    "créer un compte", 'se connecter', 'connexion', "s['’]inscrire", "s['’]abonner", 'abonnez-vous', 'mon compte', 'partager', 'imprimer',
    'anmelden', 'abmelden', 'registrieren', 'abonnieren', 'teilen', 'drucken', 'iniciar sesión', 'registrarse', 'suscríbete', 'compartir',
    'accedi', 'registrati', 'abbonati', 'condividi', 'page suivante', 'page précédente', 'suivant', 'précédent', 'weiter', 'zurück',
    'nächste seite', 'siguiente', 'anterior', 'successivo', 'precedente',
  ].join('|')})$`,
  'i',
);

/** Interface links: never a source, nor a related page (see LinkInfo.furniture). */
export function isFurnitureLink(link: Pick<LinkInfo, 'text' | 'url' | 'rel' | 'internal'>): boolean {
  for (const r of link.rel) if (FURNITURE_REL.has(r)) return true;
  if (link.text.length <= 80) {
    // "Next (SHIFT+n)", "« Previous", "Share →": the words without the keyboard hint and arrows.
    const text = /[()[\]«»‹›<>←→↑↓|·•:]/.test(link.text)
      ? link.text
          .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
          .replace(/^[\s«»‹›<>←→↑↓|·•:]+|[\s«»‹›<>←→↑↓|·•:]+$/g, '')
          .replace(/\s+/g, ' ')
          .trim()
      : link.text;
    if (text === '' && /[«»‹›<>←→]/.test(link.text)) return true;
    if (text.length <= 40 && FURNITURE_TEXT_RE.test(text)) return true;
    // Page numbers: "2", "3" on the site itself. An external link written "1" is a footnote.
    if (link.internal && /^\d{1,3}$/.test(text)) return true;
  }
  const url = link.url;
  if (!url) return false;
  const rest = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!rest) return false;
  return FURNITURE_HOST_RE.test(rest[1]) || FURNITURE_PATH_RE.test(rest[2].replace(/[?#].*$/, '')) || FURNITURE_QUERY_RE.test(rest[2]);
}

/** Sets each link's `internal` and `furniture` once the site is known. */
export function classifyLinks(links: LinkInfo[], sites: readonly string[]): void {
  // Pages link to few hosts many times: each host's registrable domain is worked out once.
  const onSite = new Map<string, boolean>();
  for (const link of links) {
    const href = link.href;
    if (href === '' || href.startsWith('#')) link.internal = false;
    else if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) link.internal = true;
    else if (link.url === null || sites.length === 0 || !/^https?:\/\//i.test(link.url)) link.internal = false;
    else {
      const host = hostOf(link.url);
      let known = onSite.get(host);
      if (known === undefined) {
        known = host !== '' && sites.includes(registrableDomain(host));
        onSite.set(host, known);
      }
      link.internal = known;
    }
    link.furniture = isFurnitureLink(link);
  }
}

// Links to these hosts are sharing or social widgets, not sources.
const NON_SOURCE_HOST_RE =
  /(?:^|\.)(?:facebook\.com|twitter\.com|x\.com|linkedin\.com|pinterest\.com|reddit\.com|instagram\.com|tiktok\.com|whatsapp\.com|t\.me|addthis\.com|sharethis\.com|plus\.google\.com|feedburner\.com|disqus\.com|mailto)$/;

/**
 * External sources cited by the main content: links from it to other sites, once each; not
 * the site's own pages, interface links, or social and sharing widgets.
 */
export function collectCitations(links: LinkInfo[]): Citation[] {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (!link.inMain || link.internal || link.furniture || !link.url || !/^https?:/i.test(link.url)) continue;
    const host = hostOf(link.url);
    if (!host || NON_SOURCE_HOST_RE.test(host) || seen.has(link.url)) continue;
    seen.add(link.url);
    citations.push({ url: link.url, host, text: link.text });
  }
  return citations;
}
