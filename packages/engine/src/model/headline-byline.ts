/**
 * The byline a reader sees by the headline when no markup names it: a line under (or just
 * above) the article's headline that starts with an author label ("By Jane Doe", "Von Hans
 * Müller", "Par Jean Dupont", "Por María García", "作者：王小明", "文●王小明", "著者：山田太郎"),
 * or a name linked to an author page ("/author/jane-doe"). Read outside comments, related
 * stories, captions, navigation and footers, whose names are other people's.
 */
import type { AnyNode, Element } from 'domhandler';
import { isOtherContent } from './collect-document';
import { isElement, isHidden, NON_CONTENT } from './dom';
import { collapseWhitespace } from '../text/words';

/** How much text after and before the headline is read, in characters. */
const AFTER_CHARS = 700;
const BEFORE_CHARS = 200;
/** A byline line is short; a longer one is a paragraph that happens to start with "By". */
const MAX_LINE = 160;

// A line that starts with an author label. Latin labels need a space after them and a capital
// after that ("By Jane", not "By the way"); CJK labels a colon, a bullet or a space.
export const LABELLED_LINE_RE =
  /^(?:(?:written\s+by|posted\s+by|story\s+by|words\s+by|text\s+by|by|von|par|por|door|di|av|af|autor(?:in)?|auteur|author|text|texte)\s*[:：]?\s+(?=\p{Lu})|(?:作者|著者|撰文|记者|記者|文|筆者|글|기자)\s*[:：●・／/|｜]\s*|(?:作者|著者|撰文)\s+)/iu;
// The second part must name a publication (an agency, a paper, a site, a broadcaster): "社", "报", "网", "台"...
const BRACKETED_CJK_BYLINE_RE = /^[[【［(（]\s*(\p{Script=Han}{2,6})\s*[，,、]\s*[^\]】］)）]{0,18}(?:社|报|報|网|網|台|刊|新闻|新聞|媒体|媒體)\s*[\]】］)）]$/u;
const AUTHOR_PAGE_RE = /\/(?:author|authors|auteur|auteurs|autor|autoren|writers?|journalists?|reporters?|contributors?|people|profiles?|staff)\/[^/?#]+\/?$/i;
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'dd', 'dt', 'dl', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'header', 'footer', 'address', 'table', 'tr', 'td', 'th', 'br', 'article', 'main', 'aside', 'figure', 'blockquote', 'hr']);

export interface HeadlineByline {
  text: string;
  /** "label" for a labelled line, "author link" for a name linked to an author page. */
  kind: 'label' | 'author link';
}

/** The labelled byline line nearest the headline (after it first), else a linked author name after it. */
export function bylineNearHeadline(headline: Element): HeadlineByline | null {
  const after = linesFrom(headline, 'after');
  for (const line of after.lines) {
    if (LABELLED_LINE_RE.test(line) && line.length <= MAX_LINE) return { text: line, kind: 'label' };
    // "[王小明，新华社]": a Chinese byline gives the reporter and the agency in brackets.
    const bracketed = BRACKETED_CJK_BYLINE_RE.exec(line);
    if (bracketed) return { text: bracketed[1], kind: 'label' };
  }
  const before = linesFrom(headline, 'before');
  for (const line of before.lines) if (LABELLED_LINE_RE.test(line) && line.length <= MAX_LINE) return { text: line, kind: 'label' };
  const link = after.authorLinks[0] ?? before.authorLinks[0];
  return link ? { text: link, kind: 'author link' } : null;
}

interface Lines {
  /** Text lines split at block boundaries, nearest the headline first. */
  lines: string[];
  /** Texts of links to an author page, nearest first. */
  authorLinks: string[];
}

function linesFrom(headline: Element, direction: 'after' | 'before'): Lines {
  const limit = direction === 'after' ? AFTER_CHARS : BEFORE_CHARS;
  const lines: string[] = [];
  const authorLinks: string[] = [];
  let current: string[] = [];
  let length = 0;
  let visited = 0;
  const flush = () => {
    const text = collapseWhitespace((direction === 'after' ? current : current.reverse()).join(''));
    if (text) lines.push(text);
    current = [];
  };
  const add = (node: AnyNode, depth: number): boolean => {
    if (length >= limit || ++visited > 2000 || depth > 40) return false;
    if (node.type === 'text') {
      current.push(node.data);
      length += node.data.trim().length;
      return true;
    }
    if (!isElement(node) || NON_CONTENT.has(node.name) || isHidden(node) || isOtherContent(node)) return true;
    const block = BLOCK.has(node.name);
    if (block) flush();
    if (node.name === 'a' && AUTHOR_PAGE_RE.test(node.attribs.href ?? '')) {
      const text = collapseWhitespace(node.children.map((c) => (c.type === 'text' ? c.data : isElement(c) ? textOfInline(c) : '')).join(' '));
      if (text && text.length <= 60) authorLinks.push(text);
    }
    const children = direction === 'after' ? node.children : [...node.children].reverse();
    for (const child of children) if (!add(child, depth + 1)) return false;
    if (block) flush();
    return true;
  };
  // Not the headline's own text: the byline is beside it, and a headline may start with "By".
  outer: for (let node: AnyNode | null = headline; node && node.parent && node.parent.type !== 'root'; node = node.parent) {
    if (isElement(node.parent) && node.parent.name === 'html') break;
    for (let sibling = direction === 'after' ? node.next : node.prev; sibling; sibling = direction === 'after' ? sibling.next : sibling.prev) {
      if (!add(sibling, 0)) break outer;
    }
    flush();
  }
  flush();
  return { lines, authorLinks };
}

function textOfInline(el: Element, depth = 0): string {
  if (depth > 6 || NON_CONTENT.has(el.name)) return '';
  return el.children.map((c) => (c.type === 'text' ? c.data : isElement(c) ? textOfInline(c, depth + 1) : '')).join(' ');
}
