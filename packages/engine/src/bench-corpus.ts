import { parseDocument } from 'htmlparser2';
import { auditSnapshot } from './audit';

export interface CorpusTiming {
  pages: number;
  /** Engine time per page (model + checks + scoring), milliseconds. */
  medianMs: number;
  p95Ms: number;
  /** Bare htmlparser2 parse of the same pages. */
  parseMedianMs: number;
  parseP95Ms: number;
  /** Median over pages of engine time / parse time. */
  medianRatio: number;
  /** The slowest page's engine time (target: no page over 50 ms) and its index in the sources. */
  maxMs: number;
  slowestPage: number;
  totalMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/**
 * Times the engine over page sources against a bare parse of the same pages. Takes a clock so
 * that it does no IO and runs anywhere (performance.now in Node and browsers).
 */
export function benchCorpus(sources: string[], options: { rounds?: number; warmup?: number; now?: () => number } = {}): CorpusTiming {
  const rounds = options.rounds ?? 3;
  const clock = options.now ?? (() => performance.now());
  for (let w = 0; w < (options.warmup ?? 1); w++) {
    for (const html of sources) auditSnapshot({ page: { url: 'https://example.com/page', body: html, format: 'html' }, site: null });
  }
  const engine: number[] = [];
  const parse: number[] = [];
  const ratios: number[] = [];
  let total = 0;
  for (const html of sources) {
    let bestEngine = Infinity;
    let bestParse = Infinity;
    for (let r = 0; r < rounds; r++) {
      let t = clock();
      parseDocument(html, { decodeEntities: true });
      bestParse = Math.min(bestParse, clock() - t);
      t = clock();
      auditSnapshot({ page: { url: 'https://example.com/page', body: html, format: 'html' }, site: null });
      const e = clock() - t;
      total += e;
      bestEngine = Math.min(bestEngine, e);
    }
    engine.push(bestEngine);
    parse.push(bestParse);
    ratios.push(bestEngine / Math.max(bestParse, 0.001));
  }
  const sort = (a: number[]) => [...a].sort((x, y) => x - y);
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    pages: sources.length,
    medianMs: r2(percentile(sort(engine), 0.5)),
    p95Ms: r2(percentile(sort(engine), 0.95)),
    parseMedianMs: r2(percentile(sort(parse), 0.5)),
    parseP95Ms: r2(percentile(sort(parse), 0.95)),
    medianRatio: r2(percentile(sort(ratios), 0.5)),
    maxMs: r2(Math.max(0, ...engine)),
    slowestPage: engine.length === 0 ? -1 : engine.indexOf(Math.max(...engine)),
    totalMs: r2(total),
  };
}
