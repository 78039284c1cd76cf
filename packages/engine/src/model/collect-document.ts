import type { Document, Element } from 'domhandler';
import { isElement, isHidden, MAX_DEPTH, NON_CONTENT, headingTextOf, textOf } from './dom';
import type { Heading, HeadingLevel, ImageInfo, LinkInfo, MicrodataItem } from './types';

export interface TimeFact {
  /** The datetime attribute; null when the element only has text. */
  datetime: string | null;
  /** The element's text when it has no datetime attribute ("March 3, 2016"). */
  text: string;
  /** itemprop=datePublished/dateCreated, pubdate, or a class such as "published" or "entry-date". */
  published: boolean;
  /** itemprop=dateModified or a class such as "updated". */
  modified: boolean;
  /** Inside a header, byline, dateline or meta line. */
  inByline: boolean;
  /** Inside an <article> (or an Article item), or after the first <h1>: not the masthead's date. */
  inArticle: boolean;
}
import { addChildStats, addTextStats, countBreaks, isScorable, newStats, selectMainRoots, type NodeStats } from './main-content';
import { collapseWhitespace, words } from '../text/words';
import { isStuffedHeading } from '../text/keywords';
import { classifyLinks, hostOf, resolveLink, siteDomains } from './links';

export { hostOf };

/** What the single walk over the whole document gathers; the main-content walk refines it. */
export interface DocumentFacts {
  title: string | null;
  lang: string | null;
  /** <meta name="description"> only: itemprop="description" describes other things. */
  metaDescription: string | null;
  metas: Map<string, string>;
  robotsMetas: string[];
  canonicals: string[];
  jsonLdRaw: string[];
  scriptCount: number;
  /** Application mount points (#root, #app, #__next...) holding almost no text. */
  mountPoints: string[];
  noscriptText: string;
  bodyTextLength: number;
  headings: Heading[];
  headingElements: Map<Element, Heading>;
  /** Headings that repeat a keyword; kept out of the outline and reported by keyword-stuffing. */
  stuffedHeadings: Map<Element, string>;
  links: LinkInfo[];
  linkElements: Map<Element, LinkInfo>;
  images: ImageInfo[];
  imageElements: Map<Element, ImageInfo>;
  microdata: MicrodataItem[];
  /** <time> elements outside comments, quotations, embeds and related-content lists. */
  times: TimeFact[];
  /** Elements that may hold a byline (class or id byline/author, rel=author, itemprop=author), in document order. */
  bylines: Element[];
  /** Non-<time> elements whose class or id says they hold a date ("dateline", "post-date"). */
  dateElements: Element[];
  /** itemprop=author/creator values (the item of an itemscope author, else the text or content), with the item they describe. */
  microdataAuthors: { value: MicrodataItem | string; of: MicrodataItem | null }[];
  /** Every author-like meta tag in order, repeated ones included (citation_author, article:author). */
  authorMetas: [string, string][];
  /** Registrable domains of the page's own site: its URL, canonical and og:url. */
  siteDomains: string[];
  body: Element | null;
  mainRoots: Element[];
  /** Text, link and element counts of every element's subtree, for cleaning the main content. */
  nodeStats: Map<Element, NodeStats>;
}

const BOILERPLATE = new Set(['nav', 'footer', 'aside']);
const BOILER_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'menu', 'menubar', 'banner', 'dialog', 'alertdialog']);
const UNLIKELY_RE =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_RE = /and|article|body|column|content|main|mathjax|shadow/i;
// Class and id names are matched word by word ("related-posts", "relatedPosts", "c-byline__link"), so
// that "authorization", "has-sidebar" on <body> or a slug such as "page-facebooks-strategy" do not count.
const BYLINE_TOKEN_RE = /(?:^|[-_])(?:by-?line|by-?author|author(?!i[sz])[a-z]*|written-?by|contributors?|creators?|reporters?|journalists?)(?:$|[-_])/;
// Embedded posts, quotations, comments, captions and lists of other articles carry other people's
// names and dates; nothing there is the page's byline or publication date. "has-sidebar",
// "content-with-sidebar" and the like describe a layout, not the element.
const EXCLUDED_TOKEN_RE =
  /(?:^|[-_])(?<!(?:has|with|no|without|show|hide|enable|disable)[-_])(?:comments?|disqus|repl(?:y|ies)|related|recirc(?:ulation)?|recommend(?:ed|ations?)?|more-(?:from|stories|news|articles|on)|read-?next|up-?next|trending|popular|most-?(?:read|popular|viewed)|tweet|twitter-tweet|instagram-media|tiktok-embed|embed(?:ded)?|teasers?|promos?|outbrain|taboola|newsletters?|sidebar|signup|pagination|figcaption)(?:$|[-_])/;
