// Password strength rules shared by the server (authoritative, adds zxcvbn) and the web forms (cheap checks only).
// OWASP ASVS 2.1 / NIST SP 800-63B 5.1.1.2: no composition rules; refuse common, repetitive and context-specific passwords.
import { PASSWORD_MIN_LENGTH } from './api';

/** Lowest zxcvbn score accepted (0-4): 3 means an estimated 10^8 guesses or more. */
export const PASSWORD_MIN_SCORE = 3;

/** The e-mail's local part or the name, when shorter than this, is not looked for inside the password. */
export const PASSWORD_PERSONAL_MIN_LENGTH = 3;
/** A single word of the e-mail's local part or of the name, shorter than this, is not looked for. */
export const PASSWORD_PERSONAL_WORD_MIN_LENGTH = 4;

const SUGGESTION = 'Try a phrase of three or four unrelated words.';

export const PASSWORD_MESSAGES = {
  /** The hint under new-password fields. */
  hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words work well; avoid your name, your e-mail and repeated characters.`,
  common: 'This password is too common and easy to guess. Please choose a less common password.',
  whitespace: `This password is only spaces. ${SUGGESTION}`,
  repetitive: `This password is mostly one repeated character. ${SUGGESTION}`,
  email: `This password contains your e-mail address or part of it. ${SUGGESTION}`,
  name: `This password contains your name. ${SUGGESTION}`,
  /** `warning` is zxcvbn's reason, when it gives one. */
  weak: (warning?: string | null) => {
    const reason = warning?.trim().replace(/\.$/, '');
    return reason ? `This password is too easy to guess: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}. ${SUGGESTION}` : `This password is too easy to guess. ${SUGGESTION}`;
  },
} as const;

export type PasswordProblem = 'whitespace' | 'repetitive' | 'email' | 'name' | 'common' | 'weak';

/** What the password may not be built from: the account's e-mail and name. */
export interface PasswordContext {
  email?: string | null;
  name?: string | null;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();
const squash = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= PASSWORD_PERSONAL_WORD_MIN_LENGTH);

/** Empty or only whitespace (any Unicode space). */
export function isWhitespaceOnly(password: string): boolean {
  return password.trim() === '';
}

/** Half or more of the characters (code points, case-insensitive) are one and the same: `aaaaaaaa`, `ééééééé€`. */
export function isMostlyOneCharacter(password: string): boolean {
  const characters = Array.from(fold(password));
  if (characters.length === 0) return false;
  const counts = new Map<string, number>();
  let most = 0;
  for (const character of characters) {
    const count = (counts.get(character) ?? 0) + 1;
    counts.set(character, count);
    most = Math.max(most, count);
  }
  return most * 2 >= characters.length;
}

/** Whether the password contains `whole` (also with its separators left out) or one of its longer words. */
function containsPersonal(password: string, whole: string): boolean {
  const folded = fold(password);
  const squashed = squash(folded);
  if (whole.length >= PASSWORD_PERSONAL_MIN_LENGTH && folded.includes(whole)) return true;
  const bare = squash(whole);
  if (bare.length >= PASSWORD_PERSONAL_MIN_LENGTH && squashed.includes(bare)) return true;
  return words(whole).some((word) => folded.includes(word));
}

/** Which of the account's details the password contains (case-insensitive), if any. */
export function personalPasswordPart(password: string, context: PasswordContext): 'email' | 'name' | null {
  const email = fold(context.email?.trim() ?? '');
  if (email) {
    const at = email.lastIndexOf('@');
    if (fold(password).includes(email) || containsPersonal(password, at > 0 ? email.slice(0, at) : email)) return 'email';
  }
  const name = fold(context.name?.trim() ?? '');
  if (name && containsPersonal(password, name)) return 'name';
  return null;
}

/** The checks that need no dictionary: whitespace only, one repeated character, built from the e-mail or name. */
export function basicPasswordProblem(password: string, context: PasswordContext = {}): Exclude<PasswordProblem, 'common' | 'weak'> | null {
  if (isWhitespaceOnly(password)) return 'whitespace';
  if (isMostlyOneCharacter(password)) return 'repetitive';
  return personalPasswordPart(password, context);
}
