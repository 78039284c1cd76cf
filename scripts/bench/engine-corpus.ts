/**
 * Benchmark phase: the engine over every corpus page against a bare htmlparser2 parse of the
 * same pages, through the engine's own benchCorpus helper (warm-up, then the best of several
 * rounds per page; medians over pages). Run by scripts/bench.ts in its own process, so the
 * peak RSS is the engine's alone; sends an EngineBenchResult over IPC.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchCorpus } from '@citable/engine';
import { datedPages, readDatedPage } from '../../packages/engine/test/fixtures/dates-corpus';
import { peakRssMb, type EngineBenchResult } from './bench-result';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2;

const corpus = fileURLToPath(new URL('../../packages/engine/test/corpus/', import.meta.url));
const names = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sources = names.map((name) => readFileSync(`${corpus}${name}/source.html`, 'utf8'));
const dated = datedPages();

const timing = benchCorpus(sources, { rounds: ROUNDS, warmup: WARMUP });
const datesTiming = benchCorpus(dated.map(readDatedPage), { rounds: ROUNDS, warmup: WARMUP });
const result: EngineBenchResult = {
  pages: timing.pages,
  rounds: ROUNDS,
  medianMs: timing.medianMs,
  p95Ms: timing.p95Ms,
  parseMedianMs: timing.parseMedianMs,
  parseP95Ms: timing.parseP95Ms,
  medianPageRatio: timing.medianRatio,
  maxMs: timing.maxMs,
  slowestPage: names[timing.slowestPage] ?? '',
  pagesPerSecond: (timing.pages * ROUNDS) / (timing.totalMs / 1000),
  peakRssMb: peakRssMb(),
  dates: {
    pages: datesTiming.pages,
    medianMs: datesTiming.medianMs,
    parseMedianMs: datesTiming.parseMedianMs,
    medianPageRatio: datesTiming.medianRatio,
    maxMs: datesTiming.maxMs,
    slowestPage: dated[datesTiming.slowestPage]?.file ?? '',
  },
};
process.send?.(result);
