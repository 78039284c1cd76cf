/**
 * The publication date a reader sees next to the headline, when the markup states none: the
 * "Bonn, 11.10.2021" above an <h1>, the "30.07.2019" or "le 4 mars 2019" in an unmarked line
 * under it. This is htmldate's third source, after the markup and the URL: the text near the
 * headline, read outside comments, related stories, captions, navigation and footers (whose
 * dates are someone else's or the site's), skipping a date introduced as an update.
 */
import type { AnyNode, Element } from 'domhandler';
import { isOtherContent } from './collect-document';
import { findDateInText, type TextDateOptions } from './dates';
import { isElement, isHidden, NON_CONTENT } from './dom';
import { collapseWhitespace } from '../text/words';

// Classes that hide an element from sighted readers (Bootstrap, WordPress): a date kept there for machines is not shown.
const HIDDEN_CLASS_RE = /(?:^|\s)(?:hidden|d-none|sr-only|visually-hidden|screen-reader-text)(?:\s|$)/i;
const OTHER_ELEMENTS = new Set(['blockquote', 'figure', 'figcaption', 'nav', 'footer', 'aside']);

/** How much text before and after the headline's start is read, in characters. */
const BEFORE_CHARS = 300;
const AFTER_CHARS = 900;
/** A web page's date: earlier years in running text are history the page tells, not its date. */
const MIN_YEAR = 1995;
const UPDATED_BEFORE_RE = /(?:updated|modified|mis à jour|aktualisiert|geändert|actualizado|atualizado|aggiornato|bijgewerkt|last\s+edited|stand)[^\p{L}\d]{0,4}(?:\p{L}+[^\p{L}\d]{0,3}){0,2}$/iu;

export interface HeadlineDate {
  iso: string;
  /** The date as written, for the explanation. */
  context: string;
  /** The text of the element the date is written in, up to the element boundaries around it. */
  line: string;
  /** Characters between the headline's start (or, before it, its end) and the date. */
  distance: number;
}

/**
 * The date written nearest to the headline element, before or after it, or null. `window` reads
 * fewer characters on each side (the header only, counted as written, whitespace included), which
 * costs less on pages that need no more.
 */
export function dateNearHeadline(headline: Element, options: TextDateOptions = {}, window?: number): HeadlineDate | null {
  const after = collapseWhitespace(textFrom(headline, Math.min(window ?? AFTER_CHARS, AFTER_CHARS), 'after'));
  const before = collapseWhitespace(textFrom(headline, Math.min(window ?? BEFORE_CHARS, BEFORE_CHARS), 'before'));
  const next = firstPublished(after, options);
  const previous = lastPublished(before, options);
  const nearest = next && previous ? (next.distance <= previous.distance ? next : previous) : (next ?? previous);
  return nearest ? { ...nearest.date, distance: nearest.distance } : null;
}

function plausible(iso: string): boolean {
  return Number(iso.slice(0, 4)) >= MIN_YEAR;
}

function firstPublished(text: string, options: TextDateOptions): { date: Omit<HeadlineDate, 'distance'>; distance: number } | null {
  let offset = 0;
  while (offset < text.length) {
    const found = findDateInText(text.slice(offset), options);
    if (!found) return null;
    const start = offset + found.index;
    const end = offset + found.end;
    if (plausible(found.iso) && !UPDATED_BEFORE_RE.test(text.slice(Math.max(0, start - 40), start))) {
      return { date: { iso: found.iso, context: text.slice(start, end).trim().slice(0, 80), line: lineAround(text, start, end) }, distance: start };
    }
    offset = end;
  }
  return null;
}

function lastPublished(text: string, options: TextDateOptions): { date: Omit<HeadlineDate, 'distance'>; distance: number } | null {
  let best: { date: Omit<HeadlineDate, 'distance'>; distance: number } | null = null;
  let offset = 0;
  while (offset < text.length) {
    const found = findDateInText(text.slice(offset), options);
    if (!found) break;
    const start = offset + found.index;
    const end = offset + found.end;
    if (plausible(found.iso) && !UPDATED_BEFORE_RE.test(text.slice(Math.max(0, start - 40), start))) {
      best = { date: { iso: found.iso, context: text.slice(start, end).trim().slice(0, 80), line: lineAround(text, start, end) }, distance: text.length - end };
    }
    offset = end;
  }
  return best;
}

/** The text between the element boundaries (" | ") around a date. */
function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf(' | ', start);
  const to = text.indexOf(' | ', end);
  return text.slice(from < 0 ? 0 : from + 3, to < 0 ? text.length : to).trim();
}

