/**
 * Main content of the engine against Mozilla Readability, page by page, over the real-page corpus.
 *
 *   node --import tsx packages/engine/scripts/main-content-vs-readability.ts [--pages]
 *
 * For every corpus page it runs Readability (in jsdom) and the engine's page model, and reports
 * the pages where the engine keeps fewer than 50 words while Readability finds an article of 200
 * or more (target: none), the median ratio of engine words to Readability words, and the
 * token-overlap F1 of the two main texts (median and 10th percentile). `--pages` lists every
 * page. The core, compareMainContent, is exported for the repository benchmark to call and print.
 *
 * jsdom and @mozilla/readability are root dev dependencies for benchmarks and tests only; the
 * engine itself never imports them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { buildPageModel } from '../src/model/build-page-model';

export interface PageComparison {
  name: string;
  engineWords: number;
  readabilityWords: number;
  /** Token-overlap F1 of the engine's main text against Readability's; null when Readability finds nothing. */
  f1: number | null;
  engineLead: string | null;
}

export interface MainContentComparison {
  pages: PageComparison[];
  /** Pages where the engine keeps < 50 words while Readability finds an article of >= 200 words. */
  nearEmpty: string[];
  /** Median over pages (Readability >= 200 words) of engine words / Readability words. */
  medianWordRatio: number;
  medianF1: number;
  p10F1: number;
  /** F1 at least 0.8: the engine and Readability agree on the article. */
  agreeing: number;
}

export const NEAR_EMPTY_WORDS = 50;
export const ARTICLE_WORDS = 200;

// A neutral tokenizer for both sides: Unicode letters and digits, Han/kana/Thai one character at a
// time so that unspaced scripts compare on characters instead of whole runs.
const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[\p{L}\p{N}]+/gu;
const tokens = (text: string): string[] => text.toLowerCase().match(TOKEN_RE) ?? [];

export function tokenF1(got: string, expected: string): number {
  const a = tokens(got);
  const b = tokens(expected);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const t of a) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      overlap++;
      counts.set(t, c - 1);
    }
  }
  if (overlap === 0) return 0;
  const precision = overlap / a.length;
  const recall = overlap / b.length;
  return (2 * precision * recall) / (precision + recall);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function readabilityText(html: string, url: string): string | null {
  // Readability drops stylesheets anyway; jsdom's CSS parser throws on some real ones.
  const dom = new JSDOM(html.replace(/<style\b[\s\S]*?<\/style\s*>/gi, ''), { url, virtualConsole: new VirtualConsole() });
  try {
    const article = new Readability(dom.window.document).parse();
    return article?.textContent ?? null;
  } finally {
    dom.window.close();
  }
}

/** Compares the engine's main content with Readability's on each page. */
export function compareMainContent(pages: { name: string; html: string; url: string }[]): MainContentComparison {
  const out: PageComparison[] = [];
  for (const page of pages) {
    const model = buildPageModel({ body: page.html, format: 'html', url: page.url });
    const reference = readabilityText(page.html, page.url);
    const referenceWords = reference === null ? 0 : tokens(reference).length;
    out.push({
      name: page.name,
      engineWords: tokens(model.mainText).length,
      readabilityWords: referenceWords,
      f1: reference === null || referenceWords === 0 ? null : tokenF1(model.mainText, reference),
      engineLead: model.paragraphs[model.leadIndex]?.text ?? null,
    });
  }
  const articles = out.filter((p) => p.readabilityWords >= ARTICLE_WORDS);
  const f1s = out.flatMap((p) => (p.f1 === null ? [] : [p.f1]));
  return {
    pages: out,
    nearEmpty: articles.filter((p) => p.engineWords < NEAR_EMPTY_WORDS).map((p) => p.name),
    medianWordRatio: round(percentile(articles.map((p) => p.engineWords / p.readabilityWords), 0.5)),
    medianF1: round(percentile(f1s, 0.5)),
    p10F1: round(percentile(f1s, 0.1)),
    agreeing: f1s.filter((f) => f >= 0.8).length,
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The corpus pages, read from packages/engine/test/corpus. */
export function corpusPages(): { name: string; html: string; url: string }[] {
  const dir = fileURLToPath(new URL('../test/corpus/', import.meta.url));
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, html: readFileSync(`${dir}${name}/source.html`, 'utf8'), url: `http://fakehost/${name}/` }));
}

export function formatComparison(c: MainContentComparison, listPages = false): string {
  const lines: string[] = [];
  if (listPages) {
    lines.push('page                                      engine  readab.     F1  lead');
    for (const p of c.pages) {
      lines.push(`${p.name.padEnd(40)} ${String(p.engineWords).padStart(7)} ${String(p.readabilityWords).padStart(8)} ${p.f1 === null ? '     -' : p.f1.toFixed(3).padStart(6)}  ${(p.engineLead ?? '').slice(0, 60)}`);
    }
    lines.push('');
  }
  lines.push(`pages: ${c.pages.length}`);
  lines.push(`engine < ${NEAR_EMPTY_WORDS} words where Readability >= ${ARTICLE_WORDS}: ${c.nearEmpty.length}${c.nearEmpty.length ? ` (${c.nearEmpty.join(', ')})` : ''}`);
  lines.push(`median engine/Readability word ratio: ${c.medianWordRatio}`);
  lines.push(`token F1 vs Readability: median ${c.medianF1}, p10 ${c.p10F1}, pages with F1 >= 0.8: ${c.agreeing}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatComparison(compareMainContent(corpusPages()), process.argv.includes('--pages')));
}
