import { describe, expect, it } from 'vitest';
import { runLoadtest } from '../../../../scripts/loadtest/run';

/** The smoke version of `npm run loadtest`: 10 s of dashboard reads must give no error at all. */
describe('load smoke', () => {
  it('serves 10 s of dashboard reads without an error', { timeout: 120_000 }, async () => {
    const { dashboard, baseline } = await runLoadtest({ users: 2, auditsPerUser: 2, connections: 10, durationSeconds: 5 });
    // 5 s on the bare route, then 5 s on the dashboard: 10 s of load in all.
    expect(baseline.errors + baseline.non2xx).toBe(0);
    expect(dashboard.requests).toBeGreaterThan(0);
    expect(dashboard.errors).toBe(0);
    expect(dashboard.non2xx).toBe(0);
  });
});
