import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultAuditJobConcurrency, defaultAuditThreads, loadConfig } from '../../src/config';

/** AUDIT_THREADS, AUDIT_JOB_CONCURRENCY and AUDIT_WORKER_HEAP_MB (config.ts, features/audits/engine). */

const dataDir = mkdtempSync(path.join(tmpdir(), 'citable-engine-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the audit engine settings', () => {
  it('follow the cores by default: one engine thread less than the cores (1 to 4), twice the cores in jobs (2 to 16)', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultAuditThreads(cores))).toEqual([1, 1, 2, 3, 4, 4]);
    expect([1, 2, 4, 8, 64].map((cores) => defaultAuditJobConcurrency(cores))).toEqual([2, 4, 8, 16, 16]);
    expect(loadConfig({ DATA_DIR: dataDir }).auditEngine).toEqual({
      threads: defaultAuditThreads(availableParallelism()),
      jobConcurrency: defaultAuditJobConcurrency(availableParallelism()),
      heapMb: 1024,
    });
  });

  it('are read from the environment, and refuse what is not a whole number in range', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_THREADS: '3', AUDIT_JOB_CONCURRENCY: '12', AUDIT_WORKER_HEAP_MB: '512' }).auditEngine).toEqual({ threads: 3, jobConcurrency: 12, heapMb: 512 });
    for (const [name, value] of [
      ['AUDIT_THREADS', '0'],
      ['AUDIT_THREADS', 'two'],
      ['AUDIT_JOB_CONCURRENCY', '1.5'],
      ['AUDIT_WORKER_HEAP_MB', '32'],
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(name);
    }
  });
});
