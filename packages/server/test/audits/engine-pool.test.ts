import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInput, SiteContext } from '@citable/contract';
import { auditContent, auditFetchedPage } from '@citable/engine';
import { AuditFailure } from '../../src/features/audits/audit-failure';
import { AuditEngineClosed, AuditEngineCrash, AuditEngineError, AuditEngineOutOfMemory, EnginePool } from '../../src/features/audits/engine/engine-pool';
import type { EngineTask } from '../../src/features/audits/engine/engine-messages';
import { SITES_KEPT_PER_WORKER } from '../../src/features/audits/engine/engine-messages';

/**
 * The audit engine's worker pool (features/audits/engine): the engine's work happens on worker
 * threads, with the same results as on the calling thread, while the calling thread's event loop
 * goes on; what the workers throw or how they die reaches the caller as the error kinds the audit
 * code handles, and a dead worker is replaced. Nothing here waits on a clock: orderings are of events.
 */

const NOW = new Date('2026-01-15T00:00:00Z');
const prose = (n: number) =>
  `<h2>How is sencha number ${n} brewed?</h2><p>Sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup. According to the Japan Tea Association, about 40% of the tea of Japan is grown in Shizuoka.</p><ul><li>Warm the pot</li><li>Add five grams per cup</li></ul>`;
const html = (title: string, body: string) => `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title}: how to brew green tea."></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const page = (path: string, body: string, status = 200): PageInput => ({ url: `https://tea.example.com${path}`, status, headers: { 'content-type': 'text/html' }, body: html(`Guide ${path}`, body), format: 'html' });
const site = (n: number): SiteContext => ({
  origin: 'https://tea.example.com',
  robotsTxt: null,
  llmsTxt: null,
  llmsFullTxt: null,
  sitemap: { urls: ['https://tea.example.com/sitemap.xml'], foundAt: 'https://tea.example.com/sitemap.xml', pageUrls: Array.from({ length: 50 + n }, (_, i) => `https://tea.example.com/p/${i}`), errors: [] },
  aiCrawlers: [],
});

/** A page whose audit takes a good while (about 1.5 MB of sections): long enough for the event loop to turn many times. */
const heavy = page('/heavy', Array.from({ length: 4000 }, (_, i) => prose(i)).join('\n'));

/**
 * A stand-in worker for the failure paths, as plain CommonJS (the pool evaluates its script):
 * pasted content names what to do.
 */
