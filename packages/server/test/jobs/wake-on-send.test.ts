import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobDefinition } from '../../src/jobs/jobs-plugin';
import { startTestServer, type TestServer } from '../helpers';

/**
 * A queue with `queue.notify` is woken the moment a job is sent (pg-boss's LISTEN/NOTIFY, which the
 * jobs plugin turns on in a process that works jobs), on PGlite and on PostgreSQL (DATABASE_URL).
 * Shown without a clock: the queue polls once an hour, so the job can only have run because
 * sending it woke the worker. Without the wake-up this test would wait out its timeout.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

describe('jobs on a notify queue', () => {
  it('run when sent, though their queue polls only once an hour', async () => {
    const handled: string[] = [];
    let ran: (text: string) => void = () => {};
    const definition: JobDefinition<z.ZodObject<{ text: z.ZodString }>> = {
      id: 'test-wake-on-send',
      payload: z.object({ text: z.string() }),
      queue: { retryLimit: 0, notify: true },
      work: { pollingIntervalSeconds: 3600, notifyPollingIntervalSeconds: 3600 },
      handler: async ({ text }) => {
        handled.push(text);
        ran(text);
      },
    };
    // Defined on the running app: its worker starts now, fetches once (nothing), and sleeps an hour.
    await server.app.jobs.define(definition);
    for (const text of ['first', 'second']) {
      const done = new Promise<string>((resolve) => (ran = resolve));
      await server.app.jobs.send(definition, { text });
      expect(await done).toBe(text);
    }
    expect(handled).toEqual(['first', 'second']);
  }, 60_000);
});
