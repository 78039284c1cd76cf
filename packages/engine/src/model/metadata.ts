import type { Element } from 'domhandler';
import type { DocumentFacts } from './collect-document';
import { isObject, stringValue, typesOf } from './json-ld';
import { dateFromUrl, findDateInText, parseDate } from './dates';
import { dateNearHeadline, labelledPublicationDate, type HeadlineDate } from './headline-dates';
import { findHeadline } from './headline';
import { bylineNearHeadline } from './headline-byline';
import { namesFromByline } from './authors';
import { isElement, isHidden, NON_CONTENT } from './dom';
import { resolveLink } from './links';
import type { DateFacts, JsonLdBlock, JsonLdNode, MicrodataItem } from './types';
import { collapseWhitespace } from '../text/words';

const ARTICLE_TYPE_RE =
  /^(?:Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|APIReference|WebPage|ItemPage|AboutPage|FAQPage|QAPage|HowTo|Recipe)$/;

export interface ArticleMetadata {
  title: string | null;
  authors: string[];
  author: string | null;
  authorSource: string | null;
  rejectedAuthor: { value: string; source: string } | null;
  dates: DateFacts;
}

/** The article node Readability would read: the first schema.org node of an article-like type. */
export function findArticleNode(blocks: JsonLdBlock[]): JsonLdNode | null {
  for (const block of blocks) {
    for (const node of block.nodes) {
      const ctx = node['@context'];
      const schemaOrg =
        (typeof ctx === 'string' && /^https?:\/\/schema\.org\/?$/i.test(ctx.trim())) ||
        (isObject(ctx) && typeof ctx['@vocab'] === 'string' && /^https?:\/\/schema\.org\/?$/i.test(ctx['@vocab'])) ||
        ctx === undefined;
      if (schemaOrg && typesOf(node).some((t) => ARTICLE_TYPE_RE.test(t))) return node;
    }
  }
  return null;
}

function meta(facts: DocumentFacts, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = facts.metas.get(key) ?? facts.metas.get(key.replace(/:/g, '.'));
    if (v) return v;
  }
  return null;
}

/** Readability's measure: the share of b's tokens that also occur in a. */
function textSimilarity(a: string, b: string): number {
  const tokensA = new Set(a.toLowerCase().split(/\W+/).filter(Boolean));
  const tokensB = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (tokensB.length === 0) return 0;
  const unique = tokensB.filter((t) => !tokensA.has(t));
  return 1 - unique.join(' ').length / tokensB.join(' ').length;
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** The <title> with the site name cut off, following Readability's separator rules. */
export function cleanDocumentTitle(original: string, headings: string[], h1s: string[]): string {
  let title = original;
  let hierarchical = false;
  if (/ [|\-–—\\/>»] /.test(title)) {
    hierarchical = / [\\/>»] /.test(title);
    title = original.replace(/(.*)[|\-–—\\/>»] .*/gi, '$1');
    if (wordCount(title) < 3) title = original.replace(/[^|\-–—\\/>»]*[|\-–—\\/>»](.*)/gi, '$1');
  } else if (title.includes(': ')) {
    if (!headings.includes(title.trim())) {
      title = original.substring(original.lastIndexOf(':') + 1);
      if (wordCount(title) < 3) title = original.substring(original.indexOf(':') + 1);
      else if (wordCount(original.substring(0, original.indexOf(':'))) > 5) title = original;
    }
  } else if (title.length > 150 || title.length < 15) {
    if (h1s.length === 1) title = h1s[0];
  }
  title = collapseWhitespace(title);
  const count = wordCount(title);
  if (count <= 4 && (!hierarchical || count !== wordCount(original.replace(/[|\-–—\\/>»]+/g, '')) - 1)) title = original;
  return collapseWhitespace(title);
}

const ENTITY_MAP: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };

function unescape(s: string | null): string | null {
  if (!s) return s;
  return s
    .replace(/&(quot|amp|apos|lt|gt);/g, (_, t: string) => ENTITY_MAP[t])
    .replace(/&#(?:x([\da-f]{1,4})|(\d{1,4}));/gi, (_, hex: string | undefined, num: string | undefined) =>
      String.fromCharCode(Number.parseInt(hex ?? num ?? '0', hex ? 16 : 10)),
    );
}

