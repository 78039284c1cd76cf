import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUILT_IN_SOURCE } from '@citable/contract';
import { user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { chatBody, chatCompletion, chatError } from '../fakes/openai-compatible';
import { startHttpFake, type HttpFake } from '../fakes/http-fake';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * LLM Site Summaries (issue 21, item 7): with a model configured, the summary is written by it from
 * the site's own ranked sentences and labelled with its name; without one, or when it fails, the
 * extractive summary is returned, labelled as the built-in analysis.
 */

const CONTENT = [
  'Lantern Tea is a family tea shop in Kyoto that ships loose-leaf sencha and matcha across Europe.',
  'Every tea is bought directly from farms in Uji and Shizuoka and packed in nitrogen-flushed tins.',
  'Orders over 40 euros ship free, and each tin carries its harvest date.',
].join(' ');
const WRITTEN = 'Lantern Tea is a Kyoto tea shop shipping farm-direct sencha and matcha across Europe.';

let llm: HttpFake;
let server: TestServer;
let offline: TestServer;
let cookie: string;

async function coreUser(target: TestServer): Promise<string> {
  const email = uniqueEmail('sum');
  const session = await signUpVerified(target.baseUrl, { name: 'Sumi', email, password: STRONG_PASSWORD });
  const [row] = await target.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setPlan(target.db, row.id, 'core');
  return session;
}

const summarise = (target: TestServer, session: string) =>
  api(target.baseUrl, '/api/functions/llm-site-summaries', { cookie: session, body: { content: CONTENT, summaryType: 'brief' } });

beforeAll(async () => {
  llm = await startHttpFake(() => chatCompletion(WRITTEN));
  server = await startTestServer({ env: { LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'fake-model', LLM_BASE_URL: `${llm.url}/v1`, LLM_MAX_RETRIES: '0' } });
  offline = await startTestServer();
  cookie = await coreUser(server);
});

afterAll(async () => {
  await Promise.all([server?.close(), offline?.close()]);
  await llm?.close();
});

describe('LLM Site Summaries', () => {
  it('are written by the configured model from the site’s own sentences, and say so', async () => {
    const response = await summarise(server, cookie);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ summary: WRITTEN, source: 'fake-model', summaryType: 'brief' });
    const body = chatBody(llm.requests.at(-1)!);
    const prompt = body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('one or two sentences');
    expect(prompt).toContain('packed in nitrogen-flushed tins');
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(body.messages[0].content).toContain('Use only the facts given');
  });

  it('fall back to the extractive summary when the model fails', async () => {
    llm.handle(() => chatError(500));
    const response = await summarise(server, cookie);
    expect(response.status).toBe(200);
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(response.body.summary).not.toBe(WRITTEN);
    expect(CONTENT).toContain(response.body.summary.split('.')[0]);
    llm.handle(() => chatCompletion(WRITTEN));
  });

  it('are extractive, and labelled so, on a server with no model', async () => {
    const response = await summarise(offline, await coreUser(offline));
    expect(response.status).toBe(200);
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(CONTENT).toContain(response.body.summary.split('.')[0]);
  });
});
