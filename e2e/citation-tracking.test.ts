import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { anthropicWebSearchAnswer, openAiResponsesAnswer } from '../packages/server/test/fakes/answer-engines';
import { startHttpFake, type HttpFake } from '../packages/server/test/fakes/http-fake';
import { signUpAndOnboard, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// Issue 21: a website's tracked prompts, added in the Citation Tracker, run at once on every
// answer engine the server has (ChatGPT and Claude here, local fakes of their documented APIs
// reached through the AI SDK), and the dashboard shows each engine's mention rate, the prompts'
// table, share of voice, the cited sources and the gap, with the engines it lacks named in words.

const SITE = 'lantern-tea.example';
const PROMPTS = ['Where can I buy good sencha online?', 'Which tea shop ships matcha in Europe?'];

let server: AppServer;
let browser: Browser;
let chatgpt: HttpFake;
let claude: HttpFake;
let user: Account;

beforeAll(async () => {
  chatgpt = await startHttpFake(() => ({
    json: openAiResponsesAnswer('Lantern Tea sells a fine sencha. Kettle & Leaf is another shop.', [{ url: `https://${SITE}/sencha` }, { url: 'https://kettle.example/teas' }]),
  }));
  claude = await startHttpFake(() => ({ json: anthropicWebSearchAnswer('Kettle & Leaf is the shop most people name.', [{ url: 'https://kettle.example/teas', title: 'Kettle & Leaf' }]) }));
  server = await startAppServer({
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_BASE_URL: `${chatgpt.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-e2e',
    ANTHROPIC_BASE_URL: `${claude.url}/v1`,
    HN_SEARCH_URL: 'off',
    REDDIT_SEARCH_URL: 'off',
  });
  user = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `tracking.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: `https://${SITE}` }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
    plan: 'pro',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([chatgpt, claude].map((fake) => fake?.close()));
});

describe('tracked prompts', () => {
  test('are added in one go, run at once on every engine, and their history shows per engine and prompt', async () => {
    const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });
    await page.goto(`${server.baseUrl}/dashboard?section=citations`);
    const tracked = page.getByTestId('tracked-prompts');
    await tracked.waitFor();
    await page.getByTestId('tracked-empty').waitFor();
    const engines = await page.getByTestId('tracked-engines').innerText();
    expect(engines).toContain('Asked daily of ChatGPT, Claude');
    expect(engines).toContain('Gemini, Perplexity, AI answers: not set up on this server');
    expect(engines).not.toMatch(/API_KEY|BASE_URL/);

    await page.getByLabel('Add prompts').fill(PROMPTS.join('\n'));
    await page.getByRole('button', { name: 'Track 2 prompts' }).click();
    await page.getByTestId('tracked-list').getByText(PROMPTS[0]).waitFor();

    // The run starts at once; the history appears when it is stored.
    const table = page.getByTestId('tracking-prompts');
    await table.waitFor({ timeout: 60_000 });
    const latest = await page.getByTestId('tracking-latest-engines').innerText();
    expect(latest).toMatch(/ChatGPT 100% \(\d+–100%\) of 6 answers/);
    expect(latest).toMatch(/Claude 0% \(0–\d+%\) of 6 answers/);
    const rows = await table.innerText();
    for (const prompt of PROMPTS) expect(rows).toContain(prompt);
    expect(rows).toContain('100% (3/3)');
    expect(rows).toContain('0% (0/3)');
    expect(await page.getByTestId('tracking-cited-domains').innerText()).toMatch(/kettle\.example\s+4\b/);
    expect(await page.getByTestId('citation-share-of-voice').first().innerText()).toContain('Lantern Tea (you)');
    await page.getByTestId('tracked-schedule').getByText(/Next run/).waitFor();
    await screenshot(page, 'citations-tracked-prompts');

    // A prompt is untracked with its own button, named for screen readers.
    await page.getByRole('button', { name: `Stop tracking ${PROMPTS[1]}` }).click();
    await expect.poll(async () => page.getByTestId('tracked-list').innerText()).not.toContain(PROMPTS[1]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