export function extractArticleMetadata(facts: DocumentFacts, blocks: JsonLdBlock[], typedNodes: JsonLdNode[], pageUrl: string | null = null): ArticleMetadata {
  const article = findArticleNode(blocks);
  const documentTitle = facts.title ?? '';
  const h1h2 = facts.headings.filter((h) => h.level <= 2).map((h) => h.text);
  const h1s = facts.headings.filter((h) => h.level === 1).map((h) => h.text);

  let jsonTitle: string | null = null;
  if (article) {
    const name = typeof article.name === 'string' ? article.name.trim() : null;
    const headline = typeof article.headline === 'string' ? article.headline.trim() : null;
    if (name && headline && name !== headline) {
      const cleaned = cleanDocumentTitle(documentTitle, h1h2, h1s);
      const nameMatches = textSimilarity(name, cleaned) > 0.75;
      const headlineMatches = textSimilarity(headline, cleaned) > 0.75;
      jsonTitle = headlineMatches && !nameMatches ? headline : name;
    } else {
      jsonTitle = name || headline;
    }
  }
  const metaTitle = meta(facts, 'dc:title', 'dcterm:title', 'og:title', 'weibo:article:title', 'weibo:webpage:title', 'title', 'twitter:title');
  const declaredTitle = unescape(jsonTitle || metaTitle) || (documentTitle ? cleanDocumentTitle(documentTitle, h1h2, h1s) : null) || h1h2[0] || null;
  const title = visibleHeadline(facts, declaredTitle, documentTitle) ?? declaredTitle;

  const authors = extractAuthors(facts, article, typedNodes);
  // The bylines already read for the author, else the first few: dates are often written there.
  const bylineTexts = (): string[] => {
    if (authors.bylineTexts.length > 0) return authors.bylineTexts;
    const done = new Set<Element>();
    const texts: string[] = [];
    for (const el of facts.bylines) {
      if (texts.length >= 3) break;
      if (isInside(el, done)) continue;
      done.add(el);
      const text = readByline(el).text;
      if (text) texts.push(text);
    }
    return texts;
  };
  return {
    title,
    authors: authors.names,
    author: authors.names.length > 0 ? authors.names.join(', ') : null,
    authorSource: authors.source,
    rejectedAuthor: authors.names.length > 0 ? null : authors.rejected,
    dates: extractDates(facts, article, typedNodes, bylineTexts, pageUrl),
  };
}

/**
 * The article's visible headline when the declared title is that headline with something around
 * it (a " | Site" suffix, a kicker before a colon) or a shortening of it (a social title): the
 * reader's title is the headline. The <title> and og:title stay the page's SEO and social titles.
 */
function visibleHeadline(facts: DocumentFacts, declared: string | null, documentTitle: string): string | null {
  if (!declared) return null;
  // The heading the title repeats; else the first <h1>, which a shortened title repeats only in part.
  const found = findHeadline(facts.headingElements, [declared])?.heading ?? facts.headings.find((heading) => heading.level === 1);
  if (!found || found.level > 2) return null;
  const headline = found.text;
  const h = normalizeTitle(headline);
  const t = normalizeTitle(declared);
  if (h === t || h.length < 8) return null;
  // Two words at least (or a few characters in scripts without spaces): "News" inside a title heads nothing.
  if (wordCount(headline) < 2 && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{4,}/u.test(headline)) return null;
  // A shortened social title: the headline goes on where the title stops.
  const shortened = t.replace(/\s*(?:…|\.\.\.)$/, '');
  if (h.startsWith(shortened) && wordCount(shortened) >= 3) return headline;
  return isTitleAround(t, h) ? headline : null;
}

// What separates a site name, section or kicker from the headline in a title.
const TITLE_SEPARATOR_RE = /^\s*(?:[|\-–—:_»·/\\]|::)|(?:[|\-–—:_»·/\\]|::)\s*$|^\s*\[.*\]\s*$|^\s*\(.*\)\s*$/;

