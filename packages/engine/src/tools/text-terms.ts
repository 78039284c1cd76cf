import { words } from '../text/words';
import { STOPWORDS } from '../text/keywords';

/**
 * Term handling shared by the tools: normalised, plural-tolerant terms, key phrases and TF-IDF
 * vectors. Matching is on normalised terms so that "Heat Pumps", "heat pump" and "heat-pump's"
 * count as the same thing, which is what a reader (and a retriever with stemming) would assume.
 */

const NON_ASCII_RE = /[^\x00-\x7f]/;

/** Lower-cased, accents removed, possessives dropped, plurals reduced to a singular form. */
export function normalizeTerm(word: string): string {
  // Most words are plain ASCII; decomposing accents only when there are any keeps this cheap.
  let w = (NON_ASCII_RE.test(word) ? word.normalize('NFKD').replace(/\p{M}/gu, '') : word).toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The normalised terms of a text, in order, hyphenated words split. */
export function normalizedTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) for (const part of w.split(/[-.]/)) if (part) out.push(normalizeTerm(part));
  return out;
}

/** A phrase's key: its normalised terms joined, leading articles dropped. */
export function phraseKey(phrase: string): string {
  const terms = normalizedTerms(phrase);
  while (terms.length > 1 && (terms[0] === 'the' || terms[0] === 'a' || terms[0] === 'an')) terms.shift();
  return terms.join(' ');
}

/** A word that carries meaning: checked before and after normalising, so "does" (→ "doe") stays a stopword. */
export function isContentTerm(term: string, raw = term): boolean {
  return term.length >= 3 && !STOPWORDS.has(term) && !STOPWORDS.has(raw.toLowerCase()) && !/^\d/.test(term);
}

/** Content terms only: what carries the topic of a text. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    for (const part of w.split(/[-.]/)) {
      const term = part ? normalizeTerm(part) : '';
      if (term && isContentTerm(term, part)) out.push(term);
    }
  }
  return out;
}

/** A text prepared for phrase look-ups: " term term term ". */
export function phraseIndex(text: string): string {
  return ` ${normalizedTerms(text).join(' ')} `;
}

/** Whether the phrase occurs in a text prepared by phraseIndex, on term boundaries. */
export function containsPhrase(index: string, key: string): boolean {
  return key !== '' && index.includes(` ${key} `);
}

export function countPhrase(index: string, key: string): number {
  if (!key) return 0;
  let n = 0;
  for (let i = index.indexOf(` ${key} `); i >= 0; i = index.indexOf(` ${key} `, i + 1)) n++;
  return n;
}

export interface KeyPhrase {
  key: string;
  /** The most frequent surface form, for display. */
  label: string;
  count: number;
}

/**
 * Repeated content-word pairs ("heat pump", "tax credit") and frequent single content words of a
 * text: the page's key topics. Pairs need `minPairCount` occurrences and words `minWordCount`, so
 * a phrase used once in passing is not a topic.
 */
export function keyPhrases(text: string, options: { minPairCount: number; minWordCount: number; max: number }): KeyPhrase[] {
  const tokens = words(text);
  const norm = tokens.map((t) => normalizeTerm(t));
  const counts = new Map<string, { count: number; forms: Map<string, number> }>();
  const add = (key: string, form: string): void => {
    const entry = counts.get(key) ?? { count: 0, forms: new Map<string, number>() };
    entry.count++;
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
    counts.set(key, entry);
  };
  for (let i = 0; i < norm.length; i++) {
    if (!isContentTerm(norm[i], tokens[i])) continue;
    add(norm[i], tokens[i].toLowerCase());
    if (i + 1 < norm.length && isContentTerm(norm[i + 1], tokens[i + 1])) add(`${norm[i]} ${norm[i + 1]}`, `${tokens[i]} ${tokens[i + 1]}`.toLowerCase());
  }
  const pairs: KeyPhrase[] = [];
  const singles: KeyPhrase[] = [];
  for (const [key, { count, forms }] of counts) {
    const label = [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    if (key.includes(' ')) {
      if (count >= options.minPairCount) pairs.push({ key, label, count });
    } else if (count >= options.minWordCount) singles.push({ key, label, count });
  }
  const byCount = (a: KeyPhrase, b: KeyPhrase): number => b.count - a.count || (a.key < b.key ? -1 : 1);
  pairs.sort(byCount);
  // A word that only appears inside a listed pair adds nothing next to the pair.
  const inPairs = new Map<string, number>();
  for (const p of pairs) for (const part of p.key.split(' ')) inPairs.set(part, Math.max(inPairs.get(part) ?? 0, p.count));
  const keptSingles = singles.filter((s) => s.count > (inPairs.get(s.key) ?? 0)).sort(byCount);
  return [...pairs, ...keptSingles].sort(byCount).slice(0, options.max);
}

export type TermVector = Map<string, number>;

/** Raw term frequencies of the content terms of a text. */
export function termFrequencies(text: string): TermVector {
  const tf: TermVector = new Map();
  for (const t of contentTerms(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

/**
 * TF-IDF vectors (log-scaled tf, smoothed idf as in scikit-learn: ln((1+N)/(1+df)) + 1), L2
 * normalised so that a dot product is the cosine similarity.
 */
export function tfIdfVectors(docs: TermVector[]): TermVector[] {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return docs.map((d) => {
    const v: TermVector = new Map();
    let norm = 0;
    for (const [t, f] of d) {
      const w = (1 + Math.log(f)) * (Math.log((1 + n) / (1 + df.get(t)!)) + 1);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  });
}

export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const o = large.get(t);
    if (o !== undefined) dot += w * o;
  }
  return dot;
}

export function round(n: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
