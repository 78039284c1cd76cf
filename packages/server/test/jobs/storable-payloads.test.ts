import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobDefinition } from '../../src/jobs/jobs-plugin';
import { startTestServer, type TestServer } from '../helpers';

/**
 * Issue #35: pg-boss stores a job's payload and a failed job's output as JSON, where a lone UTF-16
 * surrogate or a NUL (a hostile page's title, a name typed into a form) is an escape PostgreSQL
 * refuses (22P02, 22P05). Such a payload is stored through the same boundary as every other text,
 * so the job is sent and run; and a job failing with such text in its error still ends failed.
 * On PGlite, and on PostgreSQL with DATABASE_URL (CI runs both).
 */

const HOSTILE = 'Widgets \ud800 Inc\u0000 \udfff';
const STORED = 'Widgets \ufffd Inc \ufffd';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

interface JobRow {
  state: string;
  data: unknown;
  output: unknown;
}

async function jobState(id: string): Promise<JobRow | undefined> {
  const result: unknown = await server.db.execute(sql`select state, data, output from pgboss.job where id = ${id}`);
  // The drivers answer differently: PGlite's result has rows, node-postgres's drizzle result is them.
  const rows = (result as { rows?: JobRow[] }).rows ?? (result as JobRow[]);
  return rows[0];
}

async function until<T>(read: () => Promise<T | undefined>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined && done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job payloads with text PostgreSQL cannot store', () => {
  it('are sent, stored and handed to the handler with the text made storable', async () => {
    let ran: (payload: { name: string; tags: string[] }) => void = () => {};
    const handled = new Promise<{ name: string; tags: string[] }>((resolve) => (ran = resolve));
    const definition: JobDefinition<z.ZodObject<{ name: z.ZodString; tags: z.ZodArray<z.ZodString> }>> = {
      id: 'test-storable-payload',
      payload: z.object({ name: z.string(), tags: z.array(z.string()) }),
      queue: { retryLimit: 0, notify: true },
      handler: async (payload) => ran(payload),
    };
    await server.app.jobs.define(definition);
    const id = await server.app.jobs.send(definition, { name: HOSTILE, tags: [HOSTILE, 'plain'] });
    expect(await handled).toEqual({ name: STORED, tags: [STORED, 'plain'] });
    const stored = await until(() => jobState(id), (job) => job.state === 'completed');
    expect(stored.data).toEqual({ name: STORED, tags: [STORED, 'plain'] });
  }, 60_000);

  it('that fail with such text in their error end failed, with the message stored', async () => {
    const definition: JobDefinition<z.ZodObject<{ url: z.ZodString }>> = {
      id: 'test-storable-failure',
      payload: z.object({ url: z.string() }),
      queue: { retryLimit: 0, notify: true },
      handler: async ({ url }) => {
        throw new Error(`Could not save ${url}: ${HOSTILE}`);
      },
    };
    await server.app.jobs.define(definition);
    const id = await server.app.jobs.send(definition, { url: 'https://example.com/' });
    const failed = await until(() => jobState(id), (job) => job.state === 'failed');
    expect(JSON.stringify(failed.output)).toContain(`Could not save https://example.com/: ${STORED}`);
  }, 60_000);
});
