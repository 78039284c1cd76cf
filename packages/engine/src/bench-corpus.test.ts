import { describe, expect, it } from 'vitest';
import { benchCorpus } from './bench-corpus';

// A clock that advances by the scripted steps, so each timed span has a known length: per page
// and round, the bare parse takes the first step and the engine the second.
function scriptedClock(spans: number[]): () => number {
  let now = 0;
  let i = 0;
  let start = true;
  return () => {
    if (!start) now += spans[i++] ?? 0;
    start = !start;
    return now;
  };
}

describe('benchCorpus', () => {
  const page = '<!doctype html><html><head><title>A page</title></head><body><h1>A page</h1><p>Some text.</p></body></html>';

  it('reports the slowest page, best of its rounds, and which page it is', () => {
    // Three pages, two rounds: [parse, engine] per round.
    const clock = scriptedClock([1, 10, 1, 12, /* page 2 */ 1, 70, 1, 60, /* page 3 */ 2, 8, 2, 9]);
    const timing = benchCorpus([page, page, page], { rounds: 2, warmup: 0, now: clock });
    expect(timing.maxMs).toBe(60);
    expect(timing.slowestPage).toBe(1);
    expect(timing.medianMs).toBe(10);
    expect(timing.parseMedianMs).toBe(1);
    expect(timing.medianRatio).toBe(10);
  });

  it('has no slowest page on an empty corpus', () => {
    const timing = benchCorpus([], { rounds: 1, warmup: 0 });
    expect(timing.maxMs).toBe(0);
    expect(timing.slowestPage).toBe(-1);
  });
});
