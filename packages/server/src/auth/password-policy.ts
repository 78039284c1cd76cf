import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { AUTH_ERROR_CODES, basicPasswordProblem, PASSWORD_MESSAGES, PASSWORD_MIN_SCORE, type PasswordContext, type PasswordProblem } from '@citable/contract';

// OWASP ASVS 2.1.7 / NIST SP 800-63B 5.1.1.2: refuse breached, repetitive, context-specific and easily guessed
// passwords, without composition rules. The web forms run the cheap checks of the contract; this is the authority.

export const PASSWORD_TOO_COMMON_MESSAGE = PASSWORD_MESSAGES.common;

// About 49,000 leaked passwords; lower-cased once so the check is case-insensitive.
const commonPasswords = new Set(commonDictionary['passwords-common'].map((password) => password.toLowerCase()));

/** OWASP ASVS 2.1.7: refuse passwords found in breach corpora. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

// Built on first use (about 150 ms): the dictionaries stay out of start-up for processes that never check a password.
// Levenshtein matching stays off: it makes a check take hundreds of milliseconds instead of about ten.
let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({ translations, graphs: adjacencyGraphs, dictionary: { ...commonDictionary, ...englishDictionary } });
  return zxcvbn;
}

/** The e-mail, its local part and the words of both, and the name with its words: zxcvbn ranks these as the likeliest guesses. */
export function passwordUserInputs(context: PasswordContext): string[] {
  const inputs = new Set<string>();
  const add = (text: string | null | undefined) => {
    const value = text?.trim().toLowerCase();
    if (!value) return;
    inputs.add(value);
    for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) inputs.add(word);
  };
  add(context.email);
  add(context.email?.split('@')[0]);
  add(context.name);
  return [...inputs];
}

export type PasswordVerdict = { ok: true; score: number } | { ok: false; problem: PasswordProblem; code: string; message: string };

const codes: Record<PasswordProblem, string> = {
  whitespace: AUTH_ERROR_CODES.passwordTooWeak,
  repetitive: AUTH_ERROR_CODES.passwordTooWeak,
  weak: AUTH_ERROR_CODES.passwordTooWeak,
  email: AUTH_ERROR_CODES.passwordPersonal,
  name: AUTH_ERROR_CODES.passwordPersonal,
  common: AUTH_ERROR_CODES.passwordTooCommon,
};

function refuse(problem: Exclude<PasswordProblem, 'weak'>): PasswordVerdict {
  return { ok: false, problem, code: codes[problem], message: PASSWORD_MESSAGES[problem] };
}

/**
 * Judges a new password, first reason wins: whitespace only, mostly one repeated character, contains the e-mail
 * (or its local part) or the name, in the breach list, zxcvbn score below PASSWORD_MIN_SCORE (3 of 4: fewer than
 * about 10^8 estimated guesses). Lengths are better-auth's business (PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH).
 */
export function checkPassword(password: string, context: PasswordContext = {}): PasswordVerdict {
  const basic = basicPasswordProblem(password, context);
  if (basic) return refuse(basic);
  if (isCommonPassword(password)) return refuse('common');
  const result = estimator().check(password, passwordUserInputs(context));
  if (result.score < PASSWORD_MIN_SCORE) {
    return { ok: false, problem: 'weak', code: codes.weak, message: PASSWORD_MESSAGES.weak(result.feedback.warning) };
  }
  return { ok: true, score: result.score };
}
