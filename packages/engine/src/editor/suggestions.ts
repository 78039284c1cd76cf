import { PLACEHOLDERS, type EditorContentType, type RealtimeSuggestion, type SuggestionKind, type SuggestionSeverity } from '@citable/contract';
import { conciseAnswer, LONG_SENTENCE_WORDS, splitLongSentence } from '../content/sentences';
import { questionHeading } from '../content/question-heading';
import { countWords } from '../text/words';
import type { EditorUnits, Span } from './text-units';

/**
 * The editor's inline suggestions, each tied to a range of the text. Where the fix can be made
 * without inventing anything (a split at a clause break, a heading reworded from its own words, a
 * lead-in removed, a placeholder for a missing source) the suggestion carries the replacement.
 */

type Draft = Omit<RealtimeSuggestion, 'id' | 'original'>;

/** The opening paragraph should answer within this many words (the answer-first check's range). */
export const ANSWER_FIRST_MAX_WORDS = 60;
/** Above this density a keyword reads as stuffed (spec 002 §9: above 3% is red). */
export const STUFFED_DENSITY_PERCENT = 3;

const range = (span: Span, severity: SuggestionSeverity, kind: SuggestionKind, message: string, suggestion: string, replacement: string | null): Draft => ({
  kind,
  severity,
  message,
  suggestion,
  replacement,
  position: { start: span.start, end: span.end },
});

export function longSentences(units: EditorUnits): Draft[] {
  return units.sentences.flatMap((sentence) => {
    const words = countWords(sentence.text);
    if (words <= LONG_SENTENCE_WORDS) return [];
    const split = splitLongSentence(sentence.text);
    return [
      range(
        sentence,
        'warning',
        'long-sentence',
        `This sentence has ${words} words; answer engines quote short, self-contained sentences.`,
        split ? 'Split it where the clauses already break.' : `Split it into sentences of at most ${LONG_SENTENCE_WORDS} words.`,
        split,
      ),
    ];
  });
}

// Lead-ins that attribute a claim to nobody. Removing them leaves the claim, which the
// unsupported-claim suggestion then asks to back with a figure or source.
const WEASEL_LEAD_RE = /\b(?:it is (?:widely |generally |commonly )?(?:believed|said|thought|known|accepted) that|(?:many|most|some) (?:experts|people|studies|researchers) (?:believe|say|agree|suggest|claim) that|studies (?:show|suggest|have shown) that|it has been (?:said|suggested|shown) that)\s+/gi;
// Words that add emphasis without information.
const INTENSIFIER_RE = /\b(?:very|really|extremely|basically|actually|truly|quite|simply)\s+/gi;
// A form of "to be" followed by a past participle and an agent: the actor comes last.
const PASSIVE_RE = /\b(?:is|are|was|were|been|being|be)\s+(?:\w+ly\s+)?(\w+(?:ed|en))\s+by\b/gi;

function matchesIn(sentence: Span, re: RegExp): { index: number; text: string; groups: string[] }[] {
  re.lastIndex = 0;
  return [...sentence.text.matchAll(re)].map((m) => ({ index: sentence.start + (m.index ?? 0), text: m[0], groups: m.slice(1) }));
}

export function weaselPhrases(units: EditorUnits): Draft[] {
  const out: Draft[] = [];
  for (const sentence of units.sentences) {
    for (const m of matchesIn(sentence, WEASEL_LEAD_RE)) {
      const message = `“${m.text.trim()}” attributes the claim to no one.`;
      const advice = 'State the claim directly and name its source.';
      if (m.index === sentence.start) {
        // A lead-in that opens the sentence: the fix is the sentence without it, capitalised.
        const rest = sentence.text.slice(m.text.length);
        out.push(range(sentence, 'warning', 'weasel-phrase', message, advice, rest.charAt(0).toUpperCase() + rest.slice(1)));
      } else {
        out.push(range({ text: m.text, start: m.index, end: m.index + m.text.length }, 'warning', 'weasel-phrase', message, advice, ''));
      }
    }
    for (const m of matchesIn(sentence, INTENSIFIER_RE)) {
      const span = { text: m.text, start: m.index, end: m.index + m.text.length };
      // A capitalised intensifier opens the sentence; removing it would leave a lower-case start.
      if (/^[A-Z]/.test(m.text)) continue;
      out.push(range(span, 'suggestion', 'weasel-phrase', `“${m.text.trim()}” adds emphasis, not information.`, 'Remove it or replace it with a specific fact.', ''));
    }
    for (const m of matchesIn(sentence, PASSIVE_RE)) {
      const span = { text: m.text, start: m.index, end: m.index + m.text.length };
      out.push(range(span, 'suggestion', 'passive-voice', 'Passive voice hides who does what until the end of the sentence.', 'Put the actor first: “The team wrote it” rather than “It was written by the team”.', null));
    }
  }
  return out;
}

