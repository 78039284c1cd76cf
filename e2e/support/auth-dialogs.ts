import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { SLOW } from './browser';

// The sign-up dialog driven as a visitor does, for the journeys that test it (foundation.test.ts,
// the invited member of workspaces.test.ts); other tests make accounts over HTTP (accounts.ts).

/** Fills and sends the open "Create your account" dialog, until it asks to check the e-mail. */
export async function signUpInDialog(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Full name').fill(account.name);
  // An invitation's sign-up comes with its address filled in and locked (issue 33).
  const email = page.getByLabel('Email');
  if (await email.getAttribute('readonly') === null) await email.fill(account.email);
  else expect(await email.inputValue()).toBe(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByTestId('auth-submit').click();
  await expect.poll(() => page.getByTestId('auth-notice').textContent(), SLOW).toContain('check your email');
}
