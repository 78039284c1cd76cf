import type { SiteSummaryResult, SummaryEntity, SummaryType } from '@citable/contract';
import type { PageModel } from '../model/types';
import { countWords } from '../text/words';
import { answerFirst } from '../checks/answer-first';
import { contentDepth } from '../checks/content-depth';
import { questionHeadings } from '../checks/question-headings';
import { entitiesOf } from './entity-coverage';
import { cosine, countPhrase, keyPhrases, phraseIndex, phraseKey, round, termFrequencies, tfIdfVectors } from './text-terms';
import { organizationNodes } from './site-identity';
import { contentText, isBylineOrCaption, proseSentences } from './prose';

export interface SummarizeSiteInput {
  pages: PageModel[];
  summaryType: SummaryType;
}

/** Sentences per summary type: 'brief' fits a one-line description, 'overview' a paragraph. */
export const SUMMARY_SENTENCES: Record<SummaryType, number> = { brief: 2, overview: 5, detailed: 10 };
/** Sentences outside this range are fragments or run-ons, poor summary material. */
const MIN_SENTENCE_WORDS = 6;
const MAX_SENTENCE_WORDS = 45;
/** Sentences read per page and in all, which bounds the quadratic similarity graph. */
const PER_PAGE = 80;
const TOTAL = 300;
/** TextRank's damping factor and iterations (Mihalcea and Tarau, 2004). */
const DAMPING = 0.85;
const ITERATIONS = 30;
/** Selected sentences more similar than this to an earlier pick say the same thing. */
const REDUNDANCY = 0.5;
const NOTE_EXAMPLES = 3;

interface Candidate {
  text: string;
  url: string | null;
  page: number;
  position: number;
}

/**
 * An extractive summary of the crawled pages: TextRank over TF-IDF sentence similarity of the
 * sentences of each page's main-content prose (from the lead paragraph on, bylines, datelines and
 * captions left out), with a prior towards each page's opening sentences (where writers state
 * what a page is about), then the best sentences without repeats, in reading order.
 */
export function summarizeSite(input: SummarizeSiteInput): SiteSummaryResult {
  const { pages, summaryType } = input;
  const candidates = collectCandidates(pages);
  const vectors = tfIdfVectors(candidates.map((c) => termFrequencies(c.text)));
  const scores = textRank(candidates, vectors);
  const order = candidates.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  const chosen: number[] = [];
  for (const i of order) {
    if (chosen.length >= SUMMARY_SENTENCES[summaryType]) break;
    if (chosen.some((j) => cosine(vectors[i], vectors[j]) > REDUNDANCY)) continue;
    chosen.push(i);
  }
  chosen.sort((a, b) => candidates[a].page - candidates[b].page || candidates[a].position - candidates[b].position);
  return {
    summaryType,
    summary: chosen.map((i) => candidates[i].text).join(' '),
    sentences: chosen.map((i) => ({ text: candidates[i].text, url: candidates[i].url, score: round(scores[i], 4) })),
    entities: siteEntities(pages),
    topics: keyPhrases(pages.map(contentText).join('\n'), { minPairCount: 2, minWordCount: 3, max: 10 }).map((k) => k.label),
    optimizationNotes: optimizationNotes(pages),
    pagesAnalyzed: pages.length,
  };
}

function collectCandidates(pages: PageModel[]): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  pages.forEach((page, p) => {
    let position = 0;
    // The article's own prose: never its byline, dateline or photo credits.
    for (const text of proseSentences(page)) {
      if (position >= PER_PAGE || out.length >= TOTAL) break;
      const words = countWords(text);
      if (words < MIN_SENTENCE_WORDS || words > MAX_SENTENCE_WORDS || /\?\s*$/.test(text) || isBylineOrCaption(text, page.author)) continue;
      // Boilerplate repeated on every page (a tagline, a cookie line) is summarised once.
      const key = phraseKey(text);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ text, url: page.url, page: p, position: position++ });
    }
  });
  return out;
}

