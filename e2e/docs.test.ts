import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { signUpAndOnboard, type Account } from './support/accounts';
import { callApi } from './support/api';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { docSamples } from './support/doc-samples';

// The documentation: every /docs/ path of spec 002 §2.14 is pre-rendered with its title, the
// pages work in a browser (navigation, search, heading links, the API reference's "Try it",
// the API keys in Settings), and every runnable code sample of the docs runs against a live
// server with a real key.

const SPEC_DOC_PATHS = [
  'introduction', 'quick-start', 'core-concepts', 'ai-visibility', 'account-setup', 'audit-tool', 'schema-generator', 'citation-tracker',
  'voice-tester', 'content-optimizer', 'entity-analyzer', 'prompt-suggestions', 'api-overview', 'api-auth', 'api-audit', 'api-schema',
  'api-citations', 'api-content', 'api-limits', 'wordpress-integration', 'shopify-integration', 'webflow-integration',
  'contentful-integration', 'custom-integrations', 'ai-strategy', 'competitive-analysis', 'entity-optimization', 'voice-optimization',
  'roi-calculation', 'white-labeling',
];

const pagesDir = resolve(import.meta.dirname, '../packages/web/dist/pages');

let server: AppServer;
let browser: Browser;
let user: Account;

beforeAll(async () => {
  // The citation samples must not wait on the public discussion sites from a closed network.
  server = await startAppServer({ HN_SEARCH_URL: 'off', REDDIT_SEARCH_URL: 'off' });
  // The tools that read "your website" find this server.
  user = await signUpAndOnboard(server, {
    name: 'Ada Lovelace',
    email: `docs.agency.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Citable', url: server.baseUrl }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['improve_understanding'] },
    plan: 'agency',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pre-rendered docs', () => {
  test.each(SPEC_DOC_PATHS)('/docs/%s is pre-rendered with its title and article', (slug) => {
    const file = join(pagesDir, 'docs', `${slug}.html`);
    expect(existsSync(file), file).toBe(true);
    const html = readFileSync(file, 'utf8');
    const source = readFileSync(resolve(import.meta.dirname, '../packages/web/content/docs', `${slug}.md`), 'utf8');
    const title = /^title: (.+)$/m.exec(source)![1]!;
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')} | Citable Docs</title>`);
    expect(html).toMatch(/<h1 id="[^"]+">/);
    expect(html).toContain('application/ld+json');
  });

  test('/documentation and the API reference are pre-rendered and listed in the sitemap', () => {
    expect(readFileSync(join(pagesDir, 'documentation.html'), 'utf8')).toContain('<title>Documentation | Citable');
    expect(existsSync(join(pagesDir, 'docs', 'api-reference.html'))).toBe(true);
    const sitemap = readFileSync(resolve(pagesDir, '../site/sitemap.xml'), 'utf8');
    for (const slug of SPEC_DOC_PATHS) expect(sitemap).toContain(`/docs/${slug}</loc>`);
  });
});

describe('docs in the browser', () => {
  test('side navigation, featured strip, search and heading links', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/documentation`);
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    for (const group of ['Getting Started', 'Features', 'API Reference', 'Integrations', 'Guides']) await nav.getByRole('heading', { name: group }).waitFor();
    await page.getByRole('heading', { name: 'Featured' }).waitFor();
    await screenshot(page, 'docs-home');

    await page.getByLabel('Search the documentation').fill('rate limit');
    await page.getByRole('heading', { name: 'Search results' }).waitFor();
    await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: 'Rate limits' }).click();
    await page.waitForURL('**/docs/api-limits');
    await page.getByRole('heading', { level: 1, name: 'Rate limits' }).waitFor();

    await page.goto(`${server.baseUrl}/docs/api-auth`);
    const anchor = page.locator('h2#create-a-key a.docs-heading-link');
    expect(await anchor.getAttribute('href')).toBe('#create-a-key');
    await anchor.focus();
    await screenshot(page, 'docs-article');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('API keys and the API reference', () => {
  let key = '';

  test('a key is created in Settings, shown once, listed, and works', async () => {
    const { page, context, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const section = page.getByTestId('api-keys-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Key name').fill('Screenshots');
    await section.getByTestId('api-key-create').click();
    const secret = page.getByTestId('api-key-secret');
    await secret.waitFor();
    key = (await secret.locator('code').textContent())!.trim();
    expect(key).toMatch(/^ck_live_/);
    // The list refetches after the secret is shown; wait for the row rather than count at once.
    await section.getByTestId('api-key-row').first().waitFor();
    expect(await section.getByTestId('api-key-row').count()).toBe(1);
    await section.getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('Revoke this key?').waitFor();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await secret.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-api-keys');
    const response = await fetch(`${server.baseUrl}/api/v1/audits`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the reference renders the OpenAPI document and "Try it" sends a request with the key', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/docs/api-reference`);
    const list = page.locator('section#listAudits');
    await list.waitFor();
    await page.locator('section#runSchemaGenerator').waitFor();
    await page.getByLabel('API key for "Try it"').fill(key);
    await list.getByRole('button', { name: 'Try it' }).click();
    await list.getByRole('button', { name: 'Send request' }).click();
    await list.getByText('ratelimit-limit', { exact: false }).waitFor();
    await list.locator('strong', { hasText: '200' }).waitFor();
    // Full-page captures draw sticky headers where the page is scrolled to; capture from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'docs-api-reference');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('runnable samples of the docs', () => {
  const samples = docSamples();

  test('there are bash and JS samples on every API page', () => {
    for (const file of ['api-overview.md', 'api-auth.md', 'api-audit.md', 'api-schema.md', 'api-citations.md', 'api-content.md', 'api-limits.md']) {
      expect(samples.some((sample) => sample.file === file), file).toBe(true);
    }
    expect(samples.some((sample) => sample.language === 'js')).toBe(true);
  });

  test.each(docSamples().map((sample, index) => [`${sample.file} #${index} (${sample.language})`, sample] as const))('%s runs', async (_name, sample) => {
    const created = await callApi(server, '/api/api-keys', { body: { name: 'Docs samples' }, cookie: user.cookie });
    const secret = ((await created.json()) as { secret: string }).secret;
    const sampleEnv = { ...process.env, CITABLE_URL: server.baseUrl, CITABLE_API_KEY: secret };
    const run =
      sample.language === 'bash'
        ? spawnSync('sh', ['-c', `set -e\n${sample.code}`], { env: sampleEnv, encoding: 'utf8', timeout: 60_000 })
        : spawnSync(process.execPath, ['--input-type=module', '-e', sample.code], { env: sampleEnv, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, `${sample.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`).toBe(0);
    expect(run.stdout.trim().length).toBeGreaterThan(0);
  });
});
