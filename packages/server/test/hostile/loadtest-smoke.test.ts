import { describe, expect, it } from 'vitest';
import { runLoadtest } from '../../../../scripts/loadtest/run';

/**
 * The smoke version of `npm run loadtest`: a small data set seeded through the services, then
 * 10 s of dashboard page loads with audit submissions, and 3 s of them paced, must give no error at all. Speed is not
 * asserted: the machine may be busy; errors are what this guards.
 */
const CONNECTIONS = 10;

describe('load smoke', () => {
  it('serves 10 s of dashboard loads and audit submissions without an error', { timeout: 300_000 }, async () => {
    const report = await runLoadtest({
      users: 4,
      auditsPerUser: 3,
      activitiesPerUser: 8,
      connections: CONNECTIONS,
      durationSeconds: 10,
      bareDurationSeconds: 2,
      submitEvery: 1,
      pacedSeconds: 3,
      // A busy machine may be slow, never wrong: only a request unanswered for a minute is an error here.
      timeoutSeconds: 60,
    });
    expect(report.baseline.errors + report.baseline.non2xx).toBe(0);
    expect(report.reads.requests).toBeGreaterThan(0);
    expect(report.submissions.requests).toBeGreaterThan(0);
    expect(report.dashboard.errors).toBe(0);
    expect(report.reads.statuses).toEqual({ 200: report.reads.requests });
    // Accepted (202), or refused because that user's audit is still queued (409): nothing else.
    expect(Object.keys(report.submissions.statuses).filter((status) => status !== '202' && status !== '409')).toEqual([]);
    expect(report.submissions.statuses[202]).toBeGreaterThan(0);
    // Every accepted submission made one run. The phase ends on autocannon's clock, which drops the
    // requests still in flight (at most one per connection): a submission among them may have made
    // its run without its 202 being counted.
    const runs = Object.values(report.audits).reduce((sum, n) => sum + n, 0);
    expect(runs).toBeGreaterThanOrEqual(report.submissions.statuses[202]!);
    expect(runs).toBeLessThanOrEqual(report.submissions.statuses[202]! + CONNECTIONS);
    // The paced phase offers half the measured throughput: exactly rate × seconds requests, all answered.
    const paced = report.paced!;
    expect(paced.offeredRate).toBe(Math.max(1, Math.floor(report.reads.throughput / 2)));
    expect(paced.errors + paced.non2xx).toBe(0);
    expect(paced.requests).toBe(Math.floor(paced.offeredRate * 3));
  });
});
