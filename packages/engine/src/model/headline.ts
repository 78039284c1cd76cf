/**
 * The article's visible headline: the heading a reader takes for the title. Pages often have
 * more than one <h1> (a logo, "Navigation und Service", a menu title) or put the headline in an
 * <h2>; the headline is the heading that the page's own titles (<title>, og:title, JSON-LD
 * headline) repeat, whole or with a site name, a kicker or a shortening around it.
 */
import type { Element } from 'domhandler';
import type { Heading } from './types';

const MAX_LEVEL = 4;
/** The share of the heading's words the best title must repeat for the heading to be the headline. */
const MIN_SHARE = 0.6;

export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The share of the heading's words that the title also has (1 when the title holds them all). */
export function shareOfHeadingInTitle(heading: string, title: string): number {
  const words = tokens(heading);
  if (words.length === 0) return 0;
  const inTitle = new Set(tokens(title));
  return words.filter((w) => inTitle.has(w)).length / words.length;
}

/**
 * The heading element whose words the page's titles repeat best, among headings up to <h4>, with
 * <h1> preferred on a tie; null when no heading matches any title. A one-word heading must be
 * the whole title: "News" is in many titles and heads nothing.
 */
export function findHeadline(headings: Map<Element, Heading>, titles: (string | null | undefined)[]): { element: Element; heading: Heading } | null {
  const candidates = titles.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (candidates.length === 0) return null;
  let best: { element: Element; heading: Heading; score: number } | null = null;
  for (const [element, heading] of headings) {
    if (heading.level > MAX_LEVEL) continue;
    const words = tokens(heading.text);
    if (words.length === 0) continue;
    let share = 0;
    for (const title of candidates) {
      const s = shareOfHeadingInTitle(heading.text, title);
      // Words of the heading against the title's: a heading of two words from a long title is weak.
      const titleWords = tokens(title).length;
      const weighted = s * Math.min(1, (words.length + 1) / Math.max(1, titleWords * 0.5));
      if (words.length === 1 && titleWords > 1) continue;
      share = Math.max(share, s >= MIN_SHARE ? weighted : 0);
    }
    if (share === 0) continue;
    const score = share + (heading.level === 1 ? 0.01 : 0);
    if (!best || score > best.score) best = { element, heading, score };
  }
  return best ? { element: best.element, heading: best.heading } : null;
}
