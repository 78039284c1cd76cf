import type { Element } from 'domhandler';
import { isElement, isHidden, MAX_DEPTH, NON_CONTENT, headingTextOf, textOf } from './dom';
import type { DocumentFacts } from './collect-document';
import type { Heading, HeadingLevel, ListInfo, Paragraph, QuestionAnswer, Quotation, Section, TableInfo } from './types';
import { collapseWhitespace, countWords, words } from '../text/words';
import { pruneMainContent, type Pruned } from './main-content';
import { hasAttribution } from '../text/facts';
import { isQuestion } from '../text/questions';
import { LABELLED_LINE_RE } from './headline-byline';
import { findDateInText } from './dates';
import { isStuffed, STOPWORDS } from '../text/keywords';

export interface ContentFacts {
  paragraphs: Paragraph[];
  lists: ListInfo[];
  tables: TableInfo[];
  sections: Section[];
  blockQuotations: Quotation[];
  /** Paragraphs that repeat one word so often that they are kept out of the prose analysis. */
  stuffedParagraphs: Paragraph[];
  answers: QuestionAnswer[];
  /** Every block's text (headings, paragraphs, list items, table rows), one per line. */
  mainText: string;
  mainWordCount: number;
  /** Occurrences of each lower-cased word of the paragraphs, stuffed ones included. */
  termCounts: Map<string, number>;
  paragraphWordTotal: number;
  /** Index in `paragraphs` of the opening paragraph: the first that reads as prose; -1 when none. */
  leadIndex: number;
}

/** A walk's result and the links, images and headings it found in the main content. */
interface Walk {
  content: ContentFacts;
  marked: { inMain: boolean }[];
}

/** Elements that flow inside a paragraph; anything else ends the running paragraph. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'kbd', 'mark', 'q',
  'rp', 'rt', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
  'del', 'ins', 'label', 'img', 'picture',
]);
const HEADING_LEVEL: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Fewer words than this after cleaning means the cleaning or the choice of roots went wrong. */
const NEAR_EMPTY_WORDS = 100;
/** A line whose text is at least this share link text is a link, not prose ("Read more: ..."). */
const LINK_LINE_SHARE = 0.5;
// Advert labels and player messages that sit where the text starts on video and news pages:
// "Advertisement", a label and a separator ("Sponsored · ...", "Ad: ..."), "Skip ad".
const AD_TEXT_RE = /^advertisement\b|^(?:sponsored|promoted|paid (?:content|post|partnership)|ad)\s*(?:[:·•|–—-]|$)|\bskip (?:this )?ads?\b|\bad (?:will end|ends) in\b/i;

/**
 * Walks the main content once, turning it into blocks: paragraphs (explicit <p> and the loose
 * text between blocks), headings, lists, tables and quotations, and grouping them into
 * sections. Links, images and headings met on the way are marked as main content.
 * When the cleaned content is (almost) empty, retries as Readability does with its filters
 * relaxed: the same roots with only furniture removed, then the whole body cleaned, then the
 * whole body; a retry is taken when it holds at least twice the words.
 */
export function collectContent(facts: DocumentFacts): ContentFacts {
  const stats = facts.nodeStats;
  const roots = facts.mainRoots;
  let best = walkContent(facts, roots, pruneMainContent(roots, stats));
  if (best.content.mainWordCount < NEAR_EMPTY_WORDS) best = retry(facts, best);
  for (const m of best.marked) m.inMain = true;
  return best.content;
}

function retry(facts: DocumentFacts, first: Walk): Walk {
  const stats = facts.nodeStats;
  const roots = facts.mainRoots;
  let best = first;
  const body = facts.body;
  const attempts: [Element[], Pruned][] = [[roots, pruneMainContent(roots, stats, 'furniture')]];
  if (body && !(roots.length === 1 && roots[0] === body)) {
    attempts.push([[body], pruneMainContent([body], stats)], [[body], pruneMainContent([body], stats, 'furniture')]);
  }
  for (const [attemptRoots, pruned] of attempts) {
    const next = walkContent(facts, attemptRoots, pruned);
    if (next.content.mainWordCount >= Math.max(2 * best.content.mainWordCount, 1)) best = next;
  }
  return best;
}

