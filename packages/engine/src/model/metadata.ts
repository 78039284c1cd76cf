import type { DocumentFacts } from './collect-document';
import { isObject, stringValue, typesOf } from './json-ld';
import { parseDate } from './dates';
import type { DateFacts, JsonLdBlock, JsonLdNode } from './types';
import { collapseWhitespace } from '../text/words';

const ARTICLE_TYPE_RE =
  /^(?:Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|APIReference|WebPage|ItemPage|AboutPage|FAQPage|QAPage|HowTo|Recipe)$/;

export interface ArticleMetadata {
  title: string | null;
  author: string | null;
  authorSource: string | null;
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

function authorNames(value: unknown): string | null {
  const list = Array.isArray(value) ? value : [value];
  const names = list
    .map((a) => (typeof a === 'string' ? a : isObject(a) && typeof a.name === 'string' ? a.name : null))
    .filter((n): n is string => n !== null && n.trim() !== '' && !/^https?:\/\//.test(n.trim()))
    .map((n) => n.trim());
  return names.length > 0 ? names.join(', ') : null;
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

// Bylines carry decoration around the name: "By Jane Doe —", "Par Jean Dupont |".
function cleanAuthor(value: string): string {
  return collapseWhitespace(value)
    .replace(/^(?:by|par|von|por|door|di)\s+/i, '')
    .replace(/[\s—–\-|,:;·•]+$/u, '')
    .trim();
}

export function extractArticleMetadata(facts: DocumentFacts, blocks: JsonLdBlock[], typedNodes: JsonLdNode[]): ArticleMetadata {
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
  const title = unescape(jsonTitle || metaTitle) || (documentTitle ? cleanDocumentTitle(documentTitle, h1h2, h1s) : null) || h1h2[0] || null;

  let author: string | null = null;
  let authorSource: string | null = null;
  const jsonAuthor = article ? authorNames(article.author) : null;
  const articleAuthorMeta = meta(facts, 'article:author', 'og:article:author');
  const candidates: [string | null, string][] = [
    [jsonAuthor, 'JSON-LD author'],
    [meta(facts, 'dc:creator', 'dcterm:creator', 'author', 'parsely-author', 'sailthru.author'), 'meta author'],
    [articleAuthorMeta && !/^https?:\/\//.test(articleAuthorMeta) ? articleAuthorMeta : null, 'meta article:author'],
    [facts.contentByline, 'byline in the page'],
  ];
  for (const [value, source] of candidates) {
    if (value && value.trim()) {
      author = cleanAuthor(unescape(value) ?? value);
      authorSource = source;
      break;
    }
  }
  if (author === null) {
    for (const node of typedNodes) {
      const name = authorNames(node.author);
      if (name) {
        author = name;
        authorSource = 'JSON-LD author';
        break;
      }
    }
  }

  return { title, author, authorSource, dates: extractDates(facts, article, typedNodes) };
}

function extractDates(facts: DocumentFacts, article: JsonLdNode | null, typedNodes: JsonLdNode[]): DateFacts {
  const first = (candidates: [unknown, string][]): [string, string] | null => {
    for (const [value, source] of candidates) {
      const iso = parseDate(stringValue(value));
      if (iso) return [iso, source];
    }
    return null;
  };
  const anyNode = (key: string): unknown => typedNodes.find((n) => n[key] !== undefined)?.[key];
  const microdata = (key: string): string | undefined => facts.microdata.find((m) => m.properties[key])?.properties[key][0];
  const publishedTime = facts.times.find((t) => t.published)?.datetime;

  const published = first([
    [article?.datePublished, 'JSON-LD datePublished'],
    [meta(facts, 'article:published_time'), 'meta article:published_time'],
    [meta(facts, 'parsely-pub-date'), 'meta parsely-pub-date'],
    [anyNode('datePublished'), 'JSON-LD datePublished'],
    [meta(facts, 'og:published_time', 'datepublished', 'date', 'dc:date', 'dcterms:created', 'dc:date:issued', 'pubdate', 'publishdate', 'publish-date', 'sailthru.date', 'article.published', 'cxenseparse:recs:publishtime'), 'meta date'],
    [microdata('datePublished'), 'microdata datePublished'],
    [publishedTime, '<time pubdate>'],
    [article?.dateCreated, 'JSON-LD dateCreated'],
  ]);
  const modified = first([
    [article?.dateModified, 'JSON-LD dateModified'],
    [meta(facts, 'article:modified_time'), 'meta article:modified_time'],
    [anyNode('dateModified'), 'JSON-LD dateModified'],
    [meta(facts, 'og:updated_time', 'datemodified', 'dcterms:modified', 'last-modified', 'lastmod', 'article.updated'), 'meta modified'],
    [microdata('dateModified'), 'microdata dateModified'],
  ]);
  return {
    publishedAt: published?.[0] ?? null,
    publishedSource: published?.[1] ?? null,
    modifiedAt: modified?.[0] ?? null,
    modifiedSource: modified?.[1] ?? null,
  };
}
