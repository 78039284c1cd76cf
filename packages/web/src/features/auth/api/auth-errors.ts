import { AUTH_ERROR_CODES, MESSAGES } from '@citable/contract';

/** The error object better-auth's client returns. */
export interface AuthClientError {
  code?: string;
  message?: string;
  status: number;
  statusText?: string;
}

function serverMessageOrDefault(error: AuthClientError): string {
  return error.message?.trim() || MESSAGES.auth.unexpected;
}

/** Sign-in failures in the spec's words (spec 002 §8). */
export function signInErrorMessage(error: AuthClientError): string {
  if (error.code === AUTH_ERROR_CODES.emailNotVerified) return MESSAGES.auth.confirmBeforeSignIn;
  if (error.code === AUTH_ERROR_CODES.invalidCredentials || error.status === 401) return MESSAGES.auth.invalidCredentials;
  return serverMessageOrDefault(error);
}

export type SignUpFailure = { message: string; switchToSignIn: boolean };

/** Sign-up failures in the spec's words; an existing account sends the user to sign-in. */
export function signUpErrorMessage(error: AuthClientError): SignUpFailure {
  if (error.status === 429 || error.code === AUTH_ERROR_CODES.rateLimited) return { message: MESSAGES.auth.tooManySignups, switchToSignIn: false };
  if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return { message: MESSAGES.auth.accountExists, switchToSignIn: true };
  }
  return { message: serverMessageOrDefault(error), switchToSignIn: false };
}

export function genericAuthErrorMessage(error: AuthClientError): string {
  return serverMessageOrDefault(error);
}
