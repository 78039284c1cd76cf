import type { MailMessage } from '../mail/mailer';

/** The web app's pages that auth e-mails link to (see AUTH_PAGES in the contract). */
export interface AuthLinks {
  signIn: string;
  forgotPassword: string;
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email address for Citable',
    text: `Hello ${name},\n\nPlease confirm your email address to finish creating your Citable account:\n\n${url}\n\nIf you did not sign up, you can ignore this message.\n`,
  };
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Citable password',
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your Citable account. Choose a new password here:\n\n${url}\n\nThe link expires in one hour. Resetting signs you out everywhere else. If you did not ask for this, ignore this message; your password stays as it is.\n`,
  };
}

/**
 * Sign-up answers the same whether or not the address is registered (no account enumeration);
 * the owner learns about the attempt here instead.
 */
export function existingAccountEmail(to: string, name: string, links: AuthLinks): MailMessage {
  return {
    to,
    subject: 'Someone tried to create a Citable account with your email',
    text: `Hello ${name},\n\nSomeone tried to create a new Citable account with this email address, but you already have one.\n\nIf it was you, sign in here:\n\n${links.signIn}\n\nForgot your password? Reset it here:\n\n${links.forgotPassword}\n\nIf it was not you, no action is needed; your account is unchanged.\n`,
  };
}

/**
 * Sent once per window when an account's failed sign-ins reach the slow-down threshold
 * (auth/auth-rate-limit.ts). The account is not locked: the owner's own sign-in still works.
 */
export function signInThrottledEmail(to: string, name: string, attempts: { count: number; windowMinutes: number }, links: AuthLinks): MailMessage {
  return {
    to,
    subject: 'Repeated failed sign-ins to your Citable account',
    text: `Hello ${name},\n\nThere were ${attempts.count} failed attempts to sign in to your Citable account in the last ${attempts.windowMinutes} minutes. None of them signed anyone in. To protect your account, sign-ins from new locations are being slowed down for a while; your account is not locked, and you can still sign in:\n\n${links.signIn}\n\nIf it was not you, someone may be guessing your password. Choose a new one here:\n\n${links.forgotPassword}\n\nIf it was you, no action is needed.\n`,
  };
}
