import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchCorpus } from '../src/bench-corpus';

const dir = fileURLToPath(new URL('../test/corpus/', import.meta.url));
const sources = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => readFileSync(`${dir}${d.name}/source.html`, 'utf8'));
console.log(benchCorpus(sources, { rounds: Number(process.env.ROUNDS ?? 3) }));