// Marketing fluff ("peacock terms"): praise that carries no fact an answer engine could repeat.
// Hyphens and spaces are both accepted ("best in class", "state-of-the-art").
const FLUFF_WORDS = [
  'world[- ]class', 'cutting[- ]edge', 'bleeding[- ]edge', 'leading[- ]edge', 'revolutionary', 'best[- ]in[- ]class', 'unparalleled', 'unrivall?ed', 'unmatched',
  'seamless(?:ly)?', 'state[- ]of[- ]the[- ]art', 'game[- ]chang(?:ing|er)', 'ground[- ]?breaking', 'industry[- ]leading', 'market[- ]leading', 'next[- ]gen(?:eration)?',
  'top[- ]notch', 'second[- ]to[- ]none', 'innovative', 'hassle[- ]free', 'effortless(?:ly)?', 'unbeatable', 'best[- ]of[- ]breed', 'one[- ]of[- ]a[- ]kind', 'award[- ]winning',
];
const FLUFF_SOURCE = `(?<![\\p{L}-])(?:${FLUFF_WORDS.join('|')})(?![\\p{L}-])`;
const FLUFF_RE = new RegExp(FLUFF_SOURCE, 'giu');
const FLUFF_ONLY_RE = new RegExp(`^${FLUFF_SOURCE}$`, 'iu');
// A relative clause that only praises: "solutions that are truly best-in-class".
const FLUFF_CLAUSE_RE = new RegExp(`,?\\s+(?:that|which|who)\\s+(?:is|are|was|were|remains?|stays?)\\s+(?:${FLUFF_SOURCE})(?=\\s*[.,;:!?]|$)`, 'giu');
// What joins a fluff adjective to the next word: a comma, "and", or a space.
const JOIN_RE = /^(?:,\s*|\s+and\s+|\s+)(\p{L}[\p{L}'’-]*)/u;
// Words after which the fluff is not qualifying a noun: "is seamless for", "best-in-class and".
const NOT_A_NOUN_RE = /^(?:and|or|but|to|for|in|on|at|with|of|than|that|which|who|because|as|from|by|is|are|was|were|be|it|this|these|those|the|a|an)$/i;

const anArticle = (word: string) => /^[aeiou]/i.test(word) && !/^(?:uni|use|usu|eu|one|once)/i.test(word);

/**
 * Marketing fluff ("peacock terms"), removed wherever the sentence keeps its facts without it:
 * before a noun ("our world-class team" → "our team", "cutting-edge, revolutionary solutions"
 * → "solutions", "a seamless experience" → "an experience"), as an adverb ("integrates
 * seamlessly with" → "integrates with") and as a relative clause that only praises ("solutions
 * that are best-in-class" → "solutions"). Where it is the claim itself ("Our support is
 * seamless.") the suggestion asks for a fact instead and offers no replacement.
 */
export function marketingFluff(units: EditorUnits): Draft[] {
  const out: Draft[] = [];
  const message = (word: string) => `“${word.trim()}” is marketing praise, not information; answer engines do not repeat it.`;
  const remove = 'Remove it: the sentence says the same without it.';
  for (const sentence of units.sentences) {
    const text = sentence.text;
    const covered: [number, number][] = [];
    for (const m of matchesIn(sentence, FLUFF_CLAUSE_RE)) {
      const local = m.index - sentence.start;
      covered.push([local, local + m.text.length]);
      out.push(range({ text: m.text, start: m.index, end: m.index + m.text.length }, 'suggestion', 'weasel-phrase', message(FLUFF_RE.exec(m.text)?.[0] ?? m.text), remove, ''));
      FLUFF_RE.lastIndex = 0;
    }
    let consumed = 0;
    for (const m of matchesIn(sentence, FLUFF_RE)) {
      const local = m.index - sentence.start;
      if (local < consumed || covered.some(([a, b]) => local >= a && local < b)) continue;
      const word = m.text;
      if (/ly$/i.test(word)) {
        // An adverb goes with the space before it; opening the sentence, with the comma after it.
        const opening = local === 0 ? /^,?\s+(\p{L})/u.exec(text.slice(word.length)) : null;
        if (opening) out.push(range({ text: '', start: m.index, end: m.index + word.length + opening[0].length }, 'suggestion', 'weasel-phrase', message(word), remove, opening[1].toUpperCase()));
        else if (local > 0 && /\s$/.test(text.slice(0, local))) out.push(range({ text: '', start: m.index - 1, end: m.index + word.length }, 'suggestion', 'weasel-phrase', message(word), remove, ''));
        else out.push(range({ text: word, start: m.index, end: m.index + word.length }, 'suggestion', 'weasel-phrase', message(word), 'Replace the praise with a fact: a figure, a named customer, a result.', null));
        continue;
      }
      // Follow a run of praise ("state-of-the-art, award-winning") to the word it qualifies.
      let end = local + word.length;
      let next = JOIN_RE.exec(text.slice(end));
      while (next && FLUFF_ONLY_RE.test(next[1])) {
        end += next[0].length;
        next = JOIN_RE.exec(text.slice(end));
      }
      consumed = end;
      if (!next || NOT_A_NOUN_RE.test(next[1])) {
        out.push(range({ text: word, start: m.index, end: m.index + word.length }, 'suggestion', 'weasel-phrase', message(word), 'Replace the praise with a fact: a figure, a named customer, a result.', null));
        continue;
      }
      const wordStart = end + next[0].length - next[1].length;
      // An article before the praise is fixed for its new neighbour ("a seamless experience" → "an experience").
      const article = /(?:^|\s)(a|an)\s+$/i.exec(text.slice(0, local));
      let start = local;
      let replacement = '';
      if (article) {
        start = local - article[0].trimStart().length;
        const fitted = anArticle(next[1]) ? 'an' : 'a';
        replacement = `${article[1][0] === 'A' ? fitted.charAt(0).toUpperCase() + fitted.slice(1) : fitted} `;
      }
      // At the start of a sentence the next word takes the capital.
      const opens = start === 0 && replacement === '';
      out.push(
        range(
          { text: '', start: sentence.start + start, end: sentence.start + wordStart + (opens ? 1 : 0) },
          'suggestion',
          'weasel-phrase',
          message(text.slice(local, end)),
          remove,
          opens ? replacement + next[1].charAt(0).toUpperCase() : replacement,
        ),
      );
    }
  }
  return out;
}

// Openings that delay the answer: the reader (and the model) learn nothing from them.
const FILLER_OPENING_RE = /^(?:in this (?:article|post|guide|page)\b|in today['’]s\b|welcome to\b|have you ever\b|are you looking\b|when it comes to\b|let['’]s (?:talk|dive|take a look)\b)/i;

export function answerFirst(units: EditorUnits, text: string): Draft[] {
  const lead = units.paragraphs[0];
  if (!lead) return [];
  const firstSentence = units.sentences.find((s) => s.start >= lead.start && s.end <= lead.end);
  if (firstSentence && FILLER_OPENING_RE.test(firstSentence.text)) {
    const rest = units.sentences.find((s) => s.start > firstSentence.start && s.end <= lead.end);
    // The range runs to the next sentence so the removal takes the space after it too.
    const span = { text: text.slice(firstSentence.start, rest ? rest.start : firstSentence.end), start: firstSentence.start, end: rest ? rest.start : firstSentence.end };
    return [range(span, 'warning', 'answer-first', 'The opening sentence delays the answer.', 'Start with the answer itself; answer engines quote the first sentences of a page.', rest ? '' : PLACEHOLDERS.answer)];
  }
  const words = countWords(lead.text);
  if (words <= ANSWER_FIRST_MAX_WORDS) return [];
  const answer = conciseAnswer(lead.text, 25, ANSWER_FIRST_MAX_WORDS);
  if (answer === lead.text || !lead.text.startsWith(answer)) {
    return [range(lead, 'warning', 'answer-first', `The opening paragraph has ${words} words; there is no short answer-first summary.`, `Open with a summary of at most ${ANSWER_FIRST_MAX_WORDS} words that answers the page’s question.`, null)];
  }
  // Splitting the lead after its opening sentences makes them a standalone summary paragraph.
  const replacement = `${answer}\n\n${lead.text.slice(answer.length).trimStart()}`;
  return [range(lead, 'warning', 'answer-first', `The opening paragraph has ${words} words; there is no short answer-first summary.`, 'Let the opening sentences stand alone as the summary.', replacement)];
}

export function questionHeadings(units: EditorUnits, contentType: EditorContentType): Draft[] {
  // The H1 is the page's title, which names the topic; the sections below it answer the questions.
  return units.headings.flatMap((heading) => {
    if (heading.level === 1) return [];
    const question = questionHeading(heading.text);
    if (!question) return [];
    // On an FAQ page every heading should be a question; elsewhere it is a recommendation.
    const severity: SuggestionSeverity = contentType === 'faq' ? 'warning' : 'suggestion';
    return [range(heading, severity, 'question-heading', 'This heading could be the question readers ask.', 'Phrase it as a question so the section answers one query.', question)];
  });
}

// Claims of superiority or effect that an answer engine will not repeat without evidence.
const CLAIM_RE = /\b(?:the (?:best|leading|fastest|cheapest|largest|most popular)|proven|significantly|dramatically|guaranteed|(?:increase|improve|reduce|boost|double|cut)s?\b|more (?:effective|efficient|reliable) than|outperforms?)\b/i;
const EVIDENCE_RE = /\d|https?:\/\/|\]\(|according to|\[add a /i;

export function unsupportedClaims(units: EditorUnits): Draft[] {
  return units.sentences.flatMap((sentence) => {
    if (!CLAIM_RE.test(sentence.text) || EVIDENCE_RE.test(sentence.text)) return [];
    const body = sentence.text.replace(/[.!]+$/, '');
    const end = sentence.text.slice(body.length) || '.';
    return [range(sentence, 'suggestion', 'unsupported-claim', 'This claim has no number or source.', 'Back it with a figure or a cited source; answer engines prefer claims they can attribute.', `${body} ${PLACEHOLDERS.source}${end}`)];
  });
}

export interface KeywordCount {
  keyword: string;
  occurrences: Span[];
  density: number;
}

export function keywordSuggestions(counts: KeywordCount[], units: EditorUnits): Draft[] {
  return counts.flatMap(({ keyword, occurrences, density }) => {
    if (occurrences.length === 0) {
      const at = units.paragraphs[0] ?? { text: '', start: 0, end: 0 };
      return [range({ text: '', start: at.start, end: at.start }, 'warning', 'keyword-missing', `The target keyword “${keyword}” does not appear.`, 'Use it in the opening paragraph and in a heading.', null)];
    }
    if (density <= STUFFED_DENSITY_PERCENT) return [];
    // The paragraph that repeats it most is where trimming helps most.
    let worst = units.paragraphs[0] ?? occurrences[0];
    let worstCount = 0;
    for (const paragraph of units.paragraphs) {
      const n = occurrences.filter((o) => o.start >= paragraph.start && o.end <= paragraph.end).length;
      if (n > worstCount) {
        worst = paragraph;
        worstCount = n;
      }
    }
    return [range(worst, 'error', 'keyword-stuffing', `“${keyword}” is ${density.toFixed(1)}% of the words; repetition reads as stuffing.`, `Keep it under ${STUFFED_DENSITY_PERCENT}%: use synonyms or pronouns for some occurrences.`, null)];
  });
}
