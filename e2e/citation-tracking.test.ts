import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { anthropicWebSearchAnswer, openAiResponsesAnswer } from '../packages/server/test/fakes/answer-engines';
import { startHttpFake, type HttpFake } from '../packages/server/test/fakes/http-fake';
import { startTestSite, type TestSite } from '../packages/server/test/fixtures/audit-site';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// Issue 21: a website's tracked prompts, added in the Citation Tracker, run at once on every
// answer engine the server has (ChatGPT and Claude here, local fakes of their documented APIs
// reached through the AI SDK), and the dashboard shows each engine's mention rate, the prompts'
// table, share of voice, the cited sources and the gap, with the engines it lacks named in words.

const PROMPTS = ['Where can I buy good sencha online?', 'Which tea shop ships matcha in Europe?'];

let site: TestSite;
let server: AppServer;
let browser: Browser;
let chatgpt: HttpFake;
let claude: HttpFake;
let user: Account;

beforeAll(async () => {
  // The user's website is a real local site, so it can be audited: a report needs an audit.
  site = await startTestSite();
  chatgpt = await startHttpFake(() => ({
    json: openAiResponsesAnswer('Lantern Tea sells a fine sencha. Kettle & Leaf is another shop.', [{ url: `${site.url}/sencha` }, { url: 'https://kettle.example/teas' }]),
  }));
  claude = await startHttpFake(() => ({ json: anthropicWebSearchAnswer('Kettle & Leaf is the shop most people name.', [{ url: 'https://kettle.example/teas', title: 'Kettle & Leaf' }]) }));
  server = await startAppServer({
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_BASE_URL: `${chatgpt.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-e2e',
    ANTHROPIC_BASE_URL: `${claude.url}/v1`,
    HN_SEARCH_URL: 'off',
    REDDIT_SEARCH_URL: 'off',
    FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
  user = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `tracking.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: site.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
    plan: 'pro',
  });
  expect((await callApi(server, '/api/functions/ai-visibility-audit', { body: { url: `${site.url}/about` }, cookie: user.cookie })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([chatgpt, claude].map((fake) => fake?.close()));
  await site?.close();
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
    expect(latest).toMatch(/ChatGPT mentioned 100% \(\d+–100%\) of 6 answers/);
    expect(latest).toMatch(/Claude mentioned 0% \(0–\d+%\) of 6 answers/);
    const rows = await table.innerText();
    for (const prompt of PROMPTS) expect(rows).toContain(prompt);
    expect(rows).toContain('100% (3/3)');
    expect(rows).toContain('0% (0/3)');
    expect(await page.getByTestId('tracking-cited-domains').innerText()).toMatch(/kettle\.example\s+4\b/);
    const voice = await page.getByTestId('citation-share-of-voice').first().innerText();
    expect(voice).toContain('Lantern Tea (you)');
    // Both engines name the competitor in every answer (12 of 18 mentions) and cite its page in every answer (issue 29: apart).
    expect(voice).toMatch(/Kettle & Leaf\s+67% · mentioned in 12 · cited in 12/);
    await page.getByTestId('tracked-schedule').getByText(/Next run/).waitFor();
    // A rate opens what the engine answered, ask by ask.
    await table.getByRole('button', { name: `100% (3/3): read ChatGPT's answers to “${PROMPTS[0]}”` }).click();
    const answers = page.getByTestId('tracking-answers');
    await answers.getByText('Ask 3: mentions you').waitFor();
    expect(await answers.innerText()).toContain('Lantern Tea sells a fine sencha.');

    // What the engines cost this month, by engine, in the billing dialog.
    await page.getByTestId('sidebar-billing').click();
    const ai = page.getByTestId('billing-dialog').getByTestId('billing-ai-usage');
    await ai.waitFor();
    const usage = await ai.innerText();
    expect(usage).toMatch(/ChatGPT \([^)]+\)\s+6 calls/);
    expect(usage).toMatch(/Claude \([^)]+\)\s+6 calls/);
    // Each answer's web search is billed apart, against the month's search budget (issue 29).
    expect(usage).toMatch(/ChatGPT \([^)]+\)\s+6 calls · [\d,]+ tokens · 6 web searches/);
    expect(await ai.getByTestId('usage-web-searches').innerText()).toBe('12 of 10,000 searches');
    await ai.scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-ai-usage');
    await page.keyboard.press('Escape');
    await screenshot(page, 'citations-tracked-prompts');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('an executive summary report carries their Answer engines section', async () => {
    const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie, acceptDownloads: true });
    await page.goto(`${server.baseUrl}/dashboard?section=reports`);
    await page.getByTestId('reports-generate').click();
    await page.getByTestId('report-template-executive-summary').click();
    await page.getByTestId('report-name').fill('Lantern Tea answer engines');
    await page.getByTestId('report-format').selectOption('html');
    await page.getByTestId('report-generate').click();
    const row = page.getByTestId('report-row').filter({ hasText: 'Lantern Tea answer engines' });
    await expect.poll(() => row.getByTestId('report-download').isEnabled(), { timeout: 60_000 }).toBe(true);
    await row.getByTestId('report-download').click();
    await page.getByTestId('download-format-html').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-confirm').click()]);
    const html = readFileSync((await download.path())!, 'utf8');

    // The downloaded report, as its reader's browser shows it.
    const report = await context.newPage();
    await report.setContent(html);
    const section = report.getByRole('heading', { name: 'Answer engines', exact: true }).first();
    await section.waitFor();
    const text = await report.locator('body').innerText();
    expect(text).toMatch(/ChatGPT\s+100% \(\d+–100%\)/);
    expect(text).toMatch(/Claude\s+0% \(0–\d+%\)/);
    expect(text).toContain('kettle.example');
    await section.scrollIntoViewIfNeeded();
    await screenshot(report, 'report-answer-engines');

    // Untracking a prompt is one named button.
    await page.goto(`${server.baseUrl}/dashboard?section=citations`);
    await page.getByRole('button', { name: `Stop tracking ${PROMPTS[1]}` }).click();
    await expect.poll(async () => page.getByTestId('tracked-list').innerText()).not.toContain(PROMPTS[1]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
