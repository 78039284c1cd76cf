import { answerRelevance, BENCH_SITES, benchPages, figuresIn, MIN_ANSWER_RELEVANCE, type BenchSite } from '@citable/engine';
import type { GeneratedFaq } from '@citable/contract';
import type { LlmClient } from '../llm';
import { generateFromPages } from './content-generator';

/**
 * The quality bench with a language model (issue #32): the Content Generator's FAQs for each
 * labelled site, written by the configured model exactly as users get them (generateFromPages),
 * measured for traceability. A FAQ counts only when it is grounded, keeps the passage it was taken
 * from, that passage answers its question, and every figure of the answer stands in that passage.
 * Run against the OpenAI-compatible fake in tests, and against a real model when one is set.
 */

export interface ModelBenchFigures {
  site: string;
  /** The model's name, or the built-in source when the model failed and the engine answered. */
  source: string;
  faqs: number;
  traceable: number;
  misses: string[];
}

/** The account the bench's calls are counted against in the model's usage budget. */
const BENCH_CALL = { userId: 'quality-bench', plan: 'agency' as const };

function untraced(faq: GeneratedFaq): string | null {
  if (!faq.grounded) return faq.reason ?? 'not grounded';
  if (!faq.sourcePassage) return 'no source passage kept';
  if (answerRelevance(faq.question, faq.sourcePassage).relevance < MIN_ANSWER_RELEVANCE) return 'its passage does not answer the question';
  const stated = figuresIn(faq.sourcePassage);
  const invented = [...figuresIn(faq.answer)].filter((figure) => !stated.has(figure));
  return invented.length ? `figures not in its passage: ${invented.join(', ')}` : null;
}

export async function runModelQualityBench(llm: LlmClient, sites: readonly BenchSite[] = BENCH_SITES): Promise<ModelBenchFigures[]> {
  const out: ModelBenchFigures[] = [];
  for (const site of sites) {
    const pages = benchPages(site).map((model) => ({ url: model.url!, model }));
    const result = await generateFromPages(llm, BENCH_CALL, { contentType: 'faq', topic: site.topic, targetKeywords: [], tone: 'professional', contentLength: 'medium' }, { pages, websiteUrl: site.pages[0].url });
    const faqs = result.generatedContent.faqs;
    const misses = faqs.flatMap((faq) => {
      const why = untraced(faq);
      return why ? [`${site.name}: “${faq.question}”: ${why}`] : [];
    });
    out.push({ site: site.name, source: result.source, faqs: faqs.length, traceable: faqs.length - misses.length, misses });
  }
  return out;
}

/** Share of the model's FAQs that are traceable, over every site (100 when it wrote none). */
export function traceableShare(figures: ModelBenchFigures[]): number {
  const faqs = figures.reduce((n, f) => n + f.faqs, 0);
  const traceable = figures.reduce((n, f) => n + f.traceable, 0);
  return faqs === 0 ? 100 : Math.round((1000 * traceable) / faqs) / 10;
}