/**
 * True when `title` is `headline` with a shorter part before or after it set off by a separator:
 * "Headline | Site", "Kicker: Headline", "Headline [Site]"; not when the headline is itself the
 * shorter part (a site name heading a page whose title is the article's).
 */
export function isTitleAround(title: string, headline: string): boolean {
  const at = title.indexOf(headline);
  if (at < 0) return false;
  const before = title.slice(0, at);
  const after = title.slice(at + headline.length);
  if (before.trim() && after.trim()) return false;
  const rest = before.trim() ? before : after;
  return rest.trim().length < headline.length && TITLE_SEPARATOR_RE.test(rest);
}

function normalizeTitle(s: string): string {
  return s.toLowerCase().normalize('NFKC').replace(/[‘’]/g, "'").replace(/[“”«»]/g, '"').replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Authors

/** Node types whose author or date is someone else's: a comment, a review, an answer, a quoted post. */
const OTHER_WORK_TYPE_RE = /^(?:Comment|Review|CriticReview|UserReview|Answer|Question|Rating|AggregateRating|Quotation|SocialMediaPosting|ClaimReview|ImageObject|Person|Organization)$/;
const ORGANIZATION_TYPE_RE = /Organization$|^(?:Corporation|NGO|Brand|NewsMediaOrganization|GovernmentOrganization|EducationalOrganization|LocalBusiness|Project|Consortium)$/;
const MAX_AUTHORS = 12;

// Meta tags that name the author, most specific first; all values of the chosen tag are read
// (several citation_author or article:author tags list several authors).
const AUTHOR_META_ORDER: [string[], string][] = [
  [['dc.creator', 'dc:creator', 'dcterms.creator', 'dcterms:creator'], 'meta dc.creator'],
  [['author'], 'meta author'],
  [['parsely-author'], 'meta parsely-author'],
  [['sailthru.author'], 'meta sailthru.author'],
  [['article:author', 'og:article:author', 'article:author_name'], 'meta article:author'],
  [['byl'], 'meta byl'],
  [['citation_author'], 'meta citation_author'],
  [['book:author'], 'meta book:author'],
];

interface AuthorResult {
  names: string[];
  source: string | null;
  rejected: { value: string; source: string } | null;
  /** The text of the byline elements read, for the dates written in them. */
  bylineTexts: string[];
  /** Every name found was declared an organization ("ABC News" as the JSON-LD author). */
  organizationsOnly: boolean;
}

/**
 * The article's authors: from its markup (JSON-LD, microdata, meta tags, byline elements), else
 * from the byline a reader sees by the headline. The people a visible byline names are preferred
 * to an organization the markup gives: "ABC News" is the publisher, the reporters are the authors.
 */
function extractAuthors(facts: DocumentFacts, article: JsonLdNode | null, typedNodes: JsonLdNode[]): AuthorResult {
  const result = extractAuthorsFromMarkup(facts, article, typedNodes);
  if (result.names.length > 0 && !result.organizationsOnly) return result;
  const headline = firstHeadline(facts);
  const visible = headline ? bylineNearHeadline(headline) : null;
  if (!visible) return result;
  const people = namesFromByline(unescape(collapseWhitespace(visible.text)) ?? '');
  if (people.length === 0) return result;
  const source = visible.kind === 'label' ? `the byline under the headline "${visible.text.slice(0, 80)}"` : 'a link to an author page by the headline';
  return { ...result, names: people.slice(0, MAX_AUTHORS), source, organizationsOnly: false, rejected: null, bylineTexts: result.bylineTexts.length > 0 ? result.bylineTexts : [visible.text] };
}

function extractAuthorsFromMarkup(facts: DocumentFacts, article: JsonLdNode | null, typedNodes: JsonLdNode[]): AuthorResult {
  const result: AuthorResult = { names: [], source: null, rejected: null, bylineTexts: [], organizationsOnly: false };
  const byId = new Map<string, JsonLdNode>();
  for (const node of typedNodes) if (typeof node['@id'] === 'string' && !byId.has(node['@id'])) byId.set(node['@id'], node);

  // Tries one source: its values give names, or are kept as the first value that named no one.
  const consider = (values: { text: string; organization?: boolean }[], source: string): boolean => {
    const names: string[] = [];
    let people = 0;
    for (const v of values) {
      const text = unescape(collapseWhitespace(v.text)) ?? '';
      if (!text) continue;
      const found = namesFromByline(text, { organization: v.organization });
      if (found.length === 0 && /\p{L}/u.test(text)) result.rejected ??= { value: text.slice(0, 120), source };
      if (!v.organization) people += found.length;
      for (const name of found) if (names.length < MAX_AUTHORS && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    }
    if (names.length === 0) return false;
    result.names = names;
    result.source = source;
    result.organizationsOnly = people === 0;
    return true;
  };

  if (article && consider(jsonLdAuthorValues(article.author, byId), 'JSON-LD author')) return result;
  if (consider(microdataAuthorValues(facts.microdataAuthors), 'microdata author')) return result;
  for (const [keys, source] of AUTHOR_META_ORDER) {
    const values = facts.authorMetas.filter(([k]) => keys.includes(k)).map(([, v]) => ({ text: v }));
    if (consider(values, source)) return result;
  }
  const parsely = parselyPage(facts);
  if (parsely) {
    const list = Array.isArray(parsely.authors) ? parsely.authors : [parsely.author];
    if (consider(list.filter((a): a is string => typeof a === 'string').map((text) => ({ text })), 'meta parsely-page')) return result;
  }
  for (const node of typedNodes) {
    if (node === article || node.author === undefined || typesOf(node).some((t) => OTHER_WORK_TYPE_RE.test(t))) continue;
    if (consider(jsonLdAuthorValues(node.author, byId), 'JSON-LD author')) return result;
  }
  const done = new Set<Element>();
  for (const el of facts.bylines) {
    if (isInside(el, done)) continue;
    done.add(el);
    const read = readByline(el);
    if (read.text) result.bylineTexts.push(read.text);
    if (consider(read.values, 'byline in the page')) return result;
  }
  return result;
}

/** Author values of a JSON-LD author: strings, Person and Organization objects, @id references, arrays. */
function jsonLdAuthorValues(value: unknown, byId: Map<string, JsonLdNode>, depth = 0): { text: string; organization?: boolean }[] {
  if (value === undefined || value === null || depth > 3) return [];
  if (Array.isArray(value)) return value.flatMap((v) => jsonLdAuthorValues(v, byId, depth + 1));
  if (typeof value === 'string') {
    const ref = byId.get(value);
    if (ref) return jsonLdAuthorValues(ref, byId, depth + 1);
    return [{ text: value }];
  }
  if (!isObject(value)) return [];
  let node: Record<string, unknown> = value;
  if (node.name === undefined && typeof node['@id'] === 'string') node = byId.get(node['@id']) ?? node;
  const organization = typesOf(node).some((t) => ORGANIZATION_TYPE_RE.test(t)) && !typesOf(node).includes('Person');
  let name = stringValue(Array.isArray(node.name) ? node.name[0] : node.name);
  if (!name && (typeof node.givenName === 'string' || typeof node.familyName === 'string')) {
    name = [node.givenName, node.familyName].filter((p) => typeof p === 'string').join(' ');
  }
  return name ? [{ text: name, organization }] : [];
}

/**
 * The microdata authors of the first item that has any (an article's authors, not those of the
 * items listed after it), leaving out the authors of comments, reviews, images and videos.
 */
function microdataAuthorValues(entries: DocumentFacts['microdataAuthors']): { text: string; organization?: boolean }[] {
  const out: { text: string; organization?: boolean }[] = [];
  let owner: MicrodataItem | null | undefined;
  for (const { value, of } of entries) {
    if (of && OTHER_WORK_TYPE_RE.test(of.type.replace(/^.*[/#]/, ''))) continue;
    if (owner !== undefined && of !== owner) continue;
    let text: string;
    let organization = false;
    if (typeof value === 'string') text = value;
    else {
      const p = value.properties;
      text = p.name?.find((n) => n.trim()) ?? [p.givenName?.[0], p.familyName?.[0]].filter(Boolean).join(' ');
      organization = ORGANIZATION_TYPE_RE.test(value.type.replace(/^.*[/#]/, ''));
    }
    if (!text.trim()) continue;
    owner = of;
    out.push({ text, organization });
  }
  return out;
}

function parselyPage(facts: DocumentFacts): Record<string, unknown> | null {
  const raw = facts.metas.get('parsely-page');
  if (!raw || raw[0] !== '{') return null;
  try {
    const data: unknown = JSON.parse(raw);
    return isObject(data) ? data : null;
  } catch {
    return null;
  }
}

function isInside(el: Element, set: Set<Element>): boolean {
  for (let p = el.parent; p && p.type !== 'root'; p = p.parent) if (set.has(p as Element)) return true;
  return false;
}

// A class word that ends in "name" or "author" ("author-name", "byline__author", "fn"), not "author-bio".
const NAME_TOKEN_RE = /^(?:[a-z0-9]+[-_]+)*(?:fn|name|author|authors|authorname|byauthor|contributor|creator)(?:[-_]+(?:name|link|text))?$/;
const AUTHOR_HREF_RE = /\/(?:author|authors|auteur|auteurs|autor|autoren|people|profiles?|staff|writers?|journalists?|reporters?|contributors?|team|u|user|users|by)\/[^/?#]+/i;
const MAX_BYLINE_TEXT = 200;

/**
 * What a byline element says about its authors: the names marked inside it (itemprop=name,
 * rel=author and author-page links, name classes), else its text with a separator at every
 * element boundary so that "By", the name and the date do not run together.
 */
function readByline(el: Element): { values: { text: string }[]; text: string } {
  const content = el.attribs.content;
  if (content) return { values: [{ text: content }], text: content };
  const marked: string[][] = [[], [], []];
  const parts: string[] = [];
  let length = 0;
  let nodes = 0;
  const walk = (node: Element, depth: number, inMarked: boolean): void => {
    for (const child of node.children) {
      if (++nodes > 400 || depth > 12) return;
      if (child.type === 'text') {
        if (length < 1000) {
          parts.push(child.data);
          length += child.data.length;
        }
        continue;
      }
      if (!isElement(child) || NON_CONTENT.has(child.name) || isHidden(child)) continue;
      const a = child.attribs;
      if (child.name === 'br' || child.name === 'time' || BLOCK.has(child.name)) parts.push(' | ');
      else parts.push(' ');
      let marks = inMarked;
      if (!inMarked) {
        const kind = /(?:^|\s)name(?:\s|$)/.test(a.itemprop ?? '')
          ? 0
          : (child.name === 'a' && (/(?:^|\s)author(?:\s|$)/i.test(a.rel ?? '') || AUTHOR_HREF_RE.test(a.href ?? '')))
            ? 1
            : child.name !== 'time' && a.class !== undefined && a.class.split(/\s+/).some((t) => NAME_TOKEN_RE.test(t.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()))
              ? 2
              : -1;
        if (kind >= 0) {
          const text = a.content ?? collapseWhitespace(textOfShort(child));
          if (text) marked[kind].push(text);
          marks = true;
        }
      }
      walk(child, depth + 1, marks);
      if (child.name === 'time' || BLOCK.has(child.name)) parts.push(' | ');
      else parts.push(' ');
    }
  };
  walk(el, 0, false);
  const text = collapseWhitespace(parts.join(''));
  for (const group of marked) {
    const values = group.map((t) => ({ text: t }));
    if (values.length > 0 && values.some((v) => namesFromByline(v.text).length > 0)) return { values, text };
  }
  return { values: text.length <= MAX_BYLINE_TEXT ? [{ text }] : [], text: text.slice(0, MAX_BYLINE_TEXT) };
}

const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'dd', 'dt', 'dl', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'header', 'footer', 'address', 'figure', 'figcaption', 'table', 'tr', 'td', 'blockquote']);

function textOfShort(el: Element): string {
  const parts: string[] = [];
  let n = 0;
  const walk = (node: Element, depth: number): void => {
    for (const child of node.children) {
      if (++n > 200 || depth > 8) return;
      if (child.type === 'text') parts.push(child.data);
      else if (isElement(child) && !NON_CONTENT.has(child.name) && !isHidden(child)) {
        parts.push(' ');
        walk(child, depth + 1);
        parts.push(' ');
      }
    }
  };
  walk(el, 0);
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Dates

const PUBLISHED_META_KEYS = [
  'parsely-pub-date', 'sailthru.date', 'datepublished', 'date', 'pubdate', 'publishdate', 'publish-date', 'publish_date', 'publication_date',
  'dc.date', 'dc:date', 'dc.date.issued', 'dc:date:issued', 'dc.date.created', 'dcterms.created', 'dcterms:created', 'dcterms.issued',
  'dcterms:issued', 'dcterms.date', 'dcterms:date', 'citation_publication_date', 'citation_date', 'citation_online_date', 'og:published_time',
  'article.published', 'article:published', 'cxenseparse:recs:publishtime', 'originalpublicationdate', 'prism.publicationdate', 'eprints.date',
  'rnews:datepublished', 'published-date', 'published_time', 'release_date',
];
const MODIFIED_META_KEYS = [
  'og:updated_time', 'datemodified', 'dcterms.modified', 'dcterms:modified', 'dc.date.modified', 'last-modified', 'lastmod', 'article.updated',
  'article:updated_time', 'parsely-updated', 'sailthru.lastmodified', 'citation_revision_date', 'updated_time', 'modified_time',
];
const UPDATED_BEFORE_RE = /(?:updated|modified|mis à jour|aktualisiert|actualizado|aggiornato|bijgewerkt|last\s+edited)[^\p{L}\d]{0,4}(?:\p{L}+[^\p{L}\d]{0,3}){0,2}$/iu;

function extractDates(facts: DocumentFacts, article: JsonLdNode | null, typedNodes: JsonLdNode[], bylineTexts: () => string[], pageUrl: string | null): DateFacts {
  const unreadable: { value: string; source: string }[] = [];
  const works = typedNodes.filter((n) => !typesOf(n).some((t) => OTHER_WORK_TYPE_RE.test(t)));
  const first = (candidates: [unknown, string][]): [string, string] | null => {
    for (const [value, source] of candidates) {
      const raw = stringValue(value);
      if (!raw) continue;
      const iso = parseDate(raw);
      if (iso) return [iso, source];
      if (unreadable.length < 3) unreadable.push({ value: raw.slice(0, 80), source });
    }
    return null;
  };
  const anyNode = (key: string): unknown => works.find((n) => n[key] !== undefined)?.[key];
  const metaKeys = (keys: string[]): [unknown, string][] => keys.map((k) => [facts.metas.get(k), `meta ${k}`]);
  const microdata = (key: string): string | undefined =>
    facts.microdata.find((m) => m.properties[key]?.some((v) => v.trim()) && !OTHER_WORK_TYPE_RE.test(m.type))?.properties[key].find((v) => v.trim());
  const parsely = parselyPage(facts);
  const times = facts.times;
  const timeValue = (t: (typeof times)[number] | undefined): string | undefined => (t ? (t.datetime ?? t.text) : undefined);
  const timeSource = (t: (typeof times)[number] | undefined, where: string): string => (t?.datetime ? `<time datetime> ${where}` : `the text of a <time> ${where}`);
  const markedPublished = times.find((t) => t.published);
  const inHeader = times.find((t) => !t.modified && t.inByline && t.inArticle);
  const inArticle = times.find((t) => !t.modified && t.inArticle);
  const inByline = times.find((t) => !t.modified && t.inByline);

  const urls = [pageUrl, facts.canonicals[0] ? resolveLink(facts.canonicals[0], pageUrl) : null, facts.metas.get('og:url') ?? null];
  const urlDate = urls.map((u) => [u, dateFromUrl(u)] as const).find(([, d]) => d !== null);
  const markupPublished = first([
    [article?.datePublished, 'JSON-LD datePublished'],
    ...metaKeys(['article:published_time', 'og:article:published_time']),
    [anyNode('datePublished'), 'JSON-LD datePublished'],
    [microdata('datePublished'), 'microdata datePublished'],
    ...metaKeys(PUBLISHED_META_KEYS),
    [parsely?.pub_date, 'meta parsely-page'],
    [timeValue(markedPublished), timeSource(markedPublished, 'marked as the publication date')],
    [article?.dateCreated ?? anyNode('dateCreated'), 'JSON-LD dateCreated'],
    [anyNode('uploadDate'), 'JSON-LD uploadDate'],
    [microdata('dateCreated'), 'microdata dateCreated'],
    [timeValue(inHeader), timeSource(inHeader, 'in the article header or byline')],
  ]);
  // Dates written in bylines and date elements ("Published: Dec. 22, 2016", "Updated April 29"),
  // and dated URLs: read only when the markup gave no date.
  let written: { published: WrittenDate | null; modified: WrittenDate | null } | null = null;
  const writtenDate = () => (written ??= writtenDates(facts, bylineTexts()));
  let fallback: [string, string] | null = null;
  // A dated address is written once, on the publisher's own calendar, when the page first goes
  // out; a markup date on another day is a later rewrite or the same instant in another zone
  // (23:01 UTC for a page published the next morning in Rome). The address's day is the one a
  // reader sees.
  const monthFirst = monthFirstPage(facts);
  let headline: Element | null | undefined;
  const nearHeadline = (window?: number): HeadlineDate | null => {
    headline ??= firstHeadline(facts);
    return headline ? dateNearHeadline(headline, { monthFirst }, window) : null;
  };
  const published =
    markupPublished && urlDate?.[1] && markupPublished[0].slice(0, 10) !== urlDate[1].slice(0, 10)
      ? ([urlDate[1], `the date in the URL (${urlDatePart(urlDate[0] ?? '')}), not the markup's ${markupPublished[1]} (${markupPublished[0].slice(0, 10)})`] as [string, string])
      : markupPublished && !urlDate
        ? shownInstead(markupPublished, dateLineByHeadline(nearHeadline(HEADER_DATE_CHARS + DATE_LINE_CHARS)), urls.map(monthFromUrl).find((m) => m !== null) ?? null)
        : markupPublished;
  if (!published) {
    const w = writtenDate().published;
    fallback = first([
      [w?.text, w ? `the byline text "${w.context}"` : ''],
      [urlDate?.[1], urlDate ? `the date in the URL (${urlDatePart(urlDate[0] ?? '')})` : ''],
      [timeValue(inArticle), timeSource(inArticle, 'in the article')],
      [timeValue(inByline), timeSource(inByline, 'in a byline or date line')],
    ]);
    if (!fallback) {
      const near = nearHeadline();
      if (near) fallback = [near.iso, `the date written by the headline "${near.context}"`];
    }
    if (!fallback && facts.body) {
      const labelled = labelledPublicationDate(facts.body, { monthFirst });
      if (labelled) fallback = [labelled.iso, `the date the page labels as published: "${labelled.context}"`];
    }
  }
  const markedModified = times.find((t) => t.modified);
  const modifiedMarkup = first([
    [article?.dateModified, 'JSON-LD dateModified'],
    ...metaKeys(['article:modified_time', 'og:article:modified_time']),
    [anyNode('dateModified'), 'JSON-LD dateModified'],
    [microdata('dateModified'), 'microdata dateModified'],
    ...metaKeys(MODIFIED_META_KEYS),
    [timeValue(markedModified), timeSource(markedModified, 'marked as the modification date')],
  ]);
  const w = modifiedMarkup ? null : writtenDate().modified;
  const modified = modifiedMarkup ?? (w ? ([w.text, `the byline text "${w.context}"`] as [string, string]) : null);
  const pub = published ?? fallback;
  return {
    publishedAt: pub?.[0] ?? null,
    publishedSource: pub?.[1] ?? null,
    modifiedAt: modified?.[0] ?? null,
    modifiedSource: modified?.[1] ?? null,
    unreadable,
  };
}

/** How far from the headline's start a written date still belongs to the article's header, in characters. */
const HEADER_DATE_CHARS = 250;
/**
 * The longest element text that is a date line ("Berlin, 28.10.2021", "Publié le 29 juin 2019",
 * "19. Oktober 2019 00:04 Uhr") rather than a sentence that mentions a date ("Dieser Artikel ist
 * ursprünglich am 27. Februar 2017 erschienen.", "vanished on Sunday morning, November 3, 2013").
 */
const DATE_LINE_CHARS = 48;

/** The date a reader sees in a date line of the article's header, right by the headline, or null. */
function dateLineByHeadline(near: HeadlineDate | null): [string, string] | null {
  if (!near || near.distance > HEADER_DATE_CHARS || near.line.length > DATE_LINE_CHARS) return null;
  return [near.iso, `the date written by the headline "${near.context}"`];
}

/**
 * A reader takes a page's date from its header: when the header's date line shows another day
 * than the hidden markup (a CMS that stamps the first draft's date, a feed's date, a re-issue),
 * the shown day is the one a reader cites. A date introduced as an update never gets here.
 */
function shownInstead(markup: [string, string], shown: [string, string] | null, urlMonth: string | null): [string, string] {
  if (!shown) return markup;
  const shownDay = shown[0].slice(0, 10);
  const markupDay = markup[0].slice(0, 10);
  if (shownDay === markupDay) return markup;
  // "11/01/2021" read the other way round is the markup's day: the same date, not another one.
  if (`${shownDay.slice(0, 4)}-${shownDay.slice(8, 10)}-${shownDay.slice(5, 7)}` === markupDay) return markup;
  // An address dated to the month ("/2019/10/slug") that the markup agrees with and the shown date does not.
  if (urlMonth && markupDay.startsWith(urlMonth) && !shownDay.startsWith(urlMonth)) return markup;
  return [shown[0], `${shown[1]}, the day the page shows, not the markup's ${markup[1]} (${markupDay})`];
}

/** The year and month of an address dated to the month ("/2019/10/slug"), as "2019-10", or null. */
function monthFromUrl(url: string | null): string | null {
  const m = url ? /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(?:\/[^?#]*)?\/((?:19|20)\d{2})\/(0[1-9]|1[0-2])\//i.exec(url) : null;
  return m ? `${m[1]}-${m[2]}` : null;
}

/** A page in English without a region, or in US English, writes "03/04/2019" month first. */
function monthFirstPage(facts: DocumentFacts): boolean {
  return /^en(?:-us)?$/i.test(facts.lang ?? '');
}

/** The article's visible headline: the heading its titles repeat, else the first <h1>, else the first <h2>. */
function firstHeadline(facts: DocumentFacts): Element | null {
  const found = findHeadline(facts.headingElements, [facts.metas.get('og:title'), facts.title, facts.metas.get('twitter:title')]);
  if (found) return found.element;
  let h2: Element | null = null;
  for (const [el, heading] of facts.headingElements) {
    if (heading.level === 1) return el;
    if (heading.level === 2) h2 ??= el;
  }
  return h2;
}

function urlDatePart(url: string): string {
  return /\/(?:19|20)\d{2}(?:[/-]?\d{2}[/-]?\d{2}|\/\d{1,2}\/\d{1,2})(?=[/_.-]|$)/.exec(url.replace(/[?#].*$/, ""))?.[0] ?? url;
}

interface WrittenDate {
  /** The date as written, normal form already. */
  text: string;
  /** A short quote of the text around it, for the explanation. */
  context: string;
}

function writtenDates(facts: DocumentFacts, bylineTexts: string[]): { published: WrittenDate | null; modified: WrittenDate | null } {
  let published: WrittenDate | null = null;
  let modified: WrittenDate | null = null;
  const texts = [...bylineTexts];
  for (const el of facts.dateElements) {
    const text = collapseWhitespace(textOfShort(el));
    if (text && text.length <= 200) texts.push(text);
  }
  for (const text of texts) {
    let offset = 0;
    for (let i = 0; i < 3 && offset < text.length; i++) {
      const rest = text.slice(offset);
      const found = findDateInText(rest, { monthFirst: monthFirstPage(facts) });
      if (!found) break;
      const before = rest.slice(Math.max(0, found.index - 40), found.index);
      const date = { text: found.iso, context: rest.slice(found.index, found.end).trim().slice(0, 80) };
      if (UPDATED_BEFORE_RE.test(before)) modified ??= date;
      else published ??= date;
      offset += found.end;
    }
    if (published && modified) break;
  }
  return { published, modified };
}