/** Walks the given roots once, leaving out what the cleaning dropped. */
function walkContent(facts: DocumentFacts, roots: Element[], { dropped, counts }: Pruned): Walk {
  const locale = facts.lang;
  const stats = facts.nodeStats;
  const marked: { inMain: boolean }[] = [];
  const out: ContentFacts = { paragraphs: [], lists: [], tables: [], sections: [], blockQuotations: [], stuffedParagraphs: [], answers: [], mainText: '', mainWordCount: 0, termCounts: new Map(), paragraphWordTotal: 0, leadIndex: -1 };
  /** Link characters met since the running paragraph started. */
  let linkChars = 0;
  const lines: string[] = [];
  const local = new Map<string, number>();
  let section: { heading: string | null; level: HeadingLevel | null; parts: string[]; words: number } = { heading: null, level: null, parts: [], words: 0 };
  const addLine = (text: string, wordCount: number, inSection: boolean): void => {
    lines.push(text);
    out.mainWordCount += wordCount;
    if (inSection) {
      section.parts.push(text);
      section.words += wordCount;
    }
  };
  let pendingQuestion: QuestionAnswer | null = null;

  const mark = (el: Element): void => {
    if (el.name === 'a') {
      const link = facts.linkElements.get(el);
      if (link) marked.push(link);
      linkChars += stats.get(el)?.textLen ?? 0;
    } else if (el.name === 'img') {
      const image = facts.imageElements.get(el);
      if (image) marked.push(image);
    } else if (el.name === 'q' && out.blockQuotations.length < 100) {
      const text = collapseWhitespace(textOf(el, 600));
      if (text) out.blockQuotations.push({ text, kind: 'q', attributed: el.attribs.cite !== undefined || hasAttribution(textOf(el.parent as Element, 400)) });
    }
  };

  const closeSection = (): void => {
    const text = section.parts.join('\n');
    if (section.heading !== null || text) {
      out.sections.push({ heading: section.heading, level: section.level, text, wordCount: section.words });
    }
  };

  /**
   * A run of text: a paragraph of prose, or, when it is mostly link text or sits beside the
   * form controls it labels, a line of the main text that is not prose.
   */
  const addParagraph = (raw: string, ui = false): void => {
    const links = linkChars;
    linkChars = 0;
    const linkShare = links === 0 ? 0 : links / Math.max(1, collapseWhitespace(raw).length);
    for (const piece of raw.split(/\n\s*\n/)) {
      const text = collapseWhitespace(piece);
      if (!text) continue;
      if (ui || linkShare >= LINK_LINE_SHARE) {
        addLine(text, countWords(text, locale), true);
        continue;
      }
      const paragraphWords = words(text, locale);
      const wordCount = paragraphWords.length;
      if (wordCount === 0) continue;
      out.paragraphWordTotal += wordCount;
      local.clear();
      let localTop = 0;
      for (const w of paragraphWords) {
        const lower = w.toLowerCase();
        out.termCounts.set(lower, (out.termCounts.get(lower) ?? 0) + 1);
        if (lower.length >= 3 && !STOPWORDS.has(lower)) {
          const c = (local.get(lower) ?? 0) + 1;
          local.set(lower, c);
          if (c > localTop) localTop = c;
        }
      }
      if (isStuffed(wordCount, localTop)) {
        out.stuffedParagraphs.push({ text, wordCount });
        continue;
      }
      const paragraph = { text, wordCount };
      if (out.leadIndex < 0 && isLead(paragraph)) out.leadIndex = out.paragraphs.length;
      out.paragraphs.push(paragraph);
      addLine(text, wordCount, true);
      // The byline or dateline under a heading is not its answer: the answer is the prose after it.
      if (pendingQuestion && !isBylineOrDateline(text, wordCount)) {
        pendingQuestion.answer = text;
        pendingQuestion.answerWordCount = wordCount;
        pendingQuestion = null;
      }
    }
  };

  const addHeading = (el: Element, level: HeadingLevel): void => {
    if (facts.stuffedHeadings.has(el)) return;
    const heading: Heading | undefined = facts.headingElements.get(el);
    const text = heading ? heading.text : collapseWhitespace(headingTextOf(el, 300));
    if (!text) return;
    if (heading) marked.push(heading);
    textOf(el, 300, mark);
    addLine(text, countWords(text, locale), false);
    closeSection();
    section = { heading: text, level, parts: [], words: 0 };
    pendingQuestion = null;
    if (isQuestion(text)) {
      pendingQuestion = { question: text, level, answer: '', answerWordCount: 0 };
      out.answers.push(pendingQuestion);
    }
  };

  const addList = (el: Element): void => {
    const items: string[] = [];
    for (const child of el.children) {
      if (!isElement(child)) continue;
      if (child.name === 'li' || child.name === 'dt' || child.name === 'dd') {
        const text = collapseWhitespace(textOf(child, 2000, mark));
        if (text) items.push(text);
      }
    }
    if (items.length === 0) return;
    out.lists.push({ ordered: el.name === 'ol', items });
    const text = items.join('\n');
    addLine(text, countWords(text, locale), true);
    if (pendingQuestion) {
      pendingQuestion.answer = items.join('; ');
      pendingQuestion.answerWordCount = countWords(pendingQuestion.answer, locale);
      pendingQuestion = null;
    }
  };

  const addTable = (el: Element): boolean => {
    let rows = 0;
    let columns = 0;
    let hasHeader = false;
    let caption: string | null = null;
    let layout = false;
    const rowTexts: string[] = [];
    const walkRows = (node: Element): void => {
      for (const child of node.children) {
        if (!isElement(child)) continue;
        if (child.name === 'caption') caption = collapseWhitespace(textOf(child, 300));
        else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
          if (child.name === 'thead') hasHeader = true;
          walkRows(child);
        } else if (child.name === 'tr') {
          rows++;
          let cells = 0;
          const cellTexts: string[] = [];
          for (const cell of child.children) {
            if (!isElement(cell) || (cell.name !== 'td' && cell.name !== 'th')) continue;
            cells += Number.parseInt(cell.attribs.colspan ?? '1', 10) || 1;
            if (cell.name === 'th') hasHeader = true;
            for (const inner of cell.children) {
              if (isElement(inner) && (inner.name === 'p' || inner.name === 'div' || inner.name === 'table' || inner.name === 'ul')) layout = true;
            }
            cellTexts.push(collapseWhitespace(textOf(cell, 1000, mark)));
          }
          columns = Math.max(columns, cells);
          rowTexts.push(cellTexts.join(' | '));
        }
      }
    };
    walkRows(el);
    // Header cells or a caption make a data table (infoboxes included) even when cells hold
    // blocks; otherwise cells with paragraphs or nested tables mean layout.
    const isData = hasHeader || caption !== null ? rows >= 2 : !layout && rows >= 2 && columns >= 2;
    if (!isData) return false;
    out.tables.push({ rows, columns, hasHeader, caption });
    const text = rowTexts.join('\n');
    addLine(text, countWords(text, locale), true);
    return true;
  };

  /**
   * Preformatted text: prose stretches (a plain-text RFC, a poem) become paragraphs; code and
   * ASCII art stay lines of the main text, counted but not read as prose.
   */
  const addPreformatted = (raw: string, code: boolean): void => {
    linkChars = 0;
    for (const block of raw.split(/\n[ \t]*\n/)) {
      const text = collapseWhitespace(block);
      if (!text) continue;
      if (!code && isProsePre(text, block)) {
        addParagraph(text);
      } else {
        addLine(text, countWords(text, locale), true);
      }
    }
  };

  const walkContainer = (el: Element, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    let buffer = '';
    for (const child of el.children) {
      if (child.type === 'text') {
        buffer += child.data;
        continue;
      }
      if (!isElement(child)) continue;
      const name = child.name;
      if (NON_CONTENT.has(name) || dropped.has(child) || isHidden(child)) continue;
      if (name === 'br') {
        buffer += '\n';
        continue;
      }
      if (INLINE.has(name)) {
        mark(child);
        buffer += textOf(child, Infinity, mark);
        continue;
      }
      if (buffer.trim()) addParagraph(buffer.replace(/\n(?=\s*\n)/g, '\n'));
      buffer = '';
      handleBlock(child, depth + 1);
      linkChars = 0;
    }
    if (buffer.trim()) addParagraph(buffer);
  };

  const handleBlock = (el: Element, depth: number): void => {
    const name = el.name;
    const level = HEADING_LEVEL[name];
    if (level !== undefined) return addHeading(el, level);
    switch (name) {
      case 'p': {
        linkChars = 0;
        const text = textOf(el, Infinity, mark).replace(/\n/g, ' ');
        // Text beside form controls labels them ("Use Git or checkout with SVN using the web
        // URL." next to a clone URL field): a control for fewer than three paragraphs around.
        const around = el.parent && isElement(el.parent) ? counts.get(el.parent) : undefined;
        addParagraph(text, around !== undefined && around.inputs > Math.floor(around.paragraphs / 3));
        return;
      }
      case 'ul':
      case 'ol':
      case 'dl':
        addList(el);
        return;
      case 'table':
        if (!addTable(el)) walkContainer(el, depth);
        return;
      case 'pre':
        addPreformatted(textOf(el, Infinity, mark), containsTag(el, 'code'));
        return;
      case 'blockquote': {
        const text = collapseWhitespace(textOf(el, 2000));
        if (text && out.blockQuotations.length < 100) {
          // The HTML standard puts a quotation's attribution outside the blockquote, in the
          // <figcaption> of the <figure> around it.
          const inCaptionedFigure = el.parent?.type === 'tag' && (el.parent as Element).name === 'figure' && containsTag(el.parent as Element, 'figcaption');
          const hasCite = el.attribs.cite !== undefined || containsTag(el, 'cite') || containsTag(el, 'footer') || inCaptionedFigure;
          out.blockQuotations.push({ text, kind: 'blockquote', attributed: hasCite || hasAttribution(text) });
        }
        walkContainer(el, depth);
        return;
      }
      default:
        walkContainer(el, depth);
    }
  };

  for (const root of roots) {
    if (root.name === 'p' || HEADING_LEVEL[root.name] !== undefined || root.name === 'ul' || root.name === 'ol' || root.name === 'table' || root.name === 'blockquote' || root.name === 'pre') {
      handleBlock(root, 0);
    } else {
      walkContainer(root, 0);
    }
  }
  closeSection();
  out.mainText = lines.join('\n');
  return { content: out, marked };
}