const EXCLUDED_HINT_RE = /comment|disqus|repl|related|recirc|recommend|more|next|trending|popular|most|tweet|instagram|tiktok|embed|teaser|promo|outbrain|taboola|newsletter|sidebar|signup|pagination|figcaption/i;
const EXCLUDED_TYPE_RE = /(?:^|\/)(?:Comment|Review|Answer|Question|Rating|SocialMediaPosting|Quotation|ImageObject|VideoObject|MediaObject|Photograph)$/;
// Where the article states who wrote it and when: its header, byline, dateline or meta line.
const BYLINE_AREA_RE = /byline|author|dateline|date|time|meta|header|headline|published|posted|info|hero|title/i;
const DATE_TOKEN_RE = /(?:^|[-_])(?:date|dateline|datetime|timestamp|published|pubdate|publish-?date|post-?date|entry-?date|article-?date|story-?date|posted-?on|time)(?:$|[-_])/;
const UNEXCLUDED = new Set(['html', 'body', 'main', 'article']);
const METADATA_HINT_RE =
  /comment|disqus|repl|related|recirc|recommend|more|next|trending|popular|most|tweet|instagram|tiktok|embed|teaser|promo|outbrain|taboola|newsletter|sidebar|signup|pagination|figcaption|by|author|written|contributor|creator|reporter|journalist|date|time|meta|header|headline|publish|posted|info|hero|title/i;

/**
 * True when an element holds other people's content or page furniture (a comment, a related
 * story, an embed, a quotation, navigation, a footer, a caption): no byline or publication date
 * of the page is read there. The walk below applies the same tests as it goes.
 */
export function isOtherContent(el: Element): boolean {
  const name = el.name;
  if (name === 'blockquote' || name === 'figure' || name === 'figcaption' || BOILERPLATE.has(name) || name === 'nav') return true;
  const a = el.attribs;
  if (a.role !== undefined && BOILER_ROLES.has(a.role)) return true;
  if (a.itemtype !== undefined && EXCLUDED_TYPE_RE.test(a.itemtype.trim())) return true;
  const matchString = a.class === undefined && a.id === undefined ? '' : `${a.class ?? ''} ${a.id ?? ''}`;
  return matchString.length > 1 && !UNEXCLUDED.has(name) && EXCLUDED_HINT_RE.test(matchString) && hasToken(matchString, EXCLUDED_TOKEN_RE);
}

/** True when a word of the class or id (camelCase split, lower-cased) matches `re`. */
function hasToken(matchString: string, re: RegExp): boolean {
  for (const raw of matchString.split(/\s+/)) {
    if (raw.length === 0 || raw.length > 60) continue;
    if (re.test(raw.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase())) return true;
  }
  return false;
}
const PUBLISHED_CLASS_RE = /publish|pubdate|posted|created|entry-date|dt-published/i;
const MODIFIED_CLASS_RE = /updated|modified|dt-updated|last-?mod/i;
const AUTHOR_META_KEYS = new Set(['author', 'article:author', 'og:article:author', 'citation_author', 'dc.creator', 'dc:creator', 'dcterms.creator', 'dcterms:creator', 'parsely-author', 'sailthru.author', 'byl', 'book:author', 'article:author_name']);
const MAX_BYLINES = 24;
const BYLINE_HINT_RE = /byline|author|written|contributor|creator|reporter|journalist/i;
const MAX_DATE_ELEMENTS = 12;
const MOUNT_ID_RE = /^(?:root|app|__next|__nuxt|___gatsby|svelte|main-app|react-root|application)$/i;
const HEADING_LEVEL: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

const HIDDEN = 1;
const BOILER = 2;
const UNLIKELY = 4;
const IN_LINK = 8;
const IN_SVG = 16;
const EXCLUDED = 32;
const BYLINE_AREA = 64;
const IN_ARTICLE = 128;
/** Inside an in-page ("#") link: counts for 0.3 of its length in link density, as in Readability. */
const IN_HASH_LINK = 1 << 12;

