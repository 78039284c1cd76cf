import type { Document, Element } from 'domhandler';
import { isElement, isHidden, MAX_DEPTH, NON_CONTENT, headingTextOf, textOf } from './dom';
import type { Heading, HeadingLevel, ImageInfo, LinkInfo, MicrodataItem } from './types';
import { scoreCandidates, type NodeStats } from './main-content';
import { collapseWhitespace, words } from '../text/words';
import { isStuffedHeading } from '../text/keywords';
import { resolveLink } from './links';

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
  times: { datetime: string; published: boolean }[];
  contentByline: string | null;
  body: Element | null;
  mainRoots: Element[];
}

const BOILERPLATE = new Set(['nav', 'footer', 'aside']);
const BOILER_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'menu', 'menubar', 'banner', 'dialog', 'alertdialog']);
const UNLIKELY_RE =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_RE = /and|article|body|column|content|main|mathjax|shadow/i;
const BYLINE_RE = /byline|author|dateline|writtenby|p-author/i;
const MOUNT_ID_RE = /^(?:root|app|__next|__nuxt|___gatsby|svelte|main-app|react-root|application)$/i;
const HEADING_LEVEL: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Children that stop a div from counting as a paragraph in readability's scoring. */
const BLOCK_CHILD = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul', 'section', 'article']);
const SCORABLE = new Set(['p', 'pre', 'td', 'section']);

/** Readability's minimum article length before it relaxes its filters. */
const MIN_ARTICLE_CHARS = 500;

const HIDDEN = 1;
const BOILER = 2;
const UNLIKELY = 4;
const IN_LINK = 8;
const IN_SVG = 16;

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
    contentByline: null,
    body: null,
    mainRoots: [],
  };
  const stats = new Map<Element, NodeStats>();
  const scorable: Element[] = [];
  // Readability retries without dropping "unlikely" classes when that leaves too little text:
  // a page wrapper named "has-sidebar" would otherwise take the whole article with it.
  const scorableLoose: Element[] = [];
  let baseUrl = pageUrl;
  const itemStack: MicrodataItem[] = [];

  const visit = (el: Element, flags: number, depth: number): NodeStats => {
    const name = el.name;
    const a = el.attribs;
    const s: NodeStats = { textLen: 0, linkLen: 0, commas: 0, hasBlockChild: false };
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
        return s;
      case 'link':
        if (a.rel && /(^|\s)canonical(\s|$)/i.test(a.rel) && a.href !== undefined) facts.canonicals.push(a.href.trim());
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
      case 'time':
        if (a.datetime) {
          facts.times.push({ datetime: a.datetime, published: a.pubdate !== undefined || /datePublished/i.test(a.itemprop ?? '') });
        }
        break;
      case 'svg':
        flags |= IN_SVG;
        break;
    }
    if (NON_CONTENT.has(name) && name !== 'svg') return s;
    if (!(flags & HIDDEN) && isHidden(el)) flags |= HIDDEN;
    if (BOILERPLATE.has(name) || (a.role !== undefined && BOILER_ROLES.has(a.role))) flags |= BOILER;

    const matchString = a.class === undefined && a.id === undefined ? '' : `${a.class ?? ''} ${a.id ?? ''}`;
    if (facts.contentByline === null && !(flags & (HIDDEN | UNLIKELY)) && (matchString || a.rel !== undefined || a.itemprop !== undefined)) checkByline(facts, el, matchString);
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
      const link = makeLink(el, baseUrl, pageUrl);
      facts.links.push(link);
      facts.linkElements.set(el, link);
      flags |= IN_LINK;
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
    if (a.itemprop !== undefined && itemStack.length > 0) {
      const value = a.content ?? a.datetime ?? a.href ?? a.src ?? (a.itemscope !== undefined ? '' : collapseWhitespace(textOf(el, 200)));
      const item = itemStack[itemStack.length - 1];
      for (const prop of a.itemprop.split(/\s+/)) if (prop) (item.properties[prop] ??= []).push(value);
    }
    if (a.itemscope !== undefined) {
      const type = (a.itemtype ?? '').trim().split(/\s+/)[0]?.replace(/^https?:\/\/schema\.org\//i, '') ?? '';
      const item: MicrodataItem = { type, properties: {} };
      facts.microdata.push(item);
      itemStack.push(item);
      pushedItem = true;
    }

    for (const child of el.children) {
      if (child.type === 'text') {
        const data = child.data;
        const len = data.trim().length;
        if (len === 0) continue;
        s.textLen += len + 1;
        if (flags & IN_LINK) s.linkLen += len + 1;
        for (let i = data.indexOf(','); i >= 0; i = data.indexOf(',', i + 1)) s.commas++;
        if (!(flags & (HIDDEN | IN_SVG)) && name !== 'title') facts.bodyTextLength += len;
      } else if (isElement(child)) {
        const cs = visit(child, flags, depth + 1);
        s.textLen += cs.textLen;
        s.linkLen += cs.linkLen;
        s.commas += cs.commas;
        if (BLOCK_CHILD.has(child.name)) s.hasBlockChild = true;
      }
    }
    if (pushedItem) itemStack.pop();
    // A server-rendered app fills its mount point; only an (almost) empty one marks a JS shell.
    if (a.id !== undefined && a.id.length < 16 && s.textLen < 50 && MOUNT_ID_RE.test(a.id)) facts.mountPoints.push(`${name}#${a.id}`);
    stats.set(el, s);
    if (!(flags & (HIDDEN | BOILER)) && (SCORABLE.has(name) || (name === 'div' && !s.hasBlockChild)) && s.textLen >= 25) {
      scorableLoose.push(el);
      if (!(flags & UNLIKELY)) scorable.push(el);
    }
    return s;
  };

  for (const child of doc.children) if (isElement(child)) visit(child, 0, 0);
  const lengthOf = (roots: Element[]) => roots.reduce((n, r) => n + (stats.get(r)?.textLen ?? 0), 0);
  let roots = scoreCandidates(scorable, stats);
  if (lengthOf(roots) < MIN_ARTICLE_CHARS && scorableLoose.length > scorable.length) {
    const loose = scoreCandidates(scorableLoose, stats);
    if (lengthOf(loose) > lengthOf(roots)) roots = loose;
  }
  facts.mainRoots = roots.length > 0 ? roots : facts.body ? [facts.body] : [];
  return facts;
}

