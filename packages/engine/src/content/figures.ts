import { PLACEHOLDERS } from '@citable/contract';
import { collapseWhitespace } from '../text/words';

/**
 * Figures and quotations: the facts a rewrite must never invent (the GEO methods add statistics
 * and quotations, but only ones the author supplied). A figure is any run of digits, with its
 * currency sign, decimals and unit, so "$3.5 million" and "42%" are each one figure.
 */

const FIGURE_RE = /(?:[$€£]\s?)?\d+(?:[.,]\d+)*(?:\s?%|\s(?:percent|million|billion|thousand)\b)?/gi;
// An ordered-list marker at the start of a line ("1. ", "2) ") numbers the list; it states no fact.
const LIST_MARKER_RE = /^(\s*)\d{1,3}[.)](?=\s)/gm;
const PRIVATE_USE = 0xe000;
const QUOTE_RE = /[“"]([^”"\n]{12,400})[”"]/g;

/** The digits of a figure, separators removed: "1,200" and "1200" state the same number. */
function digitsOf(figure: string): string {
  return (figure.match(/\d+(?:[.,]\d+)*/)?.[0] ?? '').replace(/,/g, '');
}

/** Every number the text states, as digit strings. */
export function figuresIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.replace(LIST_MARKER_RE, '$1').matchAll(FIGURE_RE)) out.add(digitsOf(match[0]));
  return out;
}

const normalizeQuote = (text: string) => collapseWhitespace(text).toLowerCase();

export interface GuardedText {
  text: string;
  /** Figures of the rewrite that the source never stated, replaced by a placeholder. */
  removedFigures: string[];
  /** Quotations of the rewrite that are not in the source, replaced by a placeholder. */
  removedQuotes: string[];
}

/**
 * Replaces every figure and quotation of `rewrite` that does not appear in `source` with a
 * placeholder for the author to fill, so a model's rewrite cannot put a made-up statistic or a
 * made-up quote into the user's mouth.
 */
export function guardInventedFacts(source: string, rewrite: string): GuardedText {
  const known = figuresIn(source);
  const sourceText = normalizeQuote(source);
  const removedFigures: string[] = [];
  const removedQuotes: string[] = [];
  const markers: string[] = [];
  // List markers are set aside (as private-use characters, which hold no digit) so the figure
  // pass cannot touch them, then put back.
  let text = rewrite.replace(LIST_MARKER_RE, (marker) => {
    markers.push(marker);
    return String.fromCharCode(PRIVATE_USE + markers.length - 1);
  });
  text = text.replace(QUOTE_RE, (quote, inner: string) => {
    if (sourceText.includes(normalizeQuote(inner))) return quote;
    removedQuotes.push(inner);
    return PLACEHOLDERS.quotation;
  });
  text = text.replace(FIGURE_RE, (figure) => {
    if (known.has(digitsOf(figure))) return figure;
    removedFigures.push(figure);
    return PLACEHOLDERS.statistic;
  });
  text = text.replace(/[\uE000-\uF8FF]/g, (char) => markers[char.charCodeAt(0) - PRIVATE_USE] ?? char);
  return { text, removedFigures, removedQuotes };
}