export function collectDocument(doc: Document, pageUrl: string | null): DocumentFacts {
  const facts: DocumentFacts = {
    title: null,
    lang: null,
    metaDescription: null,
    metas: new Map(),
    robotsMetas: [],
    canonicals: [],
    jsonLdRaw: [],
    scriptCount: 0,
    mountPoints: [],
    noscriptText: '',
    bodyTextLength: 0,
    headings: [],
    headingElements: new Map(),
    stuffedHeadings: new Map(),
    links: [],
    linkElements: new Map(),
    images: [],
    imageElements: new Map(),
    microdata: [],
    times: [],
    bylines: [],
    dateElements: [],
    microdataAuthors: [],
    authorMetas: [],
    siteDomains: [],
    body: null,
    mainRoots: [],
    nodeStats: new Map(),
  };
  const stats = facts.nodeStats;
  const scorable: Element[] = [];
  // Readability retries without dropping "unlikely" classes when that leaves too little text:
  // a page wrapper named "has-sidebar" would otherwise take the whole article with it.
  const scorableLoose: Element[] = [];
  let baseUrl = pageUrl;
  const itemStack: MicrodataItem[] = [];
  let seenH1 = false;

  const addItemprop = (el: Element, flags: number): void => {
    const a = el.attribs;
    if (el.name === 'meta' || el.name === 'link') {
      if (a.itemprop && AUTHOR_PROP_RE.test(a.itemprop) && a.content !== undefined && !(flags & EXCLUDED)) facts.microdataAuthors.push({ value: a.content, of: itemStack[itemStack.length - 1] ?? null });
    }
    if (itemStack.length === 0 || !a.itemprop) return;
    const value = a.content ?? a.datetime ?? a.href ?? a.src ?? (a.itemscope !== undefined ? '' : collapseWhitespace(textOf(el, 200)));
    const item = itemStack[itemStack.length - 1];
    for (const prop of a.itemprop.split(/\s+/)) if (prop) (item.properties[prop] ??= []).push(value);
  };

  const noteByline = (el: Element, matchString: string): void => {
    const a = el.attribs;
    const name = el.name;
    if (facts.dateElements.length < MAX_DATE_ELEMENTS && name !== 'time' && matchString && /date|time|publish|posted/i.test(matchString) && hasToken(matchString, DATE_TOKEN_RE)) facts.dateElements.push(el);
    if (facts.bylines.length >= MAX_BYLINES || BIG_CONTAINERS.has(name)) return;
    if (
      (a.rel !== undefined && /(?:^|\s)author(?:\s|$)/i.test(a.rel)) ||
      (a.itemprop !== undefined && AUTHOR_PROP_RE.test(a.itemprop)) ||
      (matchString && BYLINE_HINT_RE.test(matchString) && hasToken(matchString, BYLINE_TOKEN_RE))
    ) {
      facts.bylines.push(el);
    }
  };

  const visit = (el: Element, flags: number, depth: number): NodeStats => {
    const name = el.name;
    const a = el.attribs;
    const s: NodeStats = newStats();
    if (depth > MAX_DEPTH) return s;

    switch (name) {
      case 'html':
        facts.lang = (a.lang ?? a['xml:lang'] ?? '').trim() || null;
        break;
      case 'body':
        facts.body ??= el;
        break;
      case 'title':
        if (facts.title === null && !(flags & IN_SVG)) facts.title = collapseWhitespace(textOf(el));
        return s;
      case 'base':
        if (a.href) baseUrl = resolveLink(a.href, baseUrl) ?? baseUrl;
        return s;
      case 'meta':
        collectMeta(facts, a);
        if (a.itemprop !== undefined) addItemprop(el, flags);
        return s;
      case 'link':
        if (a.rel && /(^|\s)canonical(\s|$)/i.test(a.rel) && a.href !== undefined) facts.canonicals.push(a.href.trim());
        if (a.itemprop !== undefined) addItemprop(el, flags);
        return s;
      case 'script':
        facts.scriptCount++;
        if ((a.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          facts.jsonLdRaw.push(el.children.map((c) => (c.type === 'text' ? c.data : '')).join(''));
        }
        return s;
      case 'noscript':
        if (facts.noscriptText.length < 500) facts.noscriptText += ` ${collapseWhitespace(textOf(el, 500))}`;
        return s;
      case 'svg':
        flags |= IN_SVG;
        break;
    }
    if (NON_CONTENT.has(name) && name !== 'svg') return s;
    if (!(flags & HIDDEN) && isHidden(el)) flags |= HIDDEN;
    if (BOILERPLATE.has(name) || (a.role !== undefined && BOILER_ROLES.has(a.role))) flags |= BOILER;

    const matchString = a.class === undefined && a.id === undefined ? '' : `${a.class ?? ''} ${a.id ?? ''}`;
    // One test rules out most class names before the byline, date and exclusion tests.
    const hinted = matchString.length > 1 && METADATA_HINT_RE.test(matchString) ? matchString : '';
    if (
      !(flags & EXCLUDED) &&
      (name === 'blockquote' || name === 'nav' || name === 'figure' || name === 'figcaption' ||
        (hinted && !UNEXCLUDED.has(name) && EXCLUDED_HINT_RE.test(hinted) && hasToken(hinted, EXCLUDED_TOKEN_RE)) ||
        (a.itemtype !== undefined && EXCLUDED_TYPE_RE.test(a.itemtype.trim())))
    ) {
      flags |= EXCLUDED;
    }
    if (!(flags & BYLINE_AREA) && (name === 'header' || (hinted && BYLINE_AREA_RE.test(hinted)))) flags |= BYLINE_AREA;
    if (name === 'article' || (a.itemtype !== undefined && ARTICLE_ITEM_RE.test(a.itemtype))) flags |= IN_ARTICLE;
    if (name === 'h1') seenH1 = true;
    if (!(flags & (HIDDEN | EXCLUDED))) {
      if (hinted || a.rel !== undefined || a.itemprop !== undefined) noteByline(el, hinted);
      if (name === 'time') facts.times.push(timeFact(el, seenH1 ? flags | IN_ARTICLE : flags));
    }
    if (!(flags & UNLIKELY) && matchString.length > 1 && name !== "body" && name !== "a" && name !== "html" && name !== "header" &&
        UNLIKELY_RE.test(matchString) && !MAYBE_RE.test(matchString)) {
      flags |= UNLIKELY;
    }

    const level = HEADING_LEVEL[name];
    if (level !== undefined && !(flags & HIDDEN)) {
      const heading: Heading = { level, text: collapseWhitespace(headingTextOf(el, 300)), inMain: false };
      if (heading.text && isStuffedHeading(words(heading.text))) {
        facts.stuffedHeadings.set(el, heading.text);
      } else if (heading.text) {
        facts.headings.push(heading);
        facts.headingElements.set(el, heading);
      }
    } else if (name === 'a' && a.href !== undefined && !(flags & HIDDEN)) {
      const link = makeLink(el, baseUrl);
      facts.links.push(link);
      facts.linkElements.set(el, link);
      flags |= IN_LINK;
      if (a.href.trimStart().startsWith('#')) flags |= IN_HASH_LINK;
    } else if (name === 'img') {
      const src = a.src ?? a['data-src'] ?? '';
      const role = a.role ?? '';
      const image: ImageInfo = {
        src,
        alt: a.alt === undefined ? null : a.alt.trim(),
        inMain: false,
        decorative: role === 'presentation' || role === 'none' || a['aria-hidden'] === 'true' || (flags & HIDDEN) !== 0,
      };
      facts.images.push(image);
      facts.imageElements.set(el, image);
    }

    let pushedItem = false;
    const isAuthorProp = a.itemprop !== undefined && AUTHOR_PROP_RE.test(a.itemprop) && !(flags & EXCLUDED);
    const of = itemStack[itemStack.length - 1] ?? null;
    if (a.itemprop !== undefined) addItemprop(el, flags);
    if (a.itemscope !== undefined) {
      const type = (a.itemtype ?? '').trim().split(/\s+/)[0]?.replace(/^https?:\/\/schema\.org\//i, '') ?? '';
      const item: MicrodataItem = { type, properties: {} };
      facts.microdata.push(item);
      itemStack.push(item);
      pushedItem = true;
      if (isAuthorProp) facts.microdataAuthors.push({ value: item, of });
    } else if (isAuthorProp && name !== 'link' && a.content === undefined && !(flags & HIDDEN)) {
      // <span itemprop="author">, <a itemprop="author" href="/author/jane">: the text names the author.
      facts.microdataAuthors.push({ value: collapseWhitespace(textOf(el, 200)), of });
    }

    let sawBreak = false;
    for (const child of el.children) {
      if (child.type === 'text') {
        const data = child.data;
        const len = data.trim().length;
        if (len === 0) continue;
        addTextStats(s, data, len + 1, flags & IN_LINK ? (flags & IN_HASH_LINK ? 0.3 : 1) : 0);
        if (!(flags & (HIDDEN | IN_SVG)) && name !== 'title') facts.bodyTextLength += len;
      } else if (isElement(child)) {
        addChildStats(s, visit(child, flags, depth + 1), child.name);
        if (child.name === 'br') sawBreak = true;
      }
    }
    if (sawBreak) s.breaks = countBreaks(el);
    if (pushedItem) itemStack.pop();
    // A server-rendered app fills its mount point; only an (almost) empty one marks a JS shell.
    if (a.id !== undefined && a.id.length < 16 && s.textLen < 50 && MOUNT_ID_RE.test(a.id)) facts.mountPoints.push(`${name}#${a.id}`);
    stats.set(el, s);
    if (!(flags & (HIDDEN | BOILER)) && isScorable(name, s)) {
      scorableLoose.push(el);
      if (!(flags & UNLIKELY)) scorable.push(el);
    }
    return s;
  };

  for (const child of doc.children) if (isElement(child)) visit(child, 0, 0);
  facts.mainRoots = selectMainRoots(scorable, scorableLoose, stats, facts.body);
  // The site is known once the head is read: links are classed after the walk, not during it.
  const canonical = facts.canonicals[0];
  facts.siteDomains = siteDomains([pageUrl, canonical === undefined ? null : resolveLink(canonical, baseUrl), facts.metas.get('og:url') ?? null]);
  classifyLinks(facts.links, facts.siteDomains);
  return facts;
}

const ARTICLE_ITEM_RE = /Article|BlogPosting|Report|Posting/i;
const AUTHOR_PROP_RE = /(?:^|\s)(?:author|creator)(?:\s|$)/i;
const BIG_CONTAINERS = new Set(['html', 'body', 'main', 'article']);

function timeFact(el: Element, flags: number): TimeFact {
  const a = el.attribs;
  const marks = `${a.class ?? ''} ${a.id ?? ''} ${a.itemprop ?? ''}`;
  const modified = /dateModified/i.test(a.itemprop ?? '') || MODIFIED_CLASS_RE.test(marks);
  return {
    datetime: a.datetime?.trim() || null,
    text: a.datetime ? '' : collapseWhitespace(textOf(el, 120)),
    published: !modified && (a.pubdate !== undefined || /datePublished|dateCreated/i.test(a.itemprop ?? '') || PUBLISHED_CLASS_RE.test(marks)),
    modified,
    inByline: (flags & BYLINE_AREA) !== 0,
    inArticle: (flags & IN_ARTICLE) !== 0,
  };
}

function collectMeta(facts: DocumentFacts, a: Record<string, string>): void {
  const content = a.content;
  if (content === undefined) return;
  const keys = [a.name, a.property, a.itemprop, a['http-equiv']];
  for (const raw of keys) {
    if (!raw) continue;
    for (const key of raw.toLowerCase().trim().split(/\s+/)) {
      if (!facts.metas.has(key)) facts.metas.set(key, content.trim());
      if (AUTHOR_META_KEYS.has(key) && raw !== a.itemprop && content.trim()) facts.authorMetas.push([key, content.trim()]);
    }
  }
  const name = (a.name ?? '').toLowerCase().trim();
  if (name === 'description' && facts.metaDescription === null) facts.metaDescription = content.trim();
  if (name === 'robots' || name === 'googlebot' || name === 'bingbot' || name === 'gptbot' || name === 'chatgpt-user') {
    facts.robotsMetas.push(`${name}: ${content}`);
  }
}

function makeLink(el: Element, baseUrl: string | null): LinkInfo {
  const href = el.attribs.href.trim();
  let text = collapseWhitespace(textOf(el, 200));
  if (!text) text = (el.attribs['aria-label'] ?? el.attribs.title ?? imageAlt(el)).trim();
  const url = resolveLink(href, baseUrl);
  // `internal` and `furniture` are set by classifyLinks once the whole document is read.
  return { href, url, text, rel: (el.attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean), internal: false, furniture: false, inMain: false };
}

function imageAlt(el: Element, depth = 0): string {
  if (depth > 20) return '';
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (child.name === 'img') return child.attribs.alt ?? '';
    const nested = imageAlt(child, depth + 1);
    if (nested) return nested;
  }
  return '';
}
