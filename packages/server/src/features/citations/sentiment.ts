import { tokens } from './text';

/**
 * A small lexicon scorer for how an answer speaks of the user: words of praise and criticism
 * common in recommendation answers ("leading", "affordable", "expensive", "buggy"), counted in
 * the sentences that mention the user. A negator ("not", "never", "n't") within the two words
 * before a lexicon word flips it. Score = (positive - negative) / (positive + negative), in
 * -1..1, 0 when no lexicon word occurs; above SENTIMENT_LABEL_THRESHOLD is positive, below its
 * negative is negative. Deliberately simple: it is explainable and stable across runs.
 */
export const SENTIMENT_LABEL_THRESHOLD = 0.25;

const POSITIVE = new Set(
  'best great excellent leading popular recommended recommend top reliable trusted powerful easy affordable comprehensive innovative robust favorite favourite strong loved praised solid useful helpful fast accurate renowned standout excels intuitive respected established effective valuable impressive'.split(' '),
);
const NEGATIVE = new Set(
  'worst bad poor expensive slow buggy unreliable outdated limited lacking difficult complicated confusing overpriced scam avoid weak criticized criticised complaints issues problems clunky inaccurate disappointing risky controversial mediocre'.split(' '),
);
const NEGATORS = new Set(['not', 'no', 'never', 'hardly', 'without', 'nt', 'isn', 'aren', 'doesn', 'don', 'wasn']);

export function sentimentScore(text: string): number {
  const words = tokens(text);
  let positive = 0;
  let negative = 0;
  words.forEach((word, i) => {
    const polarity = POSITIVE.has(word) ? 1 : NEGATIVE.has(word) ? -1 : 0;
    if (polarity === 0) return;
    const negated = words.slice(Math.max(0, i - 2), i).some((before) => NEGATORS.has(before));
    if ((polarity > 0) !== negated) positive += 1;
    else negative += 1;
  });
  const total = positive + negative;
  return total === 0 ? 0 : (positive - negative) / total;
}

export function sentimentLabel(score: number): 'positive' | 'neutral' | 'negative' {
  if (score > SENTIMENT_LABEL_THRESHOLD) return 'positive';
  if (score < -SENTIMENT_LABEL_THRESHOLD) return 'negative';
  return 'neutral';
}

/** The sentences of `text` that contain any of the character offsets. */
export function sentencesAt(text: string, offsets: number[]): string {
  const out: string[] = [];
  for (const sentence of text.matchAll(/[^.!?\n]+[.!?]*/g)) {
    const start = sentence.index;
    const end = start + sentence[0].length;
    if (offsets.some((offset) => offset >= start && offset < end)) out.push(sentence[0]);
  }
  return out.join(' ');
}
