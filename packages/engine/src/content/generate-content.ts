import {
  GENERATOR_ITEM_COUNT,
  PLACEHOLDERS,
  type ContentGeneratorResult,
  type GeneratedFaq,
  type GeneratedMetaTags,
  type GeneratedText,
  type GeneratorContentType,
  type GeneratorLength,
} from '@citable/contract';
import type { PageModel } from '../model/types';
import { rankPassages, type RankedPassage } from '../retrieval/rank-passages';
import { isQuestion } from '../text/questions';
import { countWords } from '../text/words';
import { scoreGeneratedContent } from '../tools/generated-content-score';
import { containsPhrase, contentTerms, isContentTerm, normalizedTerms, phraseIndex, phraseKey } from '../tools/text-terms';
import { questionTerms, relevantAnswer } from './answer-relevance';
import { proseParagraphs, stripLeadingByline } from '../tools/prose';
import { asQuestion, questionHeading } from './question-heading';
import { conciseAnswer, fitCharacters } from './sentences';
import { escapeHtml } from './source-edits';
import { keepLists, withoutFurniture } from './generated-text';

export interface GenerateContentInput {
  contentType: GeneratorContentType;
  topic: string;
  keywords: string[];
  length: GeneratorLength;
  /** The user's pages; empty when they have no website, and every item is then marked ungrounded. */
  pages: { url: string; model: PageModel }[];
  /** Named in the reasons, e.g. "example.com". */
  siteLabel: string | null;
}

export type GeneratedContent = ContentGeneratorResult['generatedContent'];

export interface GenerateContentOutput {
  generatedContent: GeneratedContent;
  optimizationTips: string[];
}

const TITLE_MAX = 60;
/** Passages read per keyword for a question they answer. */
const PASSAGES_PER_QUERY = 5;
const DESCRIPTION_MIN = 120;
const DESCRIPTION_MAX = 160;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A passage is about a query when it has most of the query's content words (both of "green tea",
 * two of a three-word query): one shared word, such as "tea" in a shop's name, is not enough.
 */
function matches(text: string, query: string): boolean {
  const terms = new Set(normalizedTerms(text));
  const wanted = [...new Set(normalizedTerms(query).filter((t) => isContentTerm(t)))];
  // A query of words the stop list holds ("pour-over": "pour" is a French stop word) is matched as a phrase (issue #32).
  if (wanted.length === 0) return containsPhrase(phraseIndex(text), phraseKey(query));
  return wanted.filter((t) => terms.has(t)).length >= Math.ceil(wanted.length * 0.6);
}

/** Everything a page says, its title, headings, description and declared names included. */
function fullText(model: PageModel): string {
  return [model.title ?? '', model.articleTitle ?? '', model.metaDescription ?? '', ...model.headings.map((h) => h.text), model.mainText, ...model.jsonLd.map((b) => b.raw)].join('\n');
}

/**
 * Why nothing could be taken from the site for a query. A claim that no page covers it is
 * checked against every page read, their titles, headings and structured data included (issue
 * #32: "no page covers pour-over" beside an article about it); when a page does mention it,
 * the reason says so and names the page.
 */
function notCovered(query: string, input: GenerateContentInput): string {
  if (input.pages.length === 0) return 'No website in your profile to take this from: add one in Settings, or write it yourself.';
  const mentioning = input.pages.filter((p) => matches(fullText(p.model), query));
  if (mentioning.length > 0) {
    const n = mentioning.length;
    return `${n} of the ${input.pages.length} page${input.pages.length === 1 ? '' : 's'} read mention${n === 1 ? 's' : ''} “${query}” (${mentioning[0].url}${n > 1 ? ', …' : ''}), but no passage there answers a question about it: add a section headed by the question people ask.`;
  }
  return `None of the ${input.pages.length} page${input.pages.length === 1 ? '' : 's'} read on ${input.siteLabel ?? 'your site'} covers “${query}”.`;
}

