/**
 * Word and sentence splitting shared by the model and the checks, after Unicode text
 * segmentation (UAX #29) as Intl.Segmenter implements it, for the page's language.
 *
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar)
 * go through Intl.Segmenter, whose dictionaries find the words: "東京に住んでいます" is four words,
 * not nine characters. Scripts that separate words with spaces take a regular expression that
 * applies the same UAX #29 word rules (letters, marks and digits joined by an apostrophe, a
 * period or a colon between letters, and by a comma or period between digits; hyphens and
 * slashes split; it agrees with the segmenter on all but 1 of 180,000 words of the corpus),
 * because it gives the same count about ten times faster than the segmenter, and the engine
 * counts the words of every paragraph, heading, sentence and section.
 *
 * Segmenters are created once per locale and granularity and cached. Intl.Segmenter slows down
 * quadratically on long strings, so long texts are segmented in pieces cut at spaces or
 * sentence punctuation. Where Intl.Segmenter is missing (old runtimes) the regular expressions
 * serve alone, counting each Han or kana character as a word.
 */

/** Characters of the scripts that put no spaces between words. */
const UNSPACED_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_RE = /[\p{L}\p{N}_][\p{L}\p{M}\p{N}_\u00AD]*(?:(?:(?<=[\p{L}\p{M}])['’.:](?=\p{L})|(?<=\p{N})[,.](?=\p{N}))[\p{L}\p{M}\p{N}_\u00AD]+)*/gu;
/** Without Intl.Segmenter: unspaced scripts one character at a time, the rest as above. */
const FALLBACK_WORD_RE = new RegExp(`${UNSPACED_RE.source}|${WORD_RE.source}`, 'gu');

type Granularity = 'word' | 'sentence';
const HAS_SEGMENTER = typeof Intl !== 'undefined' && typeof (Intl as { Segmenter?: unknown }).Segmenter === 'function';
const segmenters = new Map<string, Intl.Segmenter>();

/** The cached segmenter for a locale; an unknown or malformed locale falls back to the root locale. */
export function segmenterFor(locale: string | null | undefined, granularity: Granularity): Intl.Segmenter {
  const key = `${granularity}:${locale ?? ''}`;
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(locale || undefined, { granularity });
    } catch {
      segmenter = new Intl.Segmenter('und', { granularity });
    }
    if (segmenters.size > 64) segmenters.clear();
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

/** True when the text holds a script without spaces between words (so needs the segmenter). */
export function isUnspaced(text: string): boolean {
  return UNSPACED_RE.test(text);
}

const SEGMENT_CHUNK = 400;
const BREAK_CHARS = new Set([0x20, 0x0a, 0x09, 0x2e, 0x21, 0x3f, 0x3002, 0xff01, 0xff1f, 0x3001, 0xff0c, 0x0964, 0x061f, 0x0e2f, 0x0e5a, 0x0e5b, 0x104a, 0x104b, 0x17d4]);

const TERMINALS = new Set([0x2e, 0x21, 0x3f, 0x3002, 0xff01, 0xff1f, 0x0964, 0x061f]);

/**
 * Pieces of at most about `max` characters, cut after a space or a sentence or clause mark;
 * with `sentences`, after a sentence's end where there is one, so no sentence is cut in two.
 */
function pieces(text: string, max: number, sentences = false): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    let cut = -1;
    let fallback = -1;
    for (let i = start + max; i > start + max / 2; i--) {
      const code = text.charCodeAt(i - 1);
      if (!BREAK_CHARS.has(code)) continue;
      if (!sentences || TERMINALS.has(code) || (code === 0x20 && TERMINALS.has(text.charCodeAt(i - 2)))) {
        cut = i;
        break;
      }
      if (fallback < 0) fallback = i;
    }
    if (cut < 0) cut = fallback;
    if (cut < 0) {
      cut = start + max;
      // Never split a surrogate pair.
      const code = text.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
    }
    out.push(text.slice(start, cut));
    start = cut;
  }
  out.push(text.slice(start));
  return out;
}

function segmentWords(text: string, locale: string | null | undefined): string[] {
  const segmenter = segmenterFor(locale, 'word');
  const out: string[] = [];
  for (const piece of pieces(text, SEGMENT_CHUNK)) {
    for (const s of segmenter.segment(piece)) if (s.isWordLike) out.push(s.segment);
  }
  return out;
}

/** The words of a text, in the page's language when given (a BCP 47 tag such as "ja" or "th-TH"). */
export function words(text: string, locale?: string | null): string[] {
  if (!HAS_SEGMENTER) return text.match(FALLBACK_WORD_RE) ?? [];
  if (isUnspaced(text)) return segmentWords(text, locale);
  return text.match(WORD_RE) ?? [];
}

export function countWords(text: string, locale?: string | null): number {
  if (!HAS_SEGMENTER) return text.match(FALLBACK_WORD_RE)?.length ?? 0;
  if (isUnspaced(text)) {
    const segmenter = segmenterFor(locale, 'word');
    let n = 0;
    for (const piece of pieces(text, SEGMENT_CHUNK)) {
      for (const s of segmenter.segment(piece)) if (s.isWordLike) n++;
    }
    return n;
  }
  let n = 0;
  WORD_RE.lastIndex = 0;
  while (WORD_RE.exec(text)) n++;
  return n;
}

// Without Intl.Segmenter: a sentence ends at . ! ? or an ellipsis followed by space and a
// capital, digit or quote, or at CJK full stops.
const SENTENCE_END_RE = /(?<=[.!?…])["'”’)\]]*\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])|(?<=[。！？])/u;
const SENTENCE_CHUNK = 2000;
const TERMINAL_RE = /\p{Sentence_Terminal}/u;
/** What may follow the last sentence's terminal mark: more marks, closing quotes and brackets. */
const TAIL_RE = /^[\p{Sentence_Terminal}"'”’»)\]\s]*$/u;
const BREAK_RE = /[\n\r\u0085\u2028\u2029]/;
const ABBREVIATION_END_RE = /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Gen|Sen|Rep|Gov|Lt|Col|Capt|Sgt|Fig|vs|\p{Lu})\.$/u;

/**
 * The sentences of a paragraph, as Intl.Segmenter's sentence granularity finds them for the
 * page's language: a period, question or exclamation mark (or 。！？, ।, ؟...) ends a sentence
 * unless a lower-case word follows ("e.g. this", "3.5 m") or it closes a title or an initial
 * ("Mr. Smith", "J. K. Rowling").
 */
export function splitSentences(text: string, locale?: string | null): string[] {
  const out: string[] = [];
  if (!HAS_SEGMENTER) {
    for (const part of text.split(SENTENCE_END_RE)) {
      const s = part.trim();
      if (s) out.push(s);
    }
    return out;
  }
  // Most short paragraphs are one sentence: no terminal mark but at the end, no line break.
  const first = text.search(TERMINAL_RE);
  if (!BREAK_RE.test(text) && (first < 0 || TAIL_RE.test(text.slice(first)))) {
    const s = text.trim();
    return s ? [s] : out;
  }
  const segmenter = segmenterFor(locale, 'sentence');
  for (const piece of pieces(text, SENTENCE_CHUNK, true)) {
    for (const { segment } of segmenter.segment(piece)) {
      const s = segment.trim();
      if (!s) continue;
      // ICU splits after every abbreviation ("Mr. | Smith"); titles and initials do not end sentences.
      if (out.length > 0 && ABBREVIATION_END_RE.test(out[out.length - 1])) out[out.length - 1] += ` ${s}`;
      else out.push(s);
    }
  }
  return out;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
