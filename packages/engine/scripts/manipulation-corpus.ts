/**
 * Runs the manipulation checks (hidden-text, prompt-injection) over both corpora (test/corpus, 130
 * pages, and test/corpus-dates, 300 pages) and prints every finding and every hidden block that
 * nothing explains, so that a rule can be checked against real pages: `npx tsx scripts/manipulation-corpus.ts [--all]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildPageModel } from '../src/model/build-page-model';
import { CHECKS_BY_ID } from '../src/checks';
import { datedPages, readDatedPage } from '../test/fixtures/dates-corpus';

const DIR = fileURLToPath(new URL('../test/corpus/', import.meta.url));
const all = process.argv.includes('--all');
const pages: { name: string; url: string; html: () => string }[] = [
  ...readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => ({ name: d.name, url: `http://fakehost/${d.name}/`, html: () => readFileSync(`${DIR}${d.name}/source.html`, 'utf8') })),
  ...datedPages().map((p) => ({ name: p.file, url: p.url, html: () => readDatedPage(p) })),
];
let findings = 0;
const started = performance.now();
for (const page of pages) {
  const model = buildPageModel({ body: page.html(), format: 'html', url: page.url });
  for (const id of ['hidden-text', 'prompt-injection']) {
    const check = CHECKS_BY_ID.get(id)!;
    const r = check.run(model, null, check.defaultOptions, { now: null });
    if (r.applicable && r.score < 1) {
      findings++;
      console.log(`FOUND ${id} ${page.name}: ${r.title}`);
      for (const d of r.details ?? []) console.log(`   ${d.label} | ${d.value ?? ''}`);
    }
  }
  if (all) for (const b of model.hiddenText.filter((x) => x.legitimate === null && x.words >= 5)) console.log(`  unexplained ${page.name}: ${b.how} ${b.element} ${b.words}w dup=${b.duplicateShare} "${b.excerpt.slice(0, 100)}"`);
}
console.log(`${pages.length} pages, ${findings} findings, ${Math.round(performance.now() - started)} ms`);
