import { PASSWORD_MESSAGES } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { resetPasswordSchema, signUpSchema } from './auth-schemas';

const passwordError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.find((issue) => issue.path[0] === 'password')?.message;

describe('new-password checks in the forms', () => {
  const account = { name: 'Ann Lee', email: 'ann.lee@example.com' };

  it.each([
    ['        ', PASSWORD_MESSAGES.whitespace],
    ['aaaaaaaa', PASSWORD_MESSAGES.repetitive],
    ['ééééééé€', PASSWORD_MESSAGES.repetitive],
    ['ann.lee@example.com', PASSWORD_MESSAGES.email],
    ['Orchard-AnnLee-42', PASSWORD_MESSAGES.email],
  ])('sign-up refuses %j before asking the server', (password, message) => {
    expect(passwordError(signUpSchema.safeParse({ ...account, password }))).toBe(message);
  });

  it('reset refuses the same weak passwords without account details', () => {
    expect(passwordError(resetPasswordSchema.safeParse({ password: 'aaaaaaaa', confirm: 'aaaaaaaa' }))).toBe(PASSWORD_MESSAGES.repetitive);
    expect(resetPasswordSchema.safeParse({ password: 'Sommerregen über Köln', confirm: 'Sommerregen über Köln' }).success).toBe(true);
  });

  it('keeps the length message for short passwords and lets strong ones through', () => {
    expect(passwordError(signUpSchema.safeParse({ ...account, password: 'aaa' }))).toBe('Use at least 8 characters');
    expect(signUpSchema.safeParse({ ...account, password: 'Lantern-Orchard-42-Quill' }).success).toBe(true);
  });
});