/**
 * The visible text from the headline on (its own text, then what follows it in document
 * order) or before it (what precedes it, nearest last), up to `limit` characters.
 */
function textFrom(headline: Element, limit: number, direction: 'after' | 'before'): string {
  // A headline inside a "teaser" or "related" block is the page's own (some sites class their
  // article so): then only the elements themselves (footers, captions, quotations) are set aside.
  let inOther = false;
  for (let p = headline.parent; p && isElement(p); p = p.parent) if (isOtherContent(p)) inOther = true;
  const excluded = inOther ? (el: Element) => OTHER_ELEMENTS.has(el.name) : isOtherContent;
  const { parts, add } = visibleTextCollector(limit, 3000, excluded, direction);
  if (direction === 'after' && !add(headline, 0)) return parts.join('');
  // Then the siblings on that side of the headline, of its parent, and so on up to the body.
  for (let node: AnyNode | null = headline; node && node.parent && node.parent.type !== 'root'; node = node.parent) {
    if (isElement(node.parent) && node.parent.name === 'html') break;
    for (let sibling = direction === 'after' ? node.next : node.prev; sibling; sibling = direction === 'after' ? sibling.next : sibling.prev) {
      if (!add(sibling, 0)) return finish(parts, direction);
    }
  }
  return finish(parts, direction);
}

/**
 * A walker that gathers the text a reader sees, element boundaries marked " | ", skipping scripts,
 * hidden elements and what `excluded` sets aside; `add` returns false once `limit` characters or
 * `maxNodes` nodes are read. Children are read last first when reading backwards.
 */
function visibleTextCollector(limit: number, maxNodes: number, excluded: (el: Element) => boolean, direction: 'after' | 'before') {
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  const add = (node: AnyNode, depth: number): boolean => {
    if (length >= limit || ++visited > maxNodes || depth > 40) return false;
    if (node.type === 'text') {
      parts.push(node.data);
      length += node.data.length;
      return length < limit;
    }
    if (!isElement(node) || NON_CONTENT.has(node.name) || isHidden(node) || HIDDEN_CLASS_RE.test(node.attribs.class ?? '') || excluded(node)) return true;
    parts.push(' | ');
    const children = direction === 'after' ? node.children : [...node.children].reverse();
    for (const child of children) if (!add(child, depth + 1)) return false;
    parts.push(' | ');
    return true;
  };
  return { parts, add };
}

// A date introduced as the publication date, in the languages of the corpus pages and their
// neighbours: "Published on", "Veröffentlicht am", "Erschienen am", "Dieser Artikel wurde am",
// "Publié le", "Mise en ligne", "Publicado el", "Pubblicato il", "Gepubliceerd op".
const PUBLISHED_LABEL_RE =
  /(?:published|posted|veröffentlicht|erschienen|publiziert|dieser (?:artikel|beitrag) wurde|publié|mise? en ligne|publicado|pubblicato|gepubliceerd)(?:\s+(?:on|am|le|el|il|em|op))?\s*:?\s*/giu;
/** How many characters of the page's visible text are searched for a labelled publication date. */
const LABELLED_TEXT_CHARS = 200_000;

/**
 * A date the page labels as its publication date anywhere in its visible text outside comments,
 * related stories, navigation and footers ("Erschienen am: 01.11.2023" under the article), for
 * pages whose header shows none. The first such date is the page's; none gives null.
 */
export function labelledPublicationDate(body: Element, options: TextDateOptions = {}): HeadlineDate | null {
  const { parts, add } = visibleTextCollector(LABELLED_TEXT_CHARS, 100_000, isOtherContent, 'after');
  add(body, 0);
  const text = collapseWhitespace(parts.join(''));
  PUBLISHED_LABEL_RE.lastIndex = 0;
  for (let m = PUBLISHED_LABEL_RE.exec(text); m; m = PUBLISHED_LABEL_RE.exec(text)) {
    const after = m.index + m[0].length;
    const next = text.slice(after, after + 40);
    const found = findDateInText(next, options);
    // The date must follow the label, in its element or the next one ("Mise en ligne | 23 mai
    // 2019" in a credits list); a "Published" heading followed by other words is not a label.
    if (found && /^[\s|:]*$/.test(next.slice(0, found.index)) && plausible(found.iso)) {
      const start = after + found.index;
      return { iso: found.iso, context: text.slice(m.index, after + found.end).trim().slice(0, 80), line: lineAround(text, start, after + found.end), distance: start };
    }
  }
  return null;
}

function finish(parts: string[], direction: 'after' | 'before'): string {
  return (direction === 'after' ? parts : parts.reverse()).join('');
}
