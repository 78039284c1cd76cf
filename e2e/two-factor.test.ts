import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndOnboard } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { launchBrowser, openPage, screenshot, SLOW } from './support/browser';

// A signed-in user turns on two-factor sign-in in Settings (password, QR code, key, backup codes,
// a code from the "authenticator" computed here per RFC 6238), signs out, and signs in again with
// e-mail, password and a code.

let server: AppServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

const email = `tessa.${Date.now()}@example.com`;
const password = 'Lighthouse-Juniper-58-Comet';

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/** What an authenticator app shows for the key, `offsetSteps` periods of 30 s from now. */
/**
 * Waits out the last seconds of a 30 s step. The server accepts the previous, current and next
 * step's code; a previous-step code computed just before a step ends would be two steps old by
 * the time a slow request reaches the server.
 */
async function clearOfStepEnd(marginMs: number): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

function totp(key: string, offsetSteps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps));
  const mac = createHmac('sha1', base32Decode(key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

beforeAll(async () => {
  server = await startAppServer();
  const tessa = await signUpAndOnboard(server, {
    name: 'Tessa Factor',
    email,
    password,
    onboarding: { websites: [{ name: 'Lantern Tea', url: 'https://lantern-tea.example.com' }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle Co', url: 'https://kettle.example.com' }], goals: ['increase_citations'] },
  });
  browser = await launchBrowser();
  ({ page, errors: consoleErrors } = await openPage(browser, { baseUrl: server.baseUrl, cookie: tessa.cookie, viewport: { width: 1280, height: 900 } }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('turns on two-factor in Settings, signs out and signs in with a code', async () => {
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByTestId('dashboard-greeting').waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.waitFor();
  const security = settings.getByTestId('security-section');
  await expect.poll(() => security.getByTestId('two-factor-status').textContent(), SLOW).toMatch(/^Off/);

  // The password first; a wrong one is refused.
  await security.getByTestId('two-factor-enable').click();
  await security.getByTestId('two-factor-password').fill('not-the-password');
  await security.getByTestId('two-factor-password-submit').click();
  await expect.poll(() => security.getByTestId('two-factor-settings-error').textContent(), SLOW).toContain('password is not correct');
  await security.getByTestId('two-factor-password').fill(password);
  await security.getByTestId('two-factor-password-submit').click();

  // QR code drawn in the page, the key as text and ten backup codes.
  await security.getByTestId('two-factor-qr').waitFor();
  const key = (await security.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{20,}$/);
  expect(await security.getByTestId('two-factor-backup-codes').locator('li').count()).toBe(10);
  await security.getByTestId('two-factor-qr').scrollIntoViewIfNeeded();
  await screenshot(page, 'two-factor-enrol');

  // The previous step's code confirms, leaving the current one for the sign-in below.
  await clearOfStepEnd(10_000);
  await security.getByTestId('two-factor-confirm-code').fill(totp(key, -1));
  await security.getByTestId('two-factor-confirm').click();
  await expect.poll(() => security.getByTestId('two-factor-notice').textContent(), SLOW).toContain('Two-factor sign-in is on');
  await expect.poll(() => security.getByTestId('two-factor-status').textContent(), SLOW).toMatch(/^On/);
  await security.scrollIntoViewIfNeeded();
  await screenshot(page, 'two-factor-on');
  await settings.getByRole('button', { name: 'Cancel' }).last().click();
  await settings.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.baseUrl}/`);

  // E-mail and password, then the code step.
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Citable' });
  await dialog.waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByTestId('auth-submit').click();
  const step = page.getByRole('dialog', { name: 'Two-factor sign-in' }).getByTestId('two-factor-step');
  await step.waitFor();
  await step.getByTestId('two-factor-code').fill('000000' === totp(key) ? '111111' : '000000');
  await step.getByTestId('two-factor-submit').click();
  await expect.poll(() => step.getByTestId('two-factor-error').textContent(), SLOW).toContain('not valid');
  await screenshot(page, 'two-factor-code-step');
  await step.getByTestId('two-factor-code').fill(totp(key));
  await step.getByTestId('two-factor-submit').click();

  await page.waitForURL(`${server.baseUrl}/dashboard`);
  await page.getByTestId('dashboard-greeting').waitFor();
  // The browser logs the refused wrong password (400) and wrong code (401); nothing else may fail.
  expect(consoleErrors.filter((message) => !/status of 40[01]/.test(message))).toEqual([]);
});
