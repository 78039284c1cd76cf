import { parseDocument } from 'htmlparser2';
import type { ContentFormat, PageInput } from '@citable/contract';
import { collectDocument } from './collect-document';
import { collectContent } from './collect-content';
import { collectTypedNodes, parseJsonLd } from './json-ld';
import { extractArticleMetadata } from './metadata';
import { parseRobotsDirectives } from './robots-directives';
import { markdownToHtml, textToHtml } from './markdown-to-html';
import { detectFormat } from './detect-format';
import { extractEntities } from './entities';
import { collectCitations, resolveLink } from './links';
import type { Entity, Heading, HeadingNode, PageModel } from './types';
import { splitSentences } from '../text/words';
import { STOPWORDS } from '../text/keywords';
import { findInlineQuotations, findStatistics } from '../text/facts';
import { readabilityStats } from '../text/readability-stats';
import { findProperNouns } from '../text/proper-nouns';
import { isQuestion } from '../text/questions';
import { collectExposure, type ExposureFacts } from './hidden-text';
import { findPageInstructions, type AiInstruction } from './ai-instructions';

export interface PageModelInput {
  body: string;
  format?: ContentFormat;
  url?: string | null;
  status?: number;
  headers?: Record<string, string>;
  redirects?: string[];
}

/** Parses a document once (HTML directly; Markdown and text via HTML) into the page model. */
export function buildPageModel(input: PageModelInput | PageInput): PageModel {
  const format = input.format ?? detectFormat(input.body);
  const converted = format === 'html' ? input.body : format === 'markdown' ? markdownToHtml(input.body) : textToHtml(input.body);
  // Fragments (pasted snippets, converted Markdown) get the body a browser would infer, so that
  // main-content detection always has a root to fall back to.
  const html = /<body[\s>]/i.test(converted) ? converted : `<body>${converted}</body>`;
  const url = input.url ?? null;
  const headers = input.headers ?? {};
  const doc = parseDocument(html, { decodeEntities: true });
  const facts = collectDocument(doc, url);
  const content = collectContent(facts);

  const jsonLd = facts.jsonLdRaw.map(parseJsonLd);
  const jsonLdNodes = collectTypedNodes(jsonLd);
  const metadata = extractArticleMetadata(facts, jsonLd, jsonLdNodes, url);

  const paragraphTexts = content.paragraphs.map((p) => p.text);
  const lang = facts.lang;
  const sentences: string[] = [];
  for (const p of paragraphTexts) for (const s of splitSentences(p, lang)) sentences.push(s);
  const english = lang === null ? looksEnglish(content.mainText) : /^en\b/i.test(lang);
  const citations = collectCitations(facts.links);

  const headings = facts.headings;
  const canonicalHref = facts.canonicals[0];
  let entities: Entity[] | null = null;
  // The manipulation facts take a second walk over the document; only the audit's two checks read
  // them, so a model built for its dates or text alone (the tools, the dates corpus) never pays it.
  let exposure: ExposureFacts | null = null;
  let pendingDoc: typeof doc | null = doc;
  const exposed = (): ExposureFacts => {
    exposure ??= collectExposure(pendingDoc!);
    pendingDoc = null;
    return exposure;
  };
  let instructions: AiInstruction[] | null = null;
  const jsonLdRaw = facts.jsonLdRaw;
  const mainText = content.mainText;

  const title = facts.title || (format !== 'html' ? headings.find((h) => h.level === 1)?.text ?? null : null);
  return {
    url,
    format,
    status: input.status ?? null,
    redirects: input.redirects ?? [],
    headers,
    title,
    articleTitle: metadata.title || title,
    metaDescription: facts.metaDescription,
    meta: Object.fromEntries(facts.metas),
    canonical: canonicalHref === undefined ? null : resolveLink(canonicalHref, url) ?? canonicalHref,
    canonicalCount: facts.canonicals.length,
    lang,
    robots: parseRobotsDirectives(facts.robotsMetas, headers['x-robots-tag']),
    headings,
    headingTree: buildHeadingTree(headings),
    mainText,
    paragraphs: content.paragraphs,
    leadIndex: content.leadIndex,
    stuffedParagraphs: content.stuffedParagraphs,
    stuffedHeadings: [...facts.stuffedHeadings.values()],
    sentences,
    lists: content.lists,
    tables: content.tables,
    sections: content.sections,
    links: facts.links,
    images: facts.images,
    jsonLd,
    jsonLdNodes,
    microdata: facts.microdata,
    dates: metadata.dates,
    authors: metadata.authors,
    author: metadata.author,
    authorSource: metadata.authorSource,
    rejectedAuthor: metadata.rejectedAuthor,
    statistics: findStatistics(sentences),
    quotations: [
      ...content.blockQuotations,
      ...findInlineQuotations(paragraphTexts).filter((q) => !content.blockQuotations.some((b) => b.text.includes(q.text))),
    ],
    citations,
    questionHeadings: headings.filter((h) => h.inMain && isQuestion(h.text)),
    answers: content.answers,
    properNouns: findProperNouns(paragraphTexts),
    wordCount: content.mainWordCount,
    topTerm: topTermOf(content.termCounts, content.paragraphWordTotal),
    readability: readabilityStats(sentences, english, lang),
    appShell: {
      scriptCount: facts.scriptCount,
      emptyMountPoint: facts.mountPoints[0] ?? null,
      bodyTextLength: facts.bodyTextLength,
      noscriptText: facts.noscriptText.trim(),
    },
    get hiddenText() {
      return exposed().hiddenBlocks;
    },
    get aiInstructions() {
      instructions ??= findPageInstructions(exposed(), jsonLdRaw);
      return instructions;
    },
    get entities(): Entity[] {
      entities ??= extractEntities(mainText);
      return entities;
    },
  };
}

function topTermOf(counts: Map<string, number>, total: number): PageModel['topTerm'] {
  let best: string | null = null;
  let bestCount = 0;
  for (const [term, count] of counts) {
    if (term.length < 3 || STOPWORDS.has(term) || /^\d/.test(term)) continue;
    if (count > bestCount || (count === bestCount && best !== null && term < best)) {
      best = term;
      bestCount = count;
    }
  }
  return best === null || total === 0 ? null : { term: best, count: bestCount, density: bestCount / total };
}

function buildHeadingTree(headings: Heading[]): HeadingNode[] {
  const roots: HeadingNode[] = [];
  const stack: HeadingNode[] = [];
  for (const h of headings) {
    const node: HeadingNode = { ...h, children: [] };
    while (stack.length > 0 && stack[stack.length - 1].level >= h.level) stack.pop();
    if (stack.length === 0) roots.push(node);
    else stack[stack.length - 1].children.push(node);
    stack.push(node);
  }
  return roots;
}

// Without a lang attribute, English is assumed when common function words are frequent.
function looksEnglish(text: string): boolean {
  const sample = text.slice(0, 3000).toLowerCase();
  const hits = sample.match(/\b(?:the|and|of|to|is|in|that|for|with|you)\b/g)?.length ?? 0;
  const total = sample.split(/\s+/).length;
  return total > 0 && hits / total > 0.08;
}
