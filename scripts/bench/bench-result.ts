/** What each benchmark phase, run in its own process, sends back to scripts/bench.ts. */
export interface EngineBenchResult {
  pages: number;
  rounds: number;
  medianMs: number;
  p95Ms: number;
  parseMedianMs: number;
  parseP95Ms: number;
  /** Median over pages of engine time / parse time, as the engine's helper computes it. */
  medianPageRatio: number;
  /** The slowest page (best of the rounds) and its name: target no page over 50 ms. */
  maxMs: number;
  slowestPage: string;
  pagesPerSecond: number;
  peakRssMb: number;
  /** The same figures on the dates corpus (test/corpus-dates, 300 pages decoded by their charset). */
  dates: { pages: number; medianMs: number; parseMedianMs: number; medianPageRatio: number; maxMs: number; slowestPage: string };
}

export interface CrawlBenchResult {
  audit: boolean;
  pages: number;
  failed: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMb: number;
}

/** Peak resident memory of this process so far, worker threads included (getrusage). */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
