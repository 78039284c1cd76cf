import nlp from 'compromise';
import { VOICE_ASSISTANTS } from '@citable/contract';
import { buildPageModel } from '../../model/build-page-model';
import type { PageModel } from '../../model/types';
import { entitiesOf } from '../entity-coverage';
import { scorePrompts, suggestPrompts } from '../prompt-suggestions';
import { testVoiceAssistants } from '../voice-assistant-tester';
import { BENCH_SITES, type BenchSite } from './sites';

/**
 * Measures the built-in tools against the hand-labelled bench sites (issue #32). Each figure is
 * a share of labelled cases, so it can be compared from run to run; the lists of misses say which
 * case failed and why. Deterministic: no clock, no network, no model.
 */

export interface EntityFigures {
  /** Named entities found (people, organisations, places, products). */
  found: number;
  /** Of those, how many a reader listed (name matched case-insensitively). */
  correct: number;
  /** Of the reader's entities, how many the tool found. */
  recalled: number;
  labelled: number;
  /** Found entities that are right by name but carry the wrong kind. */
  wrongKind: string[];
  /** Found entities no reader would list: fragments, stop words, run-together lists. */
  wrong: string[];
  /** Topics that are not noun phrases (stop words, verbs, adjectives alone). */
  junkTopics: string[];
}

export interface VoiceFigures {
  questions: number;
  /** Questions every assistant answered with the labelled passage, or said the site does not answer. */
  correct: number;
  misses: string[];
}

export interface PromptFigures {
  prompts: number;
  /** Prompts that do not fit the site's kind, or that are a page's title. */
  unfit: string[];
  /** Labelled questions the prompt scorer rates as answered exactly when the site answers them. */
  scoredRight: number;
  scored: number;
  scoreMisses: string[];
}

export interface SiteFigures {
  site: string;
  entities: EntityFigures;
  voice: VoiceFigures;
  prompts: PromptFigures;
}

export function benchPages(site: BenchSite): PageModel[] {
  return site.pages.map((p) => buildPageModel({ body: p.html, format: 'html', url: p.url }));
}

const norm = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function benchEntities(site: BenchSite, pages: PageModel[]): EntityFigures {
  const found = new Map<string, { name: string; type: string }>();
  const topics = new Set<string>();
  for (const page of pages) {
    for (const e of entitiesOf(page)) {
      if (e.type === 'topic') topics.add(e.name);
      else if (!found.has(norm(e.name))) found.set(norm(e.name), { name: e.name, type: e.type });
    }
  }
  const labels = new Map(site.entities.map((e) => [norm(e.name), e]));
  const wrong: string[] = [];
  const wrongKind: string[] = [];
  let correct = 0;
  for (const [key, e] of found) {
    const label = labels.get(key);
    if (!label) wrong.push(`${e.name} (${e.type})`);
    else {
      correct++;
      if (label.type !== e.type) wrongKind.push(`${e.name}: ${e.type}, not ${label.type}`);
    }
  }
  const recalled = [...labels.keys()].filter((k) => found.has(k)).length;
  return { found: found.size, correct, recalled, labelled: labels.size, wrong, wrongKind, junkTopics: [...topics].filter(isJunkTopic) };
}

/** Words no reader would list as what a page is about (the issue's "step", "use", "every", "best"). */
const NOT_TOPICS = new Set(['step', 'use', 'every', 'best', 'fine', 'way', 'thing', 'time', 'one', 'new', 'good', 'more', 'most', 'first']);

/** A topic is a noun phrase: read after "the", it ends in a noun (or a gerund), and it is not a word too general to be a topic. */
function isJunkTopic(topic: string): boolean {
  const words = topic.toLowerCase().split(/\s+/);
  if (NOT_TOPICS.has(words.at(-1)!)) return true;
  const terms = nlp(`the ${topic}`).terms().json() as { terms: { tags: string[] }[] }[];
  const last = terms.at(-1)?.terms[0]?.tags ?? [];
  return !(last.includes('Noun') || last.includes('Gerund')) || last.includes('Pronoun');
}

export function benchVoice(site: BenchSite, pages: PageModel[]): VoiceFigures {
  const misses: string[] = [];
  let correct = 0;
  for (const q of site.questions) {
    const result = testVoiceAssistants({ query: q.question, assistants: [...VOICE_ASSISTANTS], userPages: pages, competitorPages: [] });
    const wrong = result.results.filter((r) =>
      q.answer === null ? r.mentioned || r.source !== null : !r.response.toLowerCase().includes(q.answer!.toLowerCase()),
    );
    if (wrong.length === 0) correct++;
    else misses.push(`${q.question} -> ${wrong[0].assistant}: "${wrong[0].response}" (expected ${q.answer === null ? 'not answered' : `"${q.answer}"`})`);
  }
  return { questions: site.questions.length, correct, misses };
}

export function benchPrompts(site: BenchSite, pages: PageModel[]): PromptFigures {
  const result = suggestPrompts({ topic: site.topic, pages });
  const prompts = Object.values(result.promptsByCategory).flat();
  const titles = new Set(pages.flatMap((p) => [p.title, p.articleTitle]).filter((t): t is string => t !== null).map(norm));
  const unfit = prompts
    .map((p) => p.prompt)
    .filter((p) => titles.has(norm(p)) || site.unfitPrompts.some((re) => re.test(p)));
  const scoreMisses: string[] = [];
  let scoredRight = 0;
  // The labelled questions, put to the prompt scorer as prompts: answered exactly when the site answers them.
  const scores = scorePrompts(site.questions.map((q) => q.question), pages);
  site.questions.forEach((q, i) => {
    const { answered, likelihood } = scores[i];
    if (answered === (q.answer !== null)) scoredRight++;
    else scoreMisses.push(`${q.question}: rated ${likelihood}${q.answer === null ? ', but the site does not answer it' : ', but the site answers it'}`);
  });
  return { prompts: prompts.length, unfit, scoredRight, scored: site.questions.length, scoreMisses };
}

export function runToolQualityBench(sites: BenchSite[] = BENCH_SITES): SiteFigures[] {
  return sites.map((site) => {
    const pages = benchPages(site);
    return { site: site.name, entities: benchEntities(site, pages), voice: benchVoice(site, pages), prompts: benchPrompts(site, pages) };
  });
}

export interface BenchTotals {
  entityPrecision: number;
  entityRecall: number;
  junkTopics: number;
  voiceCorrect: number;
  unfitPrompts: number;
  promptScoring: number;
}

const pct = (a: number, b: number): number => (b === 0 ? 100 : Math.round((1000 * a) / b) / 10);

export function benchTotals(figures: SiteFigures[]): BenchTotals {
  const sum = (f: (s: SiteFigures) => number): number => figures.reduce((a, s) => a + f(s), 0);
  return {
    entityPrecision: pct(sum((s) => s.entities.correct), sum((s) => s.entities.found)),
    entityRecall: pct(sum((s) => s.entities.recalled), sum((s) => s.entities.labelled)),
    junkTopics: sum((s) => s.entities.junkTopics.length),
    voiceCorrect: pct(sum((s) => s.voice.correct), sum((s) => s.voice.questions)),
    unfitPrompts: sum((s) => s.prompts.unfit.length),
    promptScoring: pct(sum((s) => s.prompts.scoredRight), sum((s) => s.prompts.scored)),
  };
}
