import type { LlmsTxtResult } from '@citable/contract';
import type { PageModel } from '../model/types';
import { llmsTxt as llmsTxtCheck } from '../checks/llms-txt';
import { parseLlmsTxt } from '../site/llms-txt';
import { collapseWhitespace, splitSentences, truncate } from '../text/words';
import { summarizeSite } from './site-summary';
import { isHomePage, originOf, siteName } from './site-identity';
import { furnitureParagraphs, proseParagraphs } from './prose';

export interface GenerateLlmsTxtInput {
  /** Crawled pages, home page first when the crawl started there. */
  pages: PageModel[];
  siteName?: string;
  /** The one-line summary; the home page's description or an extractive summary otherwise. */
  summary?: string;
}

/**
 * Pages a reader of the site rarely needs: llmstxt.org reserves an "Optional" section for links
 * a model may skip when its context is short.
 */
const SECONDARY_PATH_RE =
  /\/(?:privacy|terms|legal|cookies?|imprint|impressum|disclaimer|careers?|jobs|login|log-in|signin|sign-in|signup|sign-up|register|account|cart|checkout|tags?|categor(?:y|ies)|archives?|page\/\d+)(?:[/.?#-]|$)/i;
/** Link notes are one line; search snippets stop near 160 characters too. */
const NOTE_MAX = 160;
const MAIN_SECTION = 'Main pages';

interface Entry {
  title: string;
  url: string;
  notes: string | null;
  section: string;
  secondary: boolean;
}

/**
 * Writes llms.txt (llmstxt.org: "# Name", "> summary", then "## Section" lists of
 * "- [Title](url): notes") grouped by the first URL path segment, and llms-full.txt with every
 * page's main content as Markdown. The result is validated by the audit's own llms-txt check.
 */
export function generateLlmsTxt(input: GenerateLlmsTxtInput): LlmsTxtResult {
  const pages = input.pages;
  const home = pages.find(isHomePage) ?? pages[0];
  // The H1 is the name the site gives itself (its og:site_name, markup or <title>, read across
  // the crawled pages); a host name only when nothing names it, and never a bare IP address.
  const title = oneLine(input.siteName ?? (home ? siteName(home, pages) : 'Site'));
  const summary = oneLine(input.summary ?? home?.metaDescription ?? (pages.length > 0 ? summarizeSite({ pages, summaryType: 'brief' }).summary : '') ?? '');

  const entries = pages.filter((p) => p.url !== null).map(toEntry);
  const seen = new Set<string>();
  const unique = entries.filter((e) => (seen.has(e.url) ? false : (seen.add(e.url), true)));
  // A path segment becomes a section once two pages share it; lone pages join the main list.
  const bySegment = new Map<string, number>();
  for (const e of unique) if (!e.secondary) bySegment.set(e.section, (bySegment.get(e.section) ?? 0) + 1);
  const sections = new Map<string, Entry[]>();
  const add = (name: string, e: Entry): void => {
    const list = sections.get(name) ?? [];
    list.push(e);
    sections.set(name, list);
  };
  for (const e of unique) if (!e.secondary) add((bySegment.get(e.section) ?? 0) >= 2 ? e.section : MAIN_SECTION, e);
  const ordered = [...sections].sort((a, b) => (a[0] === MAIN_SECTION ? -1 : b[0] === MAIN_SECTION ? 1 : 0));
  const optional = unique.filter((e) => e.secondary);
  if (optional.length > 0) ordered.push(['Optional', optional]);

  const lines = [`# ${title}`, ''];
  if (summary) lines.push(`> ${summary}`, '');
  for (const [name, list] of ordered) {
    lines.push(`## ${name}`, '');
    for (const e of list) lines.push(`- [${e.title}](${e.url})${e.notes ? `: ${e.notes}` : ''}`);
    lines.push('');
  }
  const llmsTxt = `${lines.join('\n').trimEnd()}\n`;
  return { llmsTxt, llmsFullTxt: fullText(title, summary, pages), validation: validate(llmsTxt, home, pages) };
}

function oneLine(text: string): string {
  return collapseWhitespace(text);
}

/** Square brackets would end the link text early; parentheses and spaces would end the URL. */
function linkTitle(text: string): string {
  return oneLine(text).replace(/\[/g, '(').replace(/\]/g, ')');
}

function linkUrl(url: string): string {
  return url.replace(/\s/g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** The page's H1 names it without the site-name suffix its <title> often carries. */
function pageTitle(page: PageModel): string | null {
  return page.headings.find((h) => h.level === 1 && h.inMain)?.text ?? page.articleTitle ?? page.title;
}

function toEntry(page: PageModel): Entry {
  const url = page.url!;
  const path = /^https?:\/\/[^/]+(\/[^?#]*)?/i.exec(url)?.[1] ?? '/';
  const segments = path.split('/').filter(Boolean);
  const segment = segments.length > 1 ? segments[0] : '';
  // The page's description, else the opening of its prose: never its byline or a caption.
  const description = page.metaDescription ?? proseParagraphs(page).find((p) => p.wordCount >= 8)?.text;
  const notes = description ? truncate(oneLine(splitSentences(description).slice(0, 2).join(' ')), NOTE_MAX) : null;
  return {
    title: linkTitle(pageTitle(page) ?? (path === '/' ? 'Home' : decodeURIComponent(segments[segments.length - 1] ?? path))),
    url: linkUrl(url),
    notes,
    section: segment ? sectionName(segment) : MAIN_SECTION,
    secondary: SECONDARY_PATH_RE.test(path),
  };
}

function sectionName(segment: string): string {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each page's main content as Markdown, headings shifted below the page's own "##" title. */
function fullText(title: string, summary: string, pages: PageModel[]): string {
  const out = [`# ${title}`, ''];
  if (summary) out.push(`> ${summary}`, '');
  for (const page of pages) {
    const name = oneLine(pageTitle(page) ?? page.url ?? 'Page');
    out.push(`## ${name}`, '');
    if (page.url) out.push(`Source: ${page.url}`, '');
    const furniture = new Set(furnitureParagraphs(page).map((p) => p.text));
    for (const section of page.sections) {
      if (section.heading && !(section.level === 1 && oneLine(section.heading) === name)) {
        out.push(`${'#'.repeat(Math.min(6, (section.level ?? 2) + 1))} ${oneLine(section.heading)}`, '');
      }
      // The article's content without its byline, dateline or photo credits.
      for (const block of section.text.split('\n')) if (block.trim() && !furniture.has(block)) out.push(block.trim(), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function validate(text: string, home: PageModel | undefined, pages: PageModel[]): LlmsTxtResult['validation'] {
  const doc = parseLlmsTxt(text);
  const url = `${originOf(home?.url ?? null) ?? ''}/llms.txt`;
  const model = home ?? pages[0];
  const result = model
    ? llmsTxtCheck.run(model, { origin: originOf(model.url) ?? '', robotsTxt: null, llmsTxt: { url, status: 200, body: text, contentType: 'text/markdown' }, llmsFullTxt: null, sitemap: null, aiCrawlers: [] }, llmsTxtCheck.defaultOptions, { now: null })
    : null;
  const applicable = result !== null && result.applicable;
  return {
    score: applicable ? result.score : doc.errors.length === 0 ? 1 : 0,
    explanation: result?.explanation ?? 'No page to validate against.',
    errors: doc.errors,
    warnings: doc.warnings,
  };
}
