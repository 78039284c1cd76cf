import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { benchArticle } from '../packages/engine/src/editor';
import { signUpAndOnboard, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';

// A Core user writes in the Content Editor (analysis in the page, a fix applied in place), takes
// the tour to its end, sends feedback, and opens a playbook and launches its first step. The
// plan is set in the database while the server is stopped (one process per embedded database).

const DRAFT = `# Home solar power

In this article we look at solar panels. Solar panels turn sunlight into electricity for your home and lower the bills you pay each month.

## Benefits of solar panels

It is widely believed that solar panels are the best investment a homeowner can make. The panels were installed by a certified team, and the owners saw their bills fall over the first winter, but the savings depended on the roof angle and the weather.`;

let server: AppServer;
let browser: Browser;
let user: Account;

const signedInPage = () => openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });

beforeAll(async () => {
  server = await startAppServer();
  user = await signUpAndOnboard(server, {
    name: 'Aiko Tanaka',
    email: `editor.core.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Lantern Solar', url: 'https://lantern-solar.example.com' }], industry: 'Technology & Software', competitors: [{ name: 'Sunward', url: 'https://sunward.example.com' }], goals: ['improve_understanding'] },
    plan: 'core',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Content Editor', () => {
  test('analyses in the page, fast, and applies a fix in place', async () => {
    const { page, errors, context } = await signedInPage();
    await page.goto(`${server.baseUrl}/dashboard?section=editor`);
    await page.getByTestId('editor-content').waitFor();
    await page.getByTestId('editor-keywords').fill('solar panels, home battery');

    // The engine's analysis of a 2,000-word article, timed in the page by the editor itself.
    await page.getByTestId('editor-content').fill(benchArticle(2000));
    await page.getByTestId('editor-analysis').waitFor({ timeout: 10_000 });
    const analysisMs = async () => Number(await page.getByTestId('editor-analysis').getAttribute('data-analysis-ms'));
    const first = await analysisMs();
    // A keyword change re-runs the analysis on the same text: the figure of an editor in use.
    await page.getByTestId('editor-keywords').fill('solar panels, home battery, installer');
    await expect.poll(async () => page.getByTestId('editor-analysis').getAttribute('data-pending'), { timeout: 10_000 }).toBe('false');
    const again = await analysisMs();
    console.log(`editor: in-browser analysis of a 2,000-word article: first run ${first.toFixed(1)} ms, next run ${again.toFixed(1)} ms`);
    for (const ms of [first, again]) {
      expect(ms).toBeGreaterThan(0);
      // Loose bound: the target is under 50 ms; a loaded CI machine must not make this flaky.
      expect(ms).toBeLessThan(250);
    }

    await page.getByTestId('editor-content').fill(DRAFT);
    // The draft's own heading; the long article's "..., part N" headings read differently.
    const heading = page.locator('[data-testid="editor-suggestion"][data-kind="question-heading"]', { hasText: 'What are the benefits of solar panels?' });
    await heading.waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await page.getByTestId('editor-overall-score').textContent())?.trim()).toMatch(/^\d+$/);
    expect(await page.getByTestId('editor-density').textContent()).toContain('home battery');
    expect(await page.getByTestId('editor-readability').textContent()).toMatch(/Very Easy|Easy|Moderate|Difficult/);
    await screenshot(page, 'editor-analysis');

    await heading.getByTestId('editor-apply-fix').click();
    expect(await page.getByTestId('editor-content').inputValue()).toContain('## What are the benefits of solar panels?\n');
    expect(await heading.count()).toBe(0);
    // The next analysis (1 s later) finds the heading already a question.
    await page.waitForTimeout(1500);
    expect(await heading.count()).toBe(0);
    await screenshot(page, 'editor-fix-applied');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Tour, walkthrough and feedback', () => {
  test('the walkthrough shows once after onboarding and the tour runs to Get Started', async () => {
    const { page, errors, context } = await signedInPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('audit-panel').waitFor();
    await page.evaluate(() => window.localStorage.setItem('citable.walkthrough-pending', 'true'));
    await page.reload();
    await page.getByTestId('walkthrough').waitFor();
    expect(await page.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy();
    await screenshot(page, 'walkthrough');
    await page.keyboard.press('Escape');
    await page.getByTestId('walkthrough').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('citable.walkthrough-pending'))).toBeNull();

    await page.getByTestId('take-tour').click();
    await page.getByTestId('tour').waitFor();
    expect(await page.getByText('Skip tour and explore on my own').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    let steps = 0;
    while ((await page.getByTestId('tour-next').textContent())?.trim() === 'Next') {
      await page.getByTestId('tour-next').click();
      steps++;
      if (steps === 1) {
        expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(1);
        await screenshot(page, 'tour-step');
      }
    }
    expect(steps).toBeGreaterThanOrEqual(4);
    expect((await page.getByTestId('tour-next').textContent())?.trim()).toBe('Get Started');
    await page.getByTestId('tour-next').click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('citable.tour-completed'))).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('feedback is sent from the dialog', async () => {
    const { page, errors, context } = await signedInPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('give-feedback').click();
    await page.getByTestId('feedback-dialog').waitFor();
    expect(await page.getByTestId('feedback-submit').isDisabled()).toBe(true);
    await page.getByTestId('feedback-type').selectOption('feature');
    await page.getByRole('group', { name: 'How satisfied are you with Citable?' }).locator('label').nth(3).click();
    await page.getByRole('group', { name: 'How much value does it give you?' }).locator('label').nth(4).click();
    expect(await page.getByRole('radio', { name: /^5/ }).last().isChecked()).toBe(true);
    await page.getByTestId('feedback-text').fill('A word count goal in the Content Editor would help.');
    await screenshot(page, 'feedback-dialog');
    await page.getByTestId('feedback-submit').click();
    await page.getByText('Your feedback was sent.').waitFor();
    await page.getByTestId('feedback-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Playbooks', () => {
  test('a playbook opens and its first step launches its tool', async () => {
    const { page, errors, context } = await signedInPage();
    await page.goto(`${server.baseUrl}/dashboard?section=playbooks`);
    const foundation = page.locator('[data-testid="playbook-card"][data-playbook-id="ai-visibility-foundation"]');
    await foundation.waitFor();
    expect(await foundation.textContent()).toContain('Recommended');
    await screenshot(page, 'playbooks-list');
    await foundation.getByTestId('playbook-open').click();
    await page.getByTestId('playbook-detail').waitFor();
    expect(await page.locator('[data-testid="playbook-step"][data-state="locked"]').count()).toBe(4);
    await screenshot(page, 'playbook-detail');

    await page.getByTestId('playbook-launch').first().click();
    await page.waitForURL(/section=audit/);
    await page.goto(`${server.baseUrl}/dashboard?section=playbooks`);
    await foundation.getByTestId('playbook-open').click();
    expect((await page.getByTestId('playbook-progress').textContent())?.trim()).toBe('20% complete');
    expect(await page.locator('[data-testid="playbook-step"][data-state="available"]').count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
