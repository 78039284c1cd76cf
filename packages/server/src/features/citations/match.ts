import { normalizeText, tokens } from './text';

/**
 * Finding the user in a text: the domain, the brand name, or a fingerprint phrase. Domain and
 * brand must appear whole (word boundaries, case and accents ignored). Phrases are matched
 * fuzzily because answers paraphrase: a sentence matches when it holds at least
 * PHRASE_SIMILARITY_THRESHOLD of the phrase's distinct words (token-set containment), which lets a
 * five-word phrase survive one changed word while unrelated sentences sharing two words do not.
 */
export const PHRASE_SIMILARITY_THRESHOLD = 0.8;
/** Phrases this short are only matched exactly; a fuzzy two-word match is mostly noise. */
export const MIN_FUZZY_PHRASE_TOKENS = 3;
/** Confidence of each kind of match: the domain is unambiguous, a brand name can be a common word, a phrase can be coincidence. */
export const MATCH_CONFIDENCE = { domain: 1, brand: 0.9, phrase: 0.85 } as const;

export interface MentionTarget {
  domain: string;
  brand: string;
  phrases: string[];
}

export interface Mention {
  by: 'domain' | 'brand' | 'phrase';
  matched: string;
  /** Character offset in the text. */
  index: number;
  length: number;
  confidence: number;
}

const escapeRe = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The domain written as text, or one of its subdomains ("blog.example.com"). The caller passes the
 * answer's words (`wordsOf`): a domain that appears only inside a link is not written by the answer.
 */
export function findDomain(text: string, domain: string): Mention | null {
  const re = new RegExp(`(?<![\\p{L}\\p{N}.-])(?:[\\p{L}\\p{N}-]+\\.)*${escapeRe(domain)}(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`, 'iu');
  const hit = re.exec(text);
  return hit ? { by: 'domain', matched: domain, index: hit.index, length: hit[0].length, confidence: MATCH_CONFIDENCE.domain } : null;
}

/**
 * Between a name's words: spaces and joining punctuation, and at most one "&", "+" or "and", so
 * "Kettle & Leaf" is found as written, as "Kettle and Leaf" and as "Kettle-Leaf".
 */
const NAME_JOINER = '[\\s\\-_./]*(?:(?:&|\\+|and(?![\\p{L}\\p{N}]))[\\s\\-_./]*)?';

/** A name as a whole word sequence; letters, digits and spaces between its words may vary in case and punctuation. */
export function findName(text: string, name: string): { index: number; length: number } | null {
  const words = tokens(name);
  if (words.length === 0 || words.join('').length < 3) return null;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRe).join(NAME_JOINER)}(?![\\p{L}\\p{N}])`, 'iu');
  const hit = re.exec(text.normalize('NFKD').replace(/\p{M}/gu, ''));
  return hit ? { index: hit.index, length: hit[0].length } : null;
}

export function findBrand(text: string, brand: string): Mention | null {
  const hit = findName(text, brand);
  return hit ? { by: 'brand', matched: brand, ...hit, confidence: MATCH_CONFIDENCE.brand } : null;
}

const SENTENCE_RE = /[^.!?\n]+[.!?]*/g;

/** Share of the phrase's distinct words found in the candidate's words (0..1). */
export function tokenSetContainment(phrase: string, candidate: string): number {
  const wanted = new Set(tokens(phrase));
  if (wanted.size === 0) return 0;
  const have = new Set(tokens(candidate));
  let found = 0;
  for (const token of wanted) if (have.has(token)) found += 1;
  return found / wanted.size;
}

export function findPhrase(text: string, phrase: string): Mention | null {
  const normalizedPhrase = normalizeText(phrase);
  if (normalizedPhrase === '') return null;
  const exact = findName(text, phrase);
  if (exact) return { by: 'phrase', matched: phrase, ...exact, confidence: MATCH_CONFIDENCE.phrase };
  if (normalizedPhrase.split(' ').length < MIN_FUZZY_PHRASE_TOKENS) return null;
  let best: Mention | null = null;
  for (const sentence of text.matchAll(SENTENCE_RE)) {
    const similarity = tokenSetContainment(phrase, sentence[0]);
    if (similarity >= PHRASE_SIMILARITY_THRESHOLD && (!best || similarity * MATCH_CONFIDENCE.phrase > best.confidence)) {
      best = { by: 'phrase', matched: phrase, index: sentence.index, length: sentence[0].length, confidence: Math.round(similarity * MATCH_CONFIDENCE.phrase * 100) / 100 };
    }
  }
  return best;
}

/** Every kind of mention found, earliest first; the strongest per kind. */
export function findMentions(text: string, target: MentionTarget): Mention[] {
  const found: Mention[] = [];
  const domain = findDomain(text, target.domain);
  if (domain) found.push(domain);
  const brand = findBrand(text, target.brand);
  if (brand) found.push(brand);
  for (const phrase of target.phrases) {
    const hit = findPhrase(text, phrase);
    if (hit) found.push(hit);
  }
  return found.sort((a, b) => a.index - b.index || b.confidence - a.confidence);
}
