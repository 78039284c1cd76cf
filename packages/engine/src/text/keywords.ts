// "pour" (French) is left out: it is an English verb, and "pour-over" was read as no word at all (issue #32).
export const STOPWORDS = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'der die das und ist nicht ein eine zu den mit von sich des auf für im dem le la les et des un une du en est que qui dans pas sur au el los las y que de en un una por con para es del se lo')
    .split(' '),
);

/** A passage where one content word is a quarter or more of the words is repetition, not prose. */
export const STUFFED_PARAGRAPH_DENSITY = 0.25;
export const STUFFED_PARAGRAPH_MIN_WORDS = 8;

export function isStuffed(wordCount: number, topCount: number): boolean {
  return wordCount >= STUFFED_PARAGRAPH_MIN_WORDS && topCount >= STUFFED_PARAGRAPH_MIN_WORDS / 2 && topCount / wordCount >= STUFFED_PARAGRAPH_DENSITY;
}

/**
 * A heading made of repeated keywords: two content words twice each or one three times, and
 * the repeats being most of its content words ("Solar panels solar panels"). A single echo
 * ("Maps in, maps out") or a repeated name in a longer headline is style, not stuffing.
 */
export function isStuffedHeading(headingWords: string[]): boolean {
  if (headingWords.length < 4) return false;
  const counts = new Map<string, number>();
  let content = 0;
  for (const w of headingWords) {
    const lower = w.toLowerCase();
    if (lower.length < 3 || STOPWORDS.has(lower) || /['’]/.test(lower)) continue;
    content++;
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  let repeatedWords = 0;
  let repeatedTokens = 0;
  let triple = false;
  for (const c of counts.values()) {
    if (c < 2) continue;
    repeatedWords++;
    repeatedTokens += c;
    if (c >= 3) triple = true;
  }
  return (triple || repeatedWords >= 2) && repeatedTokens / content >= 0.6;
}
