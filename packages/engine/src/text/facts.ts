import type { Quotation, Statistic } from '../model/types';

// Figures an answer engine can lift as a fact: percentages, money, scaled or separated
// numbers, ratios and numbers with a unit. Bare years and small counts are not statistics.
const STAT_RE = new RegExp(
  [
    String.raw`\d+(?:[.,]\d+)?\s?(?:%|percent\b|per cent\b|pct\b)`,
    String.raw`[$€£¥₹]\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|billion|trillion|thousand)\b)?`,
    String.raw`\b\d[\d,.]*\s?(?:million|billion|trillion|thousand|mn|bn)\b`,
    String.raw`\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b`,
    String.raw`\b\d+(?:\.\d+)?\s?(?:x|times)\b`,
    String.raw`\b\d+\s(?:in|out of)\s\d+\b`,
    String.raw`\b\d+(?:\.\d+)?\s?(?:kg|km|mph|km/h|ms|GB|MB|TB|kWh|MW|°C|°F|hours|minutes|years|days|months|weeks|people|users|customers|patients|respondents|participants|companies|students|deaths|cases)\b`,
  ].join('|'),
  // No "u" flag: every alternative is ASCII or a single BMP symbol, and the non-unicode engine path is faster.
  'gi',
);

export function findStatistics(sentences: string[], limit = 200): Statistic[] {
  const out: Statistic[] = [];
  for (const sentence of sentences) {
    if (!/\d/.test(sentence)) continue;
    STAT_RE.lastIndex = 0;
    const m = STAT_RE.exec(sentence);
    if (m) {
      out.push({ value: m[0].trim(), sentence });
      if (out.length >= limit) break;
    }
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
