import type { Quotation, Statistic } from '../model/types';

// Figures an answer engine can lift as a fact: percentages, money, scaled or separated
// numbers, ratios and numbers with a unit. Bare years and small counts are not statistics.
const STAT_RE = new RegExp(
  [
    String.raw`\d+(?:[.,]\d+)?\s?(?:%|percent\b|per cent\b|pct\b)`,
    // A money figure ends on a digit: "$12,000." states "$12,000".
    String.raw`[$€£¥₹]\s?\d(?:[\d,.]*\d)?(?:\s?(?:k|m|bn|million|billion|trillion|thousand)\b)?`,
    String.raw`\b\d(?:[\d,.]*\d)?\s?(?:million|billion|trillion|thousand|mn|bn)\b`,
    String.raw`\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b`,
    String.raw`\b\d+(?:\.\d+)?\s?(?:x|times)\b`,
    String.raw`\b\d+\s(?:in|out of)\s\d+\b`,
    String.raw`\b\d+(?:\.\d+)?\s?(?:kg|km|mph|km/h|ms|GB|MB|TB|kWh|MW|°C|°F|hours|minutes|years|days|months|weeks|people|users|customers|patients|respondents|participants|companies|students|deaths|cases)\b`,
  ].join('|'),
  // No "u" flag: every alternative is ASCII or a single BMP symbol, and the non-unicode engine path is faster.
  'gi',
);

// Interface counters and page furniture state nothing about the subject: view, vote and share
// counts ("14,358 views", "84% Upvoted"), relative times ("6 years ago", "3 hrs ago"),
// pagination ("Page 2 of 5", "1 of 12") and rating widgets ("4.5 out of 5 stars").
const COUNTER_NOUNS =
  'views?|viewers|likes?|dislikes?|votes?|upvotes?|downvotes?|comments?|replies|repl(?:y|ies)|shares?|followers?|following|' +
  'subscribers?|fans|retweets?|reposts?|reactions?|claps?|stars?|forks?|watchers|watching|downloads?|installs?|plays?|listens?|' +
  'reads|clicks?|points|karma|answers?|reviews?|ratings?|pins?|saves?|bookmarks?|hearts?|kudos|hits|members|online|notes|awards?';
const COUNTER_AFTER_RE = new RegExp(String.raw`^\s?[kKmM]?\+?\s*(?:${COUNTER_NOUNS})\b`, 'i');
const COUNTER_BEFORE_RE = new RegExp(String.raw`\b(?:${COUNTER_NOUNS})\s*:?\s*$`, 'i');
const FURNITURE_RE = new RegExp(
  [
    // Relative times, in words or abbreviated.
    String.raw`\b\d+\s?(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mos?|months?|y|yrs?|years?)\s+ago\b`,
    // Pagination and gallery counters.
    String.raw`\b(?:page|pg\.?|slide|photo|image|picture|item|result|results|step|part|episode|question|video)\s+\d[\d,]*\s*(?:of|\/)\s*\d[\d,]*`,
    String.raw`^\s*\d[\d,]*\s*(?:of|\/)\s*\d[\d,]*\s*$`,
    // Ratings.
    String.raw`\brat(?:ed|ing)\s*:?\s*\d(?:[.,]\d+)?\s*(?:(?:out of|\/)\s*(?:5|10)\b)?`,
    String.raw`\b\d(?:[.,]\d+)?\s*stars?\b`,
    // Reddit-style vote shares.
    String.raw`\b\d+(?:[.,]\d+)?\s?%\s+upvoted\b`,
  ].join('|'),
  'gi',
);
const PROSE_END_RE = /[.!?…。！？]["'”’)\]]*$/u;

/**
 * A counter ("14,358 views") is furniture when it opens the line, when the line does not end
 * like a sentence, or when interface separators (• · |) share the line; a count after its label
 * ("Share 2,345", "Views: 14,358") is furniture on a line that does not end like a sentence;
 * "The clip drew 2 million views in a day." states a fact and stays.
 */
function isCounter(sentence: string, start: number, end: number): boolean {
  const before = sentence.slice(Math.max(0, start - 30), start);
  if (!COUNTER_AFTER_RE.test(sentence.slice(end, end + 30))) return COUNTER_BEFORE_RE.test(before) && !PROSE_END_RE.test(sentence);
  if (sentence.slice(0, start).trim() === '') return true;
  if (/[•·|]/.test(sentence)) return true;
  return !PROSE_END_RE.test(sentence);
}

function furnitureRanges(sentence: string): [number, number][] {
  const ranges: [number, number][] = [];
  FURNITURE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = FURNITURE_RE.exec(sentence))) {
    ranges.push([m.index, m.index + m[0].length]);
    if (m[0].length === 0) FURNITURE_RE.lastIndex++;
  }
  return ranges;
}

/** Whether a figure found at [start, end) of the sentence is page furniture, not a fact of the text. */
export function isFurniture(sentence: string, start: number, end: number, ranges = furnitureRanges(sentence)): boolean {
  for (const [a, b] of ranges) if (start < b && end > a) return true;
  return isCounter(sentence, start, end);
}

/** The first figure of each sentence that states a fact (furniture such as view counts skipped). */
export function findStatistics(sentences: string[], limit = 200): Statistic[] {
  const out: Statistic[] = [];
  for (const sentence of sentences) {
    if (!/\d/.test(sentence)) continue;
    let ranges: [number, number][] | null = null;
    STAT_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = STAT_RE.exec(sentence))) {
      ranges ??= furnitureRanges(sentence);
      if (isFurniture(sentence, m.index, m.index + m[0].length, ranges)) continue;
      out.push({ value: m[0].trim(), sentence });
      break;
    }
    if (out.length >= limit) break;
  }
  return out;
}

const ATTRIBUTION_RE =
  /\b(?:said|says|say|told|wrote|writes|explained|explains|noted|notes|added|argued|according to|stated|states|asked|recalled|reports|reported|concludes|concluded|puts it|put it|in the words of)\b/i;
// An author-date citation in parentheses, as academic and technical writing attributes a quote:
// "(Aggarwal et al., KDD 2024)", "(Smith, 2020)", "(RFC 9309, 2022)". It starts with a capital and
// holds "et al." or a year.
const CITATION_RE = /\(\s*\p{Lu}[^()]{0,100}?(?:\bet al\.|\b(?:1[5-9]|20)\d{2}\b)[^()]{0,40}\)/u;
const INLINE_QUOTE_RE = /[“"«„]([^“”"«»„]{25,400})[”"»“]/g;

/** Quoted passages of at least five words inside the prose, with or without attribution. */
export function findInlineQuotations(paragraphs: string[], limit = 100): Quotation[] {
  const out: Quotation[] = [];
  for (const p of paragraphs) {
    if (p.indexOf('"') < 0 && p.indexOf('“') < 0 && p.indexOf('«') < 0 && p.indexOf('„') < 0) continue;
    INLINE_QUOTE_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = INLINE_QUOTE_RE.exec(p))) {
      const text = m[1].trim();
      if (text.split(/\s+/).length < 5) continue;
      const around = p.slice(Math.max(0, m.index - 80), m.index + m[0].length + 80);
      out.push({ text, kind: 'inline', attributed: ATTRIBUTION_RE.test(around) || CITATION_RE.test(around) });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

export function hasAttribution(text: string): boolean {
  return ATTRIBUTION_RE.test(text) || CITATION_RE.test(text) || /^\s*[—–-]\s*\p{Lu}/mu.test(text);
}