function textRank(candidates: Candidate[], vectors: Map<string, number>[]): number[] {
  const n = candidates.length;
  if (n === 0) return [];
  const prior = candidates.map((c) => 1 / (1 + c.position));
  const priorSum = prior.reduce((a, b) => a + b, 0);
  for (let i = 0; i < n; i++) prior[i] /= priorSum;
  // Similarities through an inverted index: only sentences sharing a term are ever compared.
  const postings = new Map<string, { i: number; w: number }[]>();
  vectors.forEach((v, i) => {
    for (const [t, w] of v) {
      const list = postings.get(t);
      if (list) list.push({ i, w });
      else postings.set(t, [{ i, w }]);
    }
  });
  const sim = new Float64Array(n * n);
  for (const list of postings.values()) {
    for (let a = 0; a < list.length; a++) for (let b = a + 1; b < list.length; b++) sim[list[a].i * n + list[b].i] += list[a].w * list[b].w;
  }
  const edges: { to: number; w: number }[][] = candidates.map(() => []);
  const outWeight = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const w = sim[i * n + j];
      if (w <= 0) continue;
      edges[i].push({ to: j, w });
      edges[j].push({ to: i, w });
      outWeight[i] += w;
      outWeight[j] += w;
    }
  }
  let rank = prior.slice();
  for (let it = 0; it < ITERATIONS; it++) {
    const next = prior.map((p) => (1 - DAMPING) * p);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) {
        dangling += rank[i];
        continue;
      }
      for (const e of edges[i]) next[e.to] += (DAMPING * rank[i] * e.w) / outWeight[i];
    }
    // Isolated sentences hand their weight back through the prior, so ranks keep summing to 1.
    for (let i = 0; i < n; i++) next[i] += DAMPING * dangling * prior[i];
    rank = next;
  }
  return rank;
}

function siteEntities(pages: PageModel[]): SummaryEntity[] {
  const totals = new Map<string, SummaryEntity>();
  for (const page of pages) {
    const index = phraseIndex(contentText(page));
    for (const e of entitiesOf(page)) {
      if (e.type === 'topic') continue;
      const count = Math.max(1, countPhrase(index, e.key));
      const entry = totals.get(e.key);
      if (entry) entry.count += count;
      else totals.set(e.key, { name: e.name, type: e.type, count });
    }
  }
  return [...totals.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, 15);
}

function examples(pages: PageModel[]): string {
  const urls = pages.map((p) => p.url ?? p.articleTitle ?? 'pasted content').slice(0, NOTE_EXAMPLES);
  return `${urls.join(', ')}${pages.length > NOTE_EXAMPLES ? ', …' : ''}`;
}

/** Concrete gaps, each counted over the pages and measured with the audit checks' own thresholds. */
function optimizationNotes(pages: PageModel[]): string[] {
  const notes: string[] = [];
  const n = pages.length;
  const html = pages.filter((p) => p.format === 'html');
  const substantial = pages.filter((p) => p.wordCount >= questionHeadings.defaultOptions.mediumWords);

  const noDescription = html.filter((p) => !p.metaDescription?.trim());
  if (noDescription.length > 0) notes.push(`${noDescription.length} of ${n} pages have no meta description (${examples(noDescription)}); models use it as the page's one-line summary.`);
  if (html.length > 0 && !html.some((p) => organizationNodes(p).length > 0)) {
    notes.push('No page declares the organization in JSON-LD (name, logo, sameAs), so models must guess who is behind the site; add Organization markup to the home page.');
  }
  const noJsonLd = html.filter((p) => p.jsonLd.length === 0);
  if (noJsonLd.length > 0) notes.push(`${noJsonLd.length} of ${n} pages carry no structured data (${examples(noJsonLd)}).`);
  const noQuestions = substantial.filter((p) => p.questionHeadings.length === 0);
  if (noQuestions.length > 0) notes.push(`${noQuestions.length} of ${substantial.length} longer pages have no question headings (${examples(noQuestions)}); phrase some H2s as the questions readers ask.`);
  const maxOpening = answerFirst.defaultOptions.maxWords;
  const longOpening = substantial.filter((p) => (p.paragraphs.find((x) => x.wordCount >= 5)?.wordCount ?? 0) > maxOpening);
  if (longOpening.length > 0) notes.push(`${longOpening.length} pages open with a paragraph over ${maxOpening} words (${examples(longOpening)}); start with a short statement of the answer.`);
  const noAuthor = substantial.filter((p) => !p.author);
  if (noAuthor.length > 0) notes.push(`${noAuthor.length} of ${substantial.length} longer pages name no author (${examples(noAuthor)}).`);
  const noDate = substantial.filter((p) => !p.dates.publishedAt && !p.dates.modifiedAt);
  if (noDate.length > 0) notes.push(`${noDate.length} of ${substantial.length} longer pages show no publication or update date (${examples(noDate)}).`);
  const thin = pages.filter((p) => p.wordCount < contentDepth.defaultOptions.thinWords);
  if (thin.length > 0) notes.push(`${thin.length} of ${n} pages have under ${contentDepth.defaultOptions.thinWords} words of main content (${examples(thin)}), too little to be quoted.`);
  if (substantial.length > 0 && substantial.every((p) => p.statistics.length === 0)) notes.push('No longer page states a figure (a percentage, a price, a count); specific statistics are what answer engines quote.');
  if (substantial.length > 0 && substantial.every((p) => p.citations.length === 0)) notes.push('No longer page links to an outside source; citing sources raises the chance of being cited.');
  return notes;
}
