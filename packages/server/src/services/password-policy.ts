import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_COMMON_MESSAGE = 'This password is too common and easy to guess. Please choose a less common password.';

// About 49,000 leaked passwords; lower-cased once so the check is case-insensitive.
const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** OWASP ASVS 2.1.7: refuse passwords found in breach corpora. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
