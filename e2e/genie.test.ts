import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { BUILT_IN_SOURCE, GENIE_MESSAGES } from '@citable/contract';
import { serveSite, teaShopPages, type ServedSite } from '../packages/server/test/fixtures/tool-sites';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { appStarted, launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Genie on the landing page (signed out) and in the dashboard of a Core user, where a suggested
// tool's button opens that tool; then the optimizer's diff and the generator's grounded FAQs for
// a Pro user. No model is configured: every answer comes from the built-in analysis.

let server: AppServer;
let browser: Browser;
let shop: ServedSite;
let user: Account;

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  server = await startAppServer();
  user = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `genie.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Tea', url: shop.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
    plan: 'pro',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await shop?.close();
});

describe('Genie', () => {
  test('answers product questions on the landing page, signed out', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/`);
    // A click on the pre-rendered button before React has taken over the page is lost.
    await appStarted(page);
    await page.getByTestId('genie-button').click();
    await page.getByTestId('genie-panel').waitFor();
    expect(await page.getByTestId('genie-send').isDisabled()).toBe(true);
    await page.getByTestId('genie-input').fill('   ');
    expect(await page.getByTestId('genie-send').isDisabled()).toBe(true);
    await page.getByTestId('genie-input').fill('How do I get cited by ChatGPT?');
    await page.getByTestId('genie-send').click();
    await page.getByTestId('genie-action-citations').waitFor();
    expect(await page.getByTestId('genie-source').last().textContent()).toContain('Answered by the built-in assistant, without an AI model');
    expect(await page.getByTestId('genie-action-citations').getAttribute('href')).toBe('/dashboard?section=citations');
    await screenshot(page, 'genie-landing');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('suggests a tool in the dashboard, and its button opens the tool', async () => {
    const { cookie } = user;
    const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('genie-button').click();
    await page.getByTestId('genie-input').fill('Can you help me with schema markup?');
    await page.keyboard.press('Enter');
    await page.getByTestId('genie-action-schema').waitFor();
    await screenshot(page, 'genie-dashboard');
    await page.getByTestId('genie-action-schema').click();
    await page.getByTestId('tool-page-schema').waitFor();
    expect(page.url()).toContain('section=schema');
    expect(await page.getByTestId('genie-panel').count()).toBe(0);
    await expect.poll(async () => {
      const response = await fetch(`${server.baseUrl}/api/activity?limit=20`, { headers: { cookie } });
      const { activities } = (await response.json()) as { activities: { activity_type: string; tool_id: string | null }[] };
      return activities.some((a) => a.activity_type === 'tool_launched_from_genie' && a.tool_id === 'schema');
    }, SLOW).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the dashboard assistant asks a signed-out visitor to log in', async () => {
    const response = await callApi(server, '/api/functions/genie-chatbot', { body: { message: 'hello', context: 'dashboard' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe(GENIE_MESSAGES.loggedOut);
  });
});

describe('content tools', () => {
  test('the optimizer shows the engine scores and a labelled diff; the generator grounded FAQs', async () => {
    const { context, page, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie, viewport: { width: 1366, height: 1000 } });

    await page.goto(`${server.baseUrl}/dashboard?section=optimizer`);
    await page.getByTestId('tool-page-optimizer').waitFor();
    expect(await page.getByTestId('tool-run').isDisabled()).toBe(true);
    // A how-to with a long answer under a question heading, steps written as prose and a source
    // given by its bare address: the optimizer's structural edits each move a check (issue #32).
    await page.getByTestId('optimizer-content').fill(
      [
        '# How to brew pour-over coffee',
        '',
        'Slow mornings deserve a better cup, and a few minutes of attention make all the difference to how it tastes.',
        '',
        '## How long does a pour-over take?',
        '',
        'A pour-over takes about four minutes from the moment the water touches the grounds until the last drops fall through the filter into the cup below. The first thirty seconds are the bloom, when the grounds release gas and swell, and the rest is a slow pour in circles that keeps the bed of coffee level so the water extracts it evenly rather than running through channels along the sides of the paper filter and leaving the middle of the bed dry and sour.',
        '',
        '## The brewing steps',
        '',
        'Here is the method we use in our café. First, heat the water to 200 °F and rinse the paper filter. Then, weigh 22 g of coffee and grind it medium-fine. Next, pour 50 g of water to bloom the grounds and wait 30 seconds. Finally, pour the rest of the water in slow circles up to 350 g.',
        '',
        '## Why fresh beans matter',
        '',
        'Pour-over coffee is brewing by hand, where hot water is poured slowly over ground coffee in a paper filter so it draws out the flavour evenly. A survey found that 62 percent of home brewers buy whole beans. Source: https://www.ncausa.org/Research-Trends/national-coffee-data-trends. Fresh beans release more carbon dioxide during the bloom, which is why they bubble more than old ones.',
      ].join('\n'),
    );
    await page.getByTestId('tool-run').click();
    await page.getByTestId('optimizer-results').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="optimizer-diff"] ins').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('optimizer-results').textContent()).toContain(`Source: ${BUILT_IN_SOURCE}`);
    // Each edit as its own diff, with the checks the re-audit moved (issue #32).
    expect(await page.getByTestId('optimizer-edit-diff').count()).toBeGreaterThan(0);
    const changes = (await page.getByTestId('optimizer-changes').textContent()) ?? '';
    for (const kind of ['Numbered steps', 'Direct answer', 'Source link']) expect(changes).toContain(kind);
    expect(changes).toMatch(/Instructions are given as numbered steps: 20 → 80/);
    expect(await page.getByTestId('optimizer-human-needed').textContent()).toMatch(/quotation from a named expert/);
    await screenshot(page, 'tool-optimizer');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, 'tool-optimizer-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tool-optimizer-390');
    await page.setViewportSize({ width: 1366, height: 1000 });

    await page.goto(`${server.baseUrl}/dashboard?section=generator`);
    await page.getByTestId('tool-page-generator').waitFor();
    await page.getByTestId('generator-topic').fill('green tea');
    await page.getByTestId('generator-keywords').fill('sencha, caffeine');
    await page.getByTestId('tool-run').click();
    await page.getByTestId('generator-results').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('generated-faq').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('generator-results').textContent()).toContain('30 mg');
    // Traceable: each grounded FAQ keeps the passage it was taken from, one click away.
    const passage = page.getByTestId('generated-source-passage').first();
    await passage.locator('summary').click();
    expect(await passage.locator('blockquote').textContent()).toBeTruthy();
    await screenshot(page, 'tool-generator');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, 'tool-generator-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tool-generator-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