/**
 * The AI Content Generator without a model: every text is taken from the user's own pages (their
 * questions, the passages a retriever would pick for the topic and keywords, their titles), fitted
 * to the lengths answer engines quote, and scored by the audit's own checks. What the pages do not
 * cover is returned as an ungrounded placeholder with the reason, never as made-up prose.
 */
export function generateContent(input: GenerateContentInput): GenerateContentOutput {
  const count = GENERATOR_ITEM_COUNT[input.length];
  const queries = [input.topic, ...input.keywords].map((q) => q.trim()).filter(Boolean);
  const rankings = input.pages.length ? rankPassages(input.pages.map((p) => ({ id: p.url, model: p.model })), queries) : [];
  const empty: GeneratedContent = { faqs: [], metaTags: null, snippets: [], headings: [], descriptions: [] };

  switch (input.contentType) {
    case 'faq':
      empty.faqs = faqs(input, queries, rankings, count);
      break;
    case 'meta-tags':
      empty.metaTags = metaTags(input, queries, rankings.flatMap((r) => r.passages.filter((p) => matches(p.text, r.prompt))));
      break;
    case 'snippets':
      empty.snippets = snippets(input, queries, rankings, count);
      break;
    case 'headings':
      empty.headings = headings(input, queries, rankings, count);
      break;
    case 'descriptions':
      empty.descriptions = descriptions(input, queries, count);
      break;
  }
  return { generatedContent: empty, optimizationTips: tips(input, empty) };
}

/** The page's main topic is what its title and H1 name: a question about it in general is a fair one. */
function isMainTopic(query: string, model: PageModel | undefined): boolean {
  if (!model) return false;
  const wanted = questionTerms(query);
  const title = new Set(contentTerms([model.articleTitle ?? '', model.title ?? '', ...model.headings.filter((h) => h.level === 1).map((h) => h.text)].join(' ')));
  return wanted.length > 0 && wanted.every((t) => title.has(t));
}