const testWorker = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, task }) => {
  const what = task.type === 'content' ? task.content : 'page';
  if (what === 'exit') process.exit(7);
  if (what === 'oom') { const hoard = []; for (;;) hoard.push(new Array(100000).fill(hoard.length)); }
  if (what === 'wait') Atomics.wait(task.flag, 0, 0);
  if (what === 'throw') {
    const error = new TypeError('the check could not read the model');
    parentPort.postMessage({ id, error: { name: error.name, message: error.message, stack: error.stack } });
    return;
  }
  parentPort.postMessage({ id, result: { echoed: what, thread: require('node:worker_threads').threadId } });
});`;

describe('the audit engine pool', () => {
  let pool: EnginePool;
  beforeAll(async () => {
    pool = new EnginePool({ threads: 2, heapMb: 1024 });
    // Started (the worker bundled and loaded) before anything below depends on it.
    await pool.auditContent('# Warm-up', NOW);
  }, 120_000);
  afterAll(() => pool?.close());

  it('audits pages and content as the engine does on this thread, with the site context sent once per worker', async () => {
    const sites = Array.from({ length: SITES_KEPT_PER_WORKER + 2 }, (_, n) => site(n));
    // Each site several times, interleaved, so workers hold, reuse and drop site contexts.
    const inputs = Array.from({ length: 24 }, (_, i) => ({ page: page(`/p/${i}`, prose(i)), site: sites[(i * 5) % sites.length] }));
    const inPool = await Promise.all(inputs.map((input) => pool.auditPage(input.page, input.site, NOW)));
    expect(inPool).toEqual(inputs.map((input) => auditFetchedPage({ page: input.page, site: input.site }, { now: NOW })));
    expect(await pool.auditPage(page('/missing', prose(1), 404), null, NOW)).toEqual({ type: 'error-page', errorPage: { url: 'https://tea.example.com/missing', status: 404, reason: 'answered 404 Not Found' } });
    const text = `# Brewing green tea\n\n${'Lantern Tea explains how to brew sencha at 70 °C for one minute. '.repeat(30)}`;
    expect(await pool.auditContent(text, NOW)).toEqual(auditContent(text, {}, { now: NOW }));
  });

  it('leaves the event loop free while a heavy page is audited: a timer set during the audit fires before it completes', async () => {
    let timerFired = false;
    let turns = 0;
    let counting = true;
    const turn = () => {
      turns += 1;
      if (counting) setImmediate(turn);
    };
    const audit = pool.auditPage(heavy, null, NOW).then((result) => ({ result, timerFiredFirst: timerFired, turns }));
    setTimeout(() => (timerFired = true), 0);
    setImmediate(turn);
    const { result, timerFiredFirst, turns: turnsDuringAudit } = await audit;
    counting = false;
    expect(result.type).toBe('audited');
    expect(timerFiredFirst).toBe(true);
    // On this thread the audit would hold the loop from start to end: not one turn in between.
    expect(turnsDuringAudit).toBeGreaterThan(1);
  }, 120_000);

  it('runs no more workers than its threads, and tasks beyond them wait their turn', async () => {
    const small = new EnginePool({ threads: 1, heapMb: 256, script: async () => testWorker });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => small.run({ type: 'content', content: `task ${i}`, now: 0 })));
      expect(answers.map((answer) => (answer as { echoed: string }).echoed)).toEqual(['task 0', 'task 1', 'task 2', 'task 3', 'task 4']);
      expect(new Set(answers.map((answer) => (answer as { thread: number }).thread)).size).toBe(1);
      expect(small.stats).toMatchObject({ threads: 1, busy: 0, queued: 0, completed: 5 });
    } finally {
      await small.close();
    }
  });

  it('rejects what the engine throws as an AuditEngineError (an internal error: not an AuditFailure), and the worker goes on', async () => {
    const small = new EnginePool({ threads: 1, heapMb: 256, script: async () => testWorker });
    try {
      const failed = await small.run({ type: 'content', content: 'throw', now: 0 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AuditEngineError);
      expect(failed).not.toBeInstanceOf(AuditFailure);
      expect((failed as Error).message).toBe('the check could not read the model');
      expect((failed as Error).stack).toContain('TypeError: the check could not read the model');
      const after = (await small.run({ type: 'content', content: 'after', now: 0 })) as { echoed: string };
      expect(after.echoed).toBe('after');
      expect(small.stats.threads).toBe(1);
    } finally {
      await small.close();
    }
  });

  it('fails the task of a worker that exits with an AuditEngineCrash, and starts another worker for the next', async () => {
    const small = new EnginePool({ threads: 1, heapMb: 256, script: async () => testWorker });
    try {
      const first = (await small.run({ type: 'content', content: 'before', now: 0 })) as { thread: number };
      const failed = await small.run({ type: 'content', content: 'exit', now: 0 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AuditEngineCrash);
      expect((failed as Error).message).toBe("the audit engine's worker stopped (exit code 7)");
      const next = (await small.run({ type: 'content', content: 'after', now: 0 })) as { echoed: string; thread: number };
      expect(next.echoed).toBe('after');
      expect(next.thread).not.toBe(first.thread);
    } finally {
      await small.close();
    }
  });

  it('fails the task of a worker out of its heap with AuditEngineOutOfMemory, an AuditFailure with a message for the user, and goes on', async () => {
    const small = new EnginePool({ threads: 1, heapMb: 64, script: async () => testWorker });
    try {
      const failed = await small.run({ type: 'content', content: 'oom', now: 0 }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AuditEngineOutOfMemory);
      expect(failed).toBeInstanceOf(AuditFailure);
      expect((failed as Error).message).toBe('The page could not be audited: auditing it needed more memory than an audit may use.');
      const next = (await small.run({ type: 'content', content: 'after', now: 0 })) as { echoed: string };
      expect(next.echoed).toBe('after');
    } finally {
      await small.close();
    }
  }, 60_000);

  it('fails every waiting task when its worker cannot be built, and tries again for the next task', async () => {
    let builds = 0;
    const flaky = new EnginePool({
      threads: 1,
      heapMb: 256,
      script: async () => {
        builds += 1;
        if (builds === 1) throw new Error('esbuild is missing');
        return testWorker;
      },
    });
    try {
      const failed = await Promise.all([flaky.run({ type: 'content', content: 'a', now: 0 }).catch((error: unknown) => error), flaky.run({ type: 'content', content: 'b', now: 0 }).catch((error: unknown) => error)]);
      for (const error of failed) {
        expect(error).toBeInstanceOf(AuditEngineCrash);
        expect((error as Error).message).toBe('the audit engine could not start: esbuild is missing');
      }
      expect(((await flaky.run({ type: 'content', content: 'c', now: 0 })) as { echoed: string }).echoed).toBe('c');
    } finally {
      await flaky.close();
    }
  });

  it('when closed, lets the task in flight finish, fails what still waits with AuditEngineClosed, and refuses new work', async () => {
    const small = new EnginePool({ threads: 1, heapMb: 256, script: async () => testWorker });
    // The worker holds the first task until the flag is raised; the second waits behind it.
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const inFlight = small.run({ type: 'content', content: 'wait', now: 0, flag } as EngineTask);
    const waiting = small.run({ type: 'content', content: 'b', now: 0 }).catch((error: unknown) => error);
    while (small.stats.busy === 0) await new Promise((resolve) => setImmediate(resolve));
    const closing = small.close();
    expect(await waiting).toBeInstanceOf(AuditEngineClosed);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    expect(((await inFlight) as { echoed: string }).echoed).toBe('wait');
    await closing;
    expect(small.stats.threads).toBe(0);
    await expect(small.run({ type: 'content', content: 'c', now: 0 })).rejects.toThrow(AuditEngineClosed);
  });
});
