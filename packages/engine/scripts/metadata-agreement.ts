/**
 * Title, author and publication-date agreement of the page model with the corpus's expected
 * metadata, side by side with metascraper on the same pages. Not a test: it prints figures.
 *
 *   node --import tsx packages/engine/scripts/metadata-agreement.ts [--misses] [--json]
 *
 * "title" accepts the visible headline where the expected title is that headline with the site's
 * name set off after or before it (test/fixtures/corpus-compare.ts sameTitle); "exact" does not.
 * Figures are computed on the page model's own fields (articleTitle, author, dates.publishedAt),
 * the ones the checks read. "lenient" is the comparison of test/corpus.test.ts (one author string
 * contains the other, same instant or day); "strict" also refuses an author with anything but
 * names in it ("Dan Goodin - Aug 10, 2016" for "Dan Goodin"). The expected metadata is
 * Readability's reading of each page and is itself wrong on a few pages (a date or "Follow Author"
 * as byline, another story's author); the rows marked "corrected" apply test/fixtures/corpus-errata.ts,
 * as test/corpus.test.ts does. "junk" counts found authors that are plainly not names, whatever
 * the expected value.
 *
 * The second table is the dates corpus (test/corpus-dates: 300 pages, several not UTF-8, decoded
 * by their declared charset): the publication day a person read on each, same calendar day.
 *
 * metascraper is a root dev dependency used here for comparison only; packages/*\/src never
 * imports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import createMetascraper from 'metascraper';
import metascraperAuthor from 'metascraper-author';
import metascraperDate from 'metascraper-date';
import metascraperTitle from 'metascraper-title';
import { buildPageModel } from '../src/model/build-page-model';
import { BYLINE_ERRATA } from '../test/fixtures/corpus-errata';
import { norm, sameInstantOrDay, sameTitle, stripBy } from '../test/fixtures/corpus-compare';
import { datedPages, readDatedPage, sameDay } from '../test/fixtures/dates-corpus';

const DIR = fileURLToPath(new URL('../test/corpus/', import.meta.url));
const showMisses = process.argv.includes('--misses');
const asJson = process.argv.includes('--json');

interface Expected {
  title: string | null;
  byline: string | null;
  publishedTime: string | null;
}
interface Got {
  title: string | null;
  author: string | null;
  published: string | null;
}

const authorLenient = (e: string, g: string) => stripBy(e).includes(stripBy(g)) || stripBy(g).includes(stripBy(e));
// Every name given is in the expected byline, and nothing but names was given.
const authorStrict = (e: string, g: string) => !isJunkAuthor(g) && g.split(/\s*,\s*/).every((name) => name !== '' && stripBy(e).includes(norm(name)));

/** Plainly not a name: a date or time, a "By" left in, a handle, a URL, a sentence. */
function isJunkAuthor(s: string): boolean {
  return /\d|^\s*by\b|@|https?:|\b(?:updated|published|posted)\b/i.test(s) || s.length > 80 || s.trim().split(/\s+/).length > 12;
}

interface Tally {
  agree: number;
  total: number;
  found: number;
  misses: string[];
}
const newTally = (): Tally => ({ agree: 0, total: 0, found: 0, misses: [] });

function score(pages: { name: string; expected: Expected; got: Got }[]) {
  const t = { title: newTally(), titleExact: newTally(), authorLenient: newTally(), authorStrict: newTally(), published: newTally(), junkAuthors: 0, authorsFound: 0, datesFound: 0 };
  const add = (tally: Tally, name: string, e: string | null, g: string | null, same: (a: string, b: string) => boolean) => {
    if (!e) return;
    tally.total++;
    if (g) tally.found++;
    if (g && same(e, g)) tally.agree++;
    else tally.misses.push(`${name}: expected ${JSON.stringify(e)}, got ${JSON.stringify(g)}`);
  };
  for (const { name, expected, got } of pages) {
    add(t.title, name, expected.title, got.title, sameTitle);
    add(t.titleExact, name, expected.title, got.title, (a, b) => norm(a) === norm(b));
    add(t.authorLenient, name, expected.byline, got.author, authorLenient);
    add(t.authorStrict, name, expected.byline, got.author, authorStrict);
    add(t.published, name, expected.publishedTime, got.published, sameInstantOrDay);
    if (got.author) t.authorsFound++;
    if (got.author && isJunkAuthor(got.author)) t.junkAuthors++;
    if (got.published) t.datesFound++;
  }
  return t;
}

const names = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const metascraper = createMetascraper([metascraperAuthor(), metascraperDate(), metascraperTitle()]);

