import { readdirSync, readFileSync } from 'node:fs';
import { extractMetadata } from '../src/extract-metadata';
const dir = '/work/shared/corpus/real-pages';
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const stats: Record<string, [number, number]> = { title: [0, 0], author: [0, 0], lang: [0, 0], date: [0, 0] };
for (const name of readdirSync(dir)) {
  const html = readFileSync(`${dir}/${name}/source.html`, 'utf8');
  const exp = JSON.parse(readFileSync(`${dir}/${name}/expected-metadata.json`, 'utf8'));
  const got = extractMetadata(html, 'http://fakehost/test/page.html');
  const cmp = (k: string, e: string | null | undefined, g: string | null, ok: (e: string, g: string) => boolean) => {
    if (!e) return;
    stats[k][1]++;
    if (g && ok(e, g)) stats[k][0]++;
    else console.log(k, name, JSON.stringify(e), '=>', JSON.stringify(g));
  };
  cmp('title', exp.title, got.title, (e, g) => norm(e) === norm(g));
  cmp('author', exp.byline, got.author, (e, g) => { const a = norm(e).replace(/^(by|par|von)\s+/, ''); const b = norm(g).replace(/^(by|par|von)\s+/, ''); return a.includes(b) || b.includes(a); });
  cmp('lang', exp.lang, got.lang, (e, g) => norm(e) === norm(g));
  cmp('date', exp.publishedTime, got.publishedTime, (e, g) => { const p = Date.parse(g); const q = Date.parse(e.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')); return Math.abs(p - q) < 864e5 + 1 || g.slice(0, 10) === e.slice(0, 10); });
}
console.log(stats);