function collectMeta(facts: DocumentFacts, a: Record<string, string>): void {
  const content = a.content;
  if (content === undefined) return;
  const keys = [a.name, a.property, a.itemprop, a['http-equiv']];
  for (const raw of keys) {
    if (!raw) continue;
    for (const key of raw.toLowerCase().trim().split(/\s+/)) {
      if (!facts.metas.has(key)) facts.metas.set(key, content.trim());
    }
  }
  const name = (a.name ?? '').toLowerCase().trim();
  if (name === 'description' && facts.metaDescription === null) facts.metaDescription = content.trim();
  if (name === 'robots' || name === 'googlebot' || name === 'bingbot' || name === 'gptbot' || name === 'chatgpt-user') {
    facts.robotsMetas.push(`${name}: ${content}`);
  }
}

function checkByline(facts: DocumentFacts, el: Element, matchString: string): void {
  const a = el.attribs;
  if (a.rel !== 'author' && !(a.itemprop ?? '').includes('author') && !BYLINE_RE.test(matchString)) return;
  const text = collapseWhitespace(textOf(el, 1000));
  if (text.length === 0 || text.length >= 100) return;
  facts.contentByline = text;
}

function makeLink(el: Element, baseUrl: string | null, pageUrl: string | null): LinkInfo {
  const href = el.attribs.href.trim();
  let text = collapseWhitespace(textOf(el, 200));
  if (!text) text = (el.attribs['aria-label'] ?? el.attribs.title ?? imageAlt(el)).trim();
  const url = resolveLink(href, baseUrl);
  return {
    href,
    url,
    text,
    rel: (el.attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    internal: isInternal(href, url, pageUrl),
    inMain: false,
  };
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

function isInternal(href: string, url: string | null, pageUrl: string | null): boolean {
  if (href.startsWith('#') || href === '') return false;
  if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return true;
  if (!url || !pageUrl) return false;
  return hostOf(url) === hostOf(pageUrl);
}

export function hostOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(url);
  return m ? m[1].toLowerCase().replace(/^www\./, '') : '';
}
