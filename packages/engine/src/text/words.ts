/**
 * Word and sentence splitting shared by the model and the checks. Han, Hiragana and Katakana
 * characters count as one word each because those scripts put no spaces between words.
 */
const WORD_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu;

export function words(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

export function countWords(text: string): number {
  let n = 0;
  WORD_RE.lastIndex = 0;
  while (WORD_RE.exec(text)) n++;
  return n;
}

// A sentence ends at . ! ? or an ellipsis followed by space and a capital, digit or quote, or
// at CJK full stops. Abbreviations such as "e.g." are rare enough in headings-free prose that
// the occasional split is accepted rather than paying for a lexicon.
const SENTENCE_END_RE = /(?<=[.!?…])["'”’)\]]*\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])|(?<=[。！？])/u;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(SENTENCE_END_RE)) {
    const s = part.trim();
    if (s) out.push(s);
  }
  return out;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
