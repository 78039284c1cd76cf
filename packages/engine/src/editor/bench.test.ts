import { describe, expect, it } from 'vitest';
import { benchEditor } from './bench';

describe('benchEditor', () => {
  it('analyses a 2,000-word article and reports its timings', () => {
    const result = benchEditor(3);
    expect(result.words).toBeGreaterThanOrEqual(2000);
    expect(result.medianMs).toBeGreaterThan(0);
    expect(result.p95Ms).toBeGreaterThanOrEqual(result.medianMs);
  });
});
