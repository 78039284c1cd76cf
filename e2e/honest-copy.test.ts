import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startHttpFake, type HttpFake } from '../packages/server/test/fakes/http-fake';
import { hnSearch, redditSearch } from '../packages/server/test/fakes/search-apis';
import { signUpAndOnboard, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// Issue 19, item 8: the public pages promise only what exists (no phone line, no live chat, no
// "coming soon" for the REST API and the CMS connectors that work), the plans list no account
// manager or custom integrations, and the Citation Tracker's header names the sources that
// answered, in words, with no server setting names. Hacker News and Reddit are local fakes; no
// model or search key is configured, so the other sources are "not set up on this server".

const FALSE_PROMISES: [string, RegExp][] = [
  ['a phone line', /\bphone\b/i],
  ['live chat', /live chat/i],
  ['coming soon', /coming soon/i],
  ['not available', /not available/i],
  ['a server setting', /\b(LLM_PROVIDER|LLM_API_KEY|LLM_MODEL|(OPENAI|ANTHROPIC|GEMINI|PERPLEXITY|BRAVE)_API_KEY|HN_SEARCH_URL|REDDIT_SEARCH_URL)\b/],
];

let server: AppServer;
let browser: Browser;
let hackerNews: HttpFake;
let reddit: HttpFake;
let user: Account;

beforeAll(async () => {
  hackerNews = await startHttpFake(() => ({ json: hnSearch([{ id: '301', title: 'Show HN: Lantern Tea, a tea shop', url: 'https://lantern-tea.example/' }]) }));
  reddit = await startHttpFake(() => ({ json: redditSearch([{ id: 'r1', title: 'Lantern Tea sencha review', selftext: 'Ordered from lantern-tea.example last week.' }]) }));
  server = await startAppServer({ HN_SEARCH_URL: hackerNews.url, REDDIT_SEARCH_URL: reddit.url });
  user = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `honest.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: 'https://lantern-tea.example' }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
    plan: 'core',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([hackerNews, reddit].map((fake) => fake?.close()));
});

function expectNoFalsePromise(text: string, where: string): void {
  for (const [label, pattern] of FALSE_PROMISES) expect(text, `${where} mentions ${label}: "${pattern.exec(text)?.[0]}"`).not.toMatch(pattern);
}

describe('the public pages', () => {
  test('contact, help and integrations promise only what exists, as served and as rendered', async () => {
    const { context, page, errors } = await openPage(browser);
    for (const route of ['/contact-us', '/help-center', '/help-center/running-your-first-audit', '/integrations']) {
      // What crawlers and the first paint get: the pre-rendered page with its description.
      expectNoFalsePromise(await (await fetch(`${server.baseUrl}${route}`)).text(), `${route} (served)`);
      await page.goto(`${server.baseUrl}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expectNoFalsePromise(await page.locator('body').innerText(), route);
    }

    await page.goto(`${server.baseUrl}/contact-us`);
    await page.getByRole('heading', { name: 'Priority support' }).waitFor();
    expect(await page.locator('body').innerText()).toMatch(/An automated assistant, not a person/);

    await page.goto(`${server.baseUrl}/help-center/running-your-first-audit`);
    await page.getByRole('heading', { level: 1, name: 'Running your first audit' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('the Free plan included');

    // The REST API and the WordPress and Shopify connectors work, and the page says so.
    await page.goto(`${server.baseUrl}/integrations`);
    for (const id of ['rest-api', 'wordpress', 'shopify', 'mcp']) {
      const card = page.getByTestId(`integration-${id}`);
      await card.waitFor();
      expect(await card.innerText(), id).toContain('Available');
    }
    expect(await page.getByTestId('integration-rest-api').getByRole('link', { name: /Documentation/ }).getAttribute('href')).toBe('/docs/api-overview');
    expect(await page.getByTestId('integration-wordpress').getByRole('link', { name: /Connect/ }).getAttribute('href')).toBe('/dashboard?section=integrations');
    await screenshot(page, 'public-integrations-honest');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the plans list no account manager or custom integrations, and priority support is e-mail', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByText('Priority e-mail support').first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/account manager/i);
    expect(text).not.toMatch(/custom integrations/i);
    expect(text).not.toMatch(/community support/i);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Citation Tracker', () => {
  test('names the sources that answered in its header, and the others as not set up on this server', async () => {
    const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });
    await page.goto(`${server.baseUrl}/dashboard?section=citations`);
    await page.getByTestId('citations-section').waitFor();
    await page.getByTestId('citations-keywords').fill('sencha');
    await page.getByTestId('citations-run').click();
    const header = page.getByTestId('citations-header');
    await header.waitFor({ timeout: 60_000 });
    const text = await header.innerText();
    expect(text).toContain('Sources: Hacker News, Reddit');
    expect(text).toContain('ChatGPT, Claude, Gemini, Perplexity, AI answers, Brave Search: not set up on this server');
    expect(text).not.toContain('built-in analysis');
    const results = await page.getByTestId('citations-results').innerText();
    expect(results).toContain('Not set up');
    expectNoFalsePromise(results, 'the Citation Tracker');
    await screenshot(page, 'citations-header-sources');
    expect(errors).toEqual([]);
    await context.close();
  });
});