/**
 * The opening paragraph reads as prose: 25 words or more, or 8 or more ending like a sentence
 * (captions, bylines and labels such as "Photo" or "Dan Goodin - Apr 16, 2015" are short and do
 * not), and it is not an advert label or a player message ("Advertisement", "You can skip this
 * ad in 5 seconds.").
 */
function isLead(p: { text: string; wordCount: number }): boolean {
  return (p.wordCount >= 25 || (p.wordCount >= 8 && /[.!?…。！？]["'”’)]*$/u.test(p.text))) && !AD_TEXT_RE.test(p.text);
}

/**
 * Mostly letters and spaces, with sentence punctuation, and no columns (text aligned with runs of
 * spaces, as in a document header or a table): prose that happens to sit in a <pre>.
 */
function isProsePre(text: string, raw: string): boolean {
  if (text.length < 40 || !/[.!?]\s+\p{L}|[.!?]$/u.test(text) || /\S {3,}\S/.test(raw)) return false;
  const letters = text.match(/[\p{L}\s]/gu)?.length ?? 0;
  return letters / text.length >= 0.85;
}

function containsTag(el: Element, tag: string, depth = 0): boolean {
  if (depth > 20) return false;
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (child.name === tag || containsTag(child, tag, depth + 1)) return true;
  }
  return false;
}

/** "By Jane Doe", "Par Jean Dupont, le 4 mars", or a short line that starts with a date ("March 4, 2019 · 5 min read"). */
function isBylineOrDateline(text: string, wordCount: number): boolean {
  if (LABELLED_LINE_RE.test(text) && wordCount <= 25) return true;
  if (wordCount > 12) return false;
  const date = findDateInText(text);
  return date !== null && date.index <= 2;
}