/** "What should you know about X?": asks nothing in particular, so only about the page's main topic. */
const GENERIC_QUESTION_RE = /^what should you know about\b/i;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The questions a passage can answer about a query, most specific first: its own question
 * heading, its heading reworded as a question from its own words ("Benefits of tea" → "What are
 * the benefits of tea?"), "What is X?" when it defines X, and the general question only when X
 * is the page's main topic. A random phrase never becomes "What should you know about X?".
 */
function questionsFor(query: string, passage: RankedPassage, model: PageModel | undefined): string[] {
  const out: string[] = [];
  const heading = passage.heading?.trim();
  const title = new Set([model?.articleTitle, model?.title, ...(model?.headings.filter((h) => h.level === 1).map((h) => h.text) ?? [])].filter(Boolean).map((t) => t!.trim().toLowerCase()));
  if (heading && !title.has(heading.toLowerCase()) && matches(heading, query)) {
    if (isQuestion(heading)) out.push(asQuestion(heading));
    else {
      const reworded = questionHeading(heading);
      if (reworded && !GENERIC_QUESTION_RE.test(reworded)) out.push(reworded);
    }
  }
  const definition = new RegExp(`(?:^|[.!?]\\s+)(?:(?:a|an|the)\\s+)?${escapeRegExp(query)}\\s+(is|are|means|refers to)\\b`, 'i').exec(passage.text);
  if (definition) out.push(`What ${definition[1].toLowerCase() === 'are' ? 'are' : 'is'} ${query}?`);
  if (isMainTopic(query, model)) out.push(`What should you know about ${query}?`);
  return [...new Set(out)];
}

function faqs(input: GenerateContentInput, queries: string[], rankings: ReturnType<typeof rankPassages>, count: number): GeneratedFaq[] {
  const byUrl = new Map(input.pages.map((p) => [p.url, p.model]));
  // The answer as the page wrote it (its lists kept), with the passage it was taken from, so it can be traced.
  const faq = (question: string, answer: string, sourceUrl: string, sourcePassage: string): GeneratedFaq => {
    const text = keepLists(answer, byUrl.get(sourceUrl));
    return { question, answer: text, score: scoreGeneratedContent({ kind: 'answer', question, text }), grounded: true, sourceUrl, sourcePassage };
  };
  // The questions the site already answers, when they are about the topic or a keyword and the
  // answer under them actually answers them.
  const own: GeneratedFaq[] = input.pages.flatMap((page) =>
    page.model.answers.flatMap((a) => {
      if (a.answerWordCount === 0 || !queries.some((q) => matches(`${a.question} ${a.answer}`, q))) return [];
      const question = asQuestion(a.question);
      const answer = relevantAnswer(question, a.answer);
      return answer ? [faq(question, answer, page.url, a.answer)] : [];
    }),
  );
  // A question about each keyword, from the passages about it: sections headed by it first, then
  // the retriever's order. Each answer is chosen for its question; a keyword no passage answers
  // a question about gives no FAQ, and one the pages never mention is marked as uncovered.
  const asked: GeneratedFaq[] = queries.flatMap((query) => {
    const passages = (rankings.find((r) => r.prompt === query)?.passages ?? []).filter((p) => matches(p.text, query) || (p.heading !== null && matches(p.heading, query)));
    if (passages.length === 0) {
      // A template and a placeholder: not rated, since the tool wrote it (issue #32).
      return [{ question: `What should you know about ${query}?`, answer: PLACEHOLDERS.answer, score: null, grounded: false, reason: notCovered(query, input), sourceUrl: null, sourcePassage: null }];
    }
    const ordered = [...passages].sort((a, b) => Number(b.heading !== null && matches(b.heading, query)) - Number(a.heading !== null && matches(a.heading, query)) || a.rank - b.rank);
    for (const passage of ordered.slice(0, PASSAGES_PER_QUERY)) {
      // A "Yes." or "No." answered the page's own question, not necessarily this one.
      const text = passage.text.replace(/^(?:yes|no)[.,!]\s+/i, '');
      for (const question of questionsFor(query, passage, byUrl.get(passage.pageId))) {
        const answer = relevantAnswer(question, text);
        if (answer) return [faq(question, answer, passage.pageId, passage.text)];
      }
    }
    return [];
  });
  // The site's own questions come first, but never crowd out every keyword the user asked about.
  const ownSlots = Math.max(count - asked.length, Math.floor(count / 2));
  // One entry per question and per answer: two questions answered by the same passage are one.
  const seen = new Set<string>();
  const fresh = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  return [...own.slice(0, ownSlots), ...asked, ...own.slice(ownSlots)]
    .filter((f) => fresh(`q:${f.question.toLowerCase()}`) && (!f.grounded || fresh(`a:${f.answer}`)))
    .slice(0, count);
}

function fitTitle(title: string, keyword: string, siteLabel: string | null): string {
  let text = title.trim();
  if (!matches(text, keyword) && text.length + keyword.length + 2 <= TITLE_MAX) text = `${capitalize(keyword)}: ${text}`;
  if (text.length < 30 && siteLabel && text.length + siteLabel.length + 3 <= TITLE_MAX) text = `${text} | ${siteLabel}`;
  return fitCharacters(text, TITLE_MAX);
}

/** Whole sentences up to 160 characters; a first sentence too long for that is cut at a word. */
function fitDescription(text: string): string {
  const answer = conciseAnswer(text, 18, 30);
  if (answer.length <= DESCRIPTION_MAX) return answer;
  return fitCharacters(answer, DESCRIPTION_MAX);
}

function metaTags(input: GenerateContentInput, queries: string[], passages: RankedPassage[]): GeneratedMetaTags {
  const [topic] = queries;
  const byUrl = new Map(input.pages.map((p) => [p.url, p.model]));
  // The page the retriever favours across the topic and keywords is the one the tags describe.
  const weight = new Map<string, number>();
  for (const p of passages) weight.set(p.pageId, (weight.get(p.pageId) ?? 0) + p.score);
  const bestUrl = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const page = bestUrl ? byUrl.get(bestUrl) : undefined;
  let title: string;
  let description: string;
  let grounded = true;
  let reason: string | undefined;
  let ownTitle: string | null = null;
  let sourcePassage: string | null = null;
  if (page && bestUrl) {
    ownTitle = page.articleTitle ?? page.title;
    title = fitTitle(ownTitle ?? topic, topic, input.siteLabel);
    const own = page.metaDescription?.trim();
    const best = passages.find((p) => p.pageId === bestUrl);
    // From where the passage speaks about the topic, never from a byline, a date or the navigation run into it.
    const passage = best ? relevantAnswer(topic, best.text, 18, 30) ?? withoutFurniture(best.text, page) : null;
    const useOwn = own !== undefined && own.length >= DESCRIPTION_MIN && own.length <= DESCRIPTION_MAX;
    description = useOwn ? own : fitDescription(passage || own || '');
    sourcePassage = useOwn ? own : (best?.text ?? null);
  } else {
    grounded = false;
    reason = notCovered(topic, input);
    title = fitTitle(capitalize(topic), topic, input.siteLabel);
    description = PLACEHOLDERS.answer;
  }
  const keywords = [...new Set([...input.keywords, ...(page?.topTerm ? [page.topTerm.term] : [])].map((k) => k.trim().toLowerCase()).filter(Boolean))];
  const raw = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta name="keywords" content="${escapeHtml(keywords.join(', '))}">`,
  ].join('\n');
  return {
    title,
    description,
    keywords,
    raw,
    // Rated only when it is the page's own text: a title the tool assembled ("Keyword: title | site") is not rated by the tool.
    titleScore: ownTitle !== null && title === ownTitle.trim() ? scoreGeneratedContent({ kind: 'title', text: title }) : null,
    descriptionScore: grounded ? scoreGeneratedContent({ kind: 'description', text: description }) : null,
    grounded,
    reason,
    sourceUrl: bestUrl ?? null,
    sourcePassage,
  };
}

/** Distinct passages for the queries in turn (topic first), so each keyword gets its best one. */
function distinctPassages(rankings: ReturnType<typeof rankPassages>, count: number): (RankedPassage & { prompt: string })[] {
  const out: (RankedPassage & { prompt: string })[] = [];
  const seen = new Set<string>();
  for (let depth = 0; out.length < count && rankings.some((r) => r.passages.length > depth); depth++) {
    for (const r of rankings) {
      const p = r.passages.filter((candidate) => matches(candidate.text, r.prompt))[depth];
      const key = p && `${p.pageId}#${p.passageId}`;
      if (p && !seen.has(key) && out.length < count) {
        seen.add(key);
        out.push({ ...p, prompt: r.prompt });
      }
    }
  }
  return out;
}

