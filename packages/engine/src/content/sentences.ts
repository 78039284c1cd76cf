import { countWords, splitSentences } from '../text/words';

/**
 * Sentence-level edits shared by the optimizer and the generator: concise answers cut at sentence
 * boundaries, and long sentences split where the grammar already marks a break.
 */

/** Sentences longer than this are split when they can be (Yoast and the sentence-length check use 20-25). */
export const LONG_SENTENCE_WORDS = 25;
/** Each half of a split keeps at least this many words, so no fragment is left dangling. */
const MIN_PART_WORDS = 8;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Where a sentence can be split without changing its meaning: a semicolon, or a comma before a
// coordinating conjunction that starts an independent clause. "and" is dropped; "but" and "so" stay.
const BREAKS: { re: RegExp; keep: string }[] = [
  { re: /;\s+/g, keep: '' },
  { re: /,\s+and\s+/g, keep: '' },
  { re: /,\s+but\s+/g, keep: 'but ' },
  { re: /,\s+so\s+/g, keep: 'so ' },
];

/** The sentence as two shorter ones, split at the break nearest its middle; null when none fits. */
export function splitLongSentence(sentence: string): string | null {
  const total = countWords(sentence);
  if (total <= LONG_SENTENCE_WORDS || !/[.!]$/.test(sentence)) return null;
  let best: { at: number; end: number; keep: string; balance: number } | null = null;
  for (const { re, keep } of BREAKS) {
    re.lastIndex = 0;
    for (const match of sentence.matchAll(re)) {
      const at = match.index ?? 0;
      const left = countWords(sentence.slice(0, at));
      const right = total - left - (keep ? 0 : countWords(match[0]));
      if (left < MIN_PART_WORDS || right < MIN_PART_WORDS) continue;
      const balance = Math.abs(left - right);
      if (!best || balance < best.balance) best = { at, end: at + match[0].length, keep, balance };
    }
  }
  if (!best) return null;
  const left = sentence.slice(0, best.at).replace(/[,;:\s]+$/, '');
  const right = capitalize(best.keep + sentence.slice(best.end));
  return `${left}. ${right}`;
}

/**
 * The opening sentences of a passage, about `min`-`max` words: whole sentences only, so an answer
 * never ends mid-thought. A first sentence longer than `max` is kept whole rather than cut.
 */
export function conciseAnswer(text: string, min = 25, max = 60): string {
  const out: string[] = [];
  let words = 0;
  for (const sentence of splitSentences(text)) {
    const w = countWords(sentence);
    if (out.length > 0 && words + w > max) break;
    out.push(sentence);
    words += w;
    if (words >= min) break;
  }
  return out.join(' ');
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function fitCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
