import { MESSAGES } from '@citable/contract';
import { describe, expect, it } from 'vitest';
import { signInErrorMessage, signUpErrorMessage } from './auth-errors';

describe('auth error messages', () => {
  it('maps sign-in failures to the spec texts', () => {
    expect(signInErrorMessage({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(MESSAGES.auth.confirmBeforeSignIn);
    expect(signInErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(MESSAGES.auth.invalidCredentials);
    expect(signInErrorMessage({ status: 500, message: 'Database unavailable' })).toBe('Database unavailable');
    expect(signInErrorMessage({ status: 500 })).toBe(MESSAGES.auth.unexpected);
  });

  it('maps sign-up failures to the spec texts', () => {
    expect(signUpErrorMessage({ status: 429 })).toEqual({ message: MESSAGES.auth.tooManySignups, switchToSignIn: false });
    expect(signUpErrorMessage({ status: 422, code: 'USER_ALREADY_EXISTS' })).toEqual({ message: MESSAGES.auth.accountExists, switchToSignIn: true });
    expect(signUpErrorMessage({ status: 400, message: 'Password is too common' }).message).toBe('Password is too common');
  });
});
