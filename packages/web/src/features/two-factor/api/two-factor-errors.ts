import { MESSAGES } from '@citable/contract';

interface ClientError {
  code?: string;
  message?: string;
  status: number;
}

/** Whether the pending sign-in is spent, so only signing in again can give a new challenge. */
export const challengeEnded = (error: ClientError) => error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || error.code === 'INVALID_TWO_FACTOR_COOKIE';

/** better-auth's two-factor errors in words a user can act on. */
export function twoFactorErrorMessage(error: ClientError, backup = false): string {
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE') {
    return backup ? 'That backup code is not valid or was already used.' : 'That code is not valid. Check your authenticator app and try again.';
  }
  if (error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return 'Too many wrong codes. Sign in again to get a new attempt.';
  if (error.code === 'INVALID_TWO_FACTOR_COOKIE') return 'This sign-in has expired. Please sign in again.';
  if (error.code === 'INVALID_PASSWORD') return 'The password is not correct.';
  return error.message?.trim() || MESSAGES.auth.unexpected;
}