function ungroundedItems(input: GenerateContentInput, queries: string[], have: number, count: number): GeneratedText[] {
  if (have > 0) return [];
  return queries.slice(0, count).map((q) => ({ text: PLACEHOLDERS.answer, score: null, grounded: false, reason: notCovered(q, input), sourceUrl: null, sourcePassage: null }));
}

function snippets(input: GenerateContentInput, queries: string[], rankings: ReturnType<typeof rankPassages>, count: number): GeneratedText[] {
  const byUrl = new Map(input.pages.map((p) => [p.url, p.model]));
  const items = distinctPassages(rankings, count).flatMap((p) => {
    // The passage from where it speaks about the query, without a byline run into it, its lists kept.
    const found = relevantAnswer(p.prompt, p.text, 40, 60);
    if (!found) return [];
    const text = keepLists(found, byUrl.get(p.pageId));
    // Scored against the query it was retrieved for: a snippet must be about it.
    return [{ text, score: scoreGeneratedContent({ kind: 'answer', question: p.prompt, text }), grounded: true, sourceUrl: p.pageId, sourcePassage: p.text }];
  });
  return [...items, ...ungroundedItems(input, queries, items.length, count)];
}

function headings(input: GenerateContentInput, queries: string[], rankings: ReturnType<typeof rankPassages>, count: number): GeneratedText[] {
  const byUrl = new Map(input.pages.map((p) => [p.url, p.model]));
  const items = distinctPassages(rankings, count * 2).flatMap((p) => {
    const question = p.heading ? (questionHeading(p.heading) ?? (isQuestion(p.heading) ? asQuestion(p.heading) : null)) : null;
    // "What should you know about X?" only when X is what the page is about.
    if (!question || (GENERIC_QUESTION_RE.test(question) && !isMainTopic(p.heading!, byUrl.get(p.pageId)))) return [];
    const found = relevantAnswer(question, p.text);
    if (!found) return [];
    const answer = keepLists(found, byUrl.get(p.pageId));
    return [{ text: question, answer, score: scoreGeneratedContent({ kind: 'answer', question, text: answer }), grounded: true, sourceUrl: p.pageId, sourcePassage: p.text }];
  });
  const seen = new Set<string>();
  const unique = items.filter((i) => !seen.has(i.text) && seen.add(i.text)).slice(0, count);
  return [...unique, ...ungroundedItems(input, queries, unique.length, count)];
}

