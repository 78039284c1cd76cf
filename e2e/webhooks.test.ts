import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startReceiver, type Receiver } from '../packages/server/test/webhooks/receiver';
import { signUpAndOnboard, type Account } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// Settings → Webhooks in the browser: the form's own and the server's validation messages, the
// signing secret shown once, a test event that a receiver on 127.0.0.1 verifies with the
// `standardwebhooks` package, the delivery log, and a delete that asks first.

let server: AppServer;
let browser: Browser;
let receiver: Receiver;
let user: Account;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startAppServer({ FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '0' });
  user = await signUpAndOnboard(server, {
    name: 'Grace Hopper',
    email: `webhooks.${Date.now()}@example.com`,
    onboarding: { websites: [{ name: 'Example', url: 'https://example.com' }], industry: 'Technology & Software', competitors: [{ name: 'Rival', url: 'https://rival.example.com' }], goals: ['improve_understanding'] },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe('webhooks in Settings', () => {
  test('an endpoint is added, tested, logged and deleted', async () => {
    const { page, context, errors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: user.cookie });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const section = page.getByTestId('webhooks-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByText('No webhook endpoints yet.').waitFor(SLOW);

    // The form's own check, then the server's refusal of a private address, under the field.
    await section.getByTestId('webhook-create').click();
    await section.getByText('Enter the URL that receives the events').waitFor();
    const url = section.getByLabel('Endpoint URL');
    await url.fill('https://10.0.0.1/hook');
    await section.getByTestId('webhook-create').click();
    await section.getByText('10.0.0.1 is a private or reserved address; webhooks are only sent to public addresses.').waitFor(SLOW);
    expect(await url.getAttribute('aria-invalid')).toBe('true');

    await url.fill(`${receiver.url}/e2e`);
    await section.getByRole('checkbox', { name: /Score dropped/ }).check();
    await section.getByTestId('webhook-create').click();
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor(SLOW);
    const secret = (await secretBox.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.route('/e2e', secret);
    const row = section.getByTestId('webhook-row');
    await row.waitFor(SLOW);
    await row.getByText('Audit completed, Score dropped').waitFor();
    await row.getByText('No deliveries yet').waitFor();
    expect(await row.getByTestId('webhook-creator').textContent()).toBe(`Added by Grace Hopper (${user.email})`);

    await row.getByTestId('webhook-test').click();
    await row.getByTestId('webhook-test-result').getByText(/Test event delivered: HTTP 204/).waitFor(SLOW);
    expect(receiver.on('/e2e').map((event) => event.verified?.type)).toEqual(['webhook.test']);
    await row.getByRole('button', { name: 'Delivery log' }).click();
    const log = row.getByTestId('webhook-log');
    await log.getByText('webhook.test').waitFor(SLOW);
    await log.getByText(/Attempt 1/).waitFor();
    await row.getByText(/Last delivery:/).waitFor(SLOW);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-webhooks');

    // Its events change in place: none is refused beside the boxes, then only citation changes.
    await row.getByTestId('webhook-edit-events').click();
    const editor = row.getByTestId('webhook-events-editor');
    await editor.getByRole('checkbox', { name: /Audit completed/ }).uncheck();
    await editor.getByRole('checkbox', { name: /Score dropped/ }).uncheck();
    await editor.getByRole('button', { name: 'Save events' }).click();
    await editor.getByText('Choose at least one event').waitFor();
    await editor.getByRole('checkbox', { name: /Citations changed/ }).check();
    await editor.getByRole('button', { name: 'Save events' }).click();
    await editor.waitFor({ state: 'detached', ...SLOW });
    await row.getByText('Citations changed', { exact: true }).waitFor(SLOW);
    const stored = await page.evaluate(async () => (await (await fetch('/api/webhooks')).json()) as { endpoints: { events: string[] }[] });
    expect(stored.endpoints.map((endpoint) => endpoint.events)).toEqual([['citation.changed']]);

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByText('Delete this endpoint?').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No webhook endpoints yet.').waitFor(SLOW);
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await context.close();
  });
});