const citable: { name: string; expected: Expected; got: Got }[] = [];
const scraper: { name: string; expected: Expected; got: Got }[] = [];
for (const name of names) {
  const html = readFileSync(`${DIR}${name}/source.html`, 'utf8');
  const expected = JSON.parse(readFileSync(`${DIR}${name}/expected-metadata.json`, 'utf8')) as Expected;
  const url = `http://fakehost/${name}/`;
  const model = buildPageModel({ body: html, format: 'html', url });
  citable.push({ name, expected, got: { title: model.articleTitle, author: model.author, published: model.dates.publishedAt } });
  const m = await metascraper({ html, url, validateUrl: false });
  scraper.push({ name, expected, got: { title: m.title ?? null, author: m.author ?? null, published: m.date ?? null } });
}

const corrected = (pages: typeof citable) =>
  pages.map((p) => (BYLINE_ERRATA[p.name] ? { ...p, expected: { ...p.expected, byline: BYLINE_ERRATA[p.name].byline } } : p));
const a = score(citable);
const b = score(scraper);
const ac = score(corrected(citable));
const bc = score(corrected(scraper));
const pct = (x: Tally) => `${x.agree}/${x.total} (${((x.agree / Math.max(1, x.total)) * 100).toFixed(1)}%)`;
const rows: [string, string, string][] = [
  ['title', pct(a.title), pct(b.title)],
  ['title (exact, site suffix too)', pct(a.titleExact), pct(b.titleExact)],
  ['author (lenient)', pct(a.authorLenient), pct(b.authorLenient)],
  ['author (strict)', pct(a.authorStrict), pct(b.authorStrict)],
  ['author (lenient, corr.)', pct(ac.authorLenient), pct(bc.authorLenient)],
  ['author (strict, corr.)', pct(ac.authorStrict), pct(bc.authorStrict)],
  ['published', pct(a.published), pct(b.published)],
  ['authors found / junk', `${a.authorsFound} / ${a.junkAuthors}`, `${b.authorsFound} / ${b.junkAuthors}`],
  ['dates found (any page)', String(a.datesFound), String(b.datesFound)],
];
if (asJson) {
  console.log(JSON.stringify({ pages: names.length, citable: a, metascraper: b, citableCorrected: ac, metascraperCorrected: bc }, (k, v) => (k === 'misses' && !showMisses ? undefined : v), 2));
} else {
  console.log(`${names.length} corpus pages; page model fields vs metascraper ${'(author, date, title rules)'}`);
  console.log(`${'field'.padEnd(32)}${'Citable'.padEnd(20)}metascraper`);
  for (const [field, x, y] of rows) console.log(`${field.padEnd(32)}${x.padEnd(20)}${y}`);
  if (showMisses) {
    for (const [label, tally] of Object.entries({ title: a.title, 'author (strict, corrected)': ac.authorStrict, published: a.published })) {
      console.log(`\nCitable ${label} misses:`);
      for (const m of tally.misses) console.log(`  ${m}`);
    }
    console.log('\nCitable junk authors:');
    for (const p of citable) if (p.got.author && isJunkAuthor(p.got.author)) console.log(`  ${p.name}: ${JSON.stringify(p.got.author)}`);
  }
}

// The dates corpus: the same day as the one a person read on the page.
const dated = datedPages();
let citableDays = 0;
let scraperDays = 0;
let citableFound = 0;
let scraperFound = 0;
const dayMisses: string[] = [];
for (const page of dated) {
  const html = readDatedPage(page);
  const model = buildPageModel({ body: html, format: 'html', url: page.url });
  const ours = model.dates.publishedAt;
  if (ours) citableFound++;
  if (sameDay(page.date, ours)) citableDays++;
  else dayMisses.push(`${page.file}: expected ${page.date}, got ${ours} (${model.dates.publishedSource})`);
  const m = await metascraper({ html, url: page.url, validateUrl: false });
  // metascraper gives an ISO instant in UTC; its day is compared as given.
  const theirs = m.date ? new Date(m.date).toISOString() : null;
  if (theirs) scraperFound++;
  if (sameDay(page.date, theirs)) scraperDays++;
}
const dayPct = (n: number) => `${n}/${dated.length} (${((n / dated.length) * 100).toFixed(1)}%)`;
if (asJson) {
  console.log(JSON.stringify({ datesCorpus: { pages: dated.length, citable: citableDays, metascraper: scraperDays, citableFound, scraperFound } }));
} else {
  console.log(`\n${dated.length} dates-corpus pages; published day vs metascraper`);
  console.log(`${'field'.padEnd(32)}${'Citable'.padEnd(20)}metascraper`);
  console.log(`${'published (same day)'.padEnd(32)}${dayPct(citableDays).padEnd(20)}${dayPct(scraperDays)}`);
  console.log(`${'dates found'.padEnd(32)}${String(citableFound).padEnd(20)}${scraperFound}`);
  if (showMisses) for (const m of dayMisses) console.log(`  ${m}`);
}