function descriptions(input: GenerateContentInput, queries: string[], count: number): GeneratedText[] {
  const relevant = input.pages
    .map((page) => ({ page, hits: queries.filter((q) => matches(page.model.mainText, q)).length }))
    .filter((p) => p.hits > 0)
    .sort((a, b) => b.hits - a.hits || (a.page.url < b.page.url ? -1 : 1))
    .slice(0, count);
  const items = relevant.flatMap(({ page }) => {
    // The lead of the article's prose, never its byline or a caption.
    const prose = proseParagraphs(page.model)[0]?.text;
    const lead = prose ? stripLeadingByline(prose, page.model.author) : page.model.mainText;
    const text = fitDescription(withoutFurniture(lead, page.model) || lead);
    if (countWords(text) < 5) return [];
    return [{ text, score: scoreGeneratedContent({ kind: 'description', text }), grounded: true, sourceUrl: page.url, sourcePassage: prose ?? page.model.mainText }];
  });
  return [
    ...items,
    ...(items.length ? [] : queries.slice(0, 1).map((q) => ({ text: PLACEHOLDERS.answer, score: null, grounded: false, reason: notCovered(q, input), sourceUrl: null, sourcePassage: null }))),
  ];
}

/** Advice drawn from this result's own scores and gaps. */
export function tips(input: Pick<GenerateContentInput, 'contentType' | 'topic'>, content: GeneratedContent): string[] {
  const out: string[] = [];
  const scored = [
    ...content.faqs.map((f) => ({ grounded: f.grounded, score: f.score })),
    ...content.snippets,
    ...content.headings,
    ...content.descriptions,
    ...(content.metaTags ? [{ grounded: content.metaTags.grounded, score: content.metaTags.titleScore }, { grounded: content.metaTags.grounded, score: content.metaTags.descriptionScore }] : []),
  ];
  const failing = scored.flatMap((s) => (s.grounded && s.score && !s.score.passed ? [s.score] : []));
  if (failing.length) {
    const first = failing[0];
    out.push(`${failing.length} of ${scored.length} texts fall outside the lengths answer engines quote (e.g. ${first.length} ${first.unit}, ideal ${first.range.min}-${first.range.max}): edit them before publishing.`);
  }
  const ungrounded = scored.filter((s) => !s.grounded).length;
  if (ungrounded) out.push(`${ungrounded} item${ungrounded === 1 ? '' : 's'} could not be taken from your pages: write a section about “${input.topic}” that answers it, then generate again.`);
  if (content.faqs.some((f) => f.grounded)) out.push('Publish the FAQs on the page they came from and mark them up with FAQPage JSON-LD (the Schema Generator writes it).');
  if (content.headings.some((h) => h.grounded)) out.push('Use the question headings on the pages they point to, with the answer in the first sentence below each.');
  if (content.metaTags?.grounded) out.push(`Put the tags in the <head> of ${content.metaTags.sourceUrl ?? 'the page'}, replacing its current title and description.`);
  if (content.descriptions.some((d) => d.grounded)) out.push('Use each description as the meta description of its page.');
  if (content.snippets.some((s) => s.grounded)) out.push('Place each snippet right below the heading it answers: answer engines quote the first 40-60 words under a heading.');
  return out;
}
