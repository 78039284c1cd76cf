import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, basicPasswordProblem, PASSWORD_MESSAGES } from '@citable/contract';
import { checkPassword, passwordUserInputs } from './password-policy';

const account = { email: 'ann.lee@example.com', name: 'Ann Lee' };

describe('checkPassword', () => {
  it.each([
    ['eight spaces', '        ', 'whitespace', PASSWORD_MESSAGES.whitespace],
    ['a tab and a no-break space', '\t\u00a0\u3000       ', 'whitespace', PASSWORD_MESSAGES.whitespace],
    ['one letter repeated', 'aaaaaaaa', 'repetitive', PASSWORD_MESSAGES.repetitive],
    ['one letter repeated in mixed case', 'AaAaAaAaAa', 'repetitive', PASSWORD_MESSAGES.repetitive],
    ['a non-ASCII letter repeated', 'ééééééé€', 'repetitive', PASSWORD_MESSAGES.repetitive],
    ['the e-mail address itself', 'ann.lee@example.com', 'email', PASSWORD_MESSAGES.email],
    ['the e-mail address in capitals', 'ANN.LEE@EXAMPLE.COM', 'email', PASSWORD_MESSAGES.email],
  ])('refuses %s with the reason', (_label, password, problem, message) => {
    expect(checkPassword(password, account)).toMatchObject({ ok: false, problem, message });
  });

  it.each([
    ['the local part with other words', 'Ann.Lee-Orchard-Quill-42', 'ann.lee@example.com'],
    ['the local part without its dot', 'xx-annlee-Harbour-Comet-77', 'ann.lee@example.com'],
    ['a longer word of the local part', 'Margarethe-Lantern-42', 'margarethe.l@example.com'],
  ])('refuses %s', (_label, password, email) => {
    expect(checkPassword(password, { email, name: 'Someone' })).toEqual({ ok: false, problem: 'email', code: AUTH_ERROR_CODES.passwordPersonal, message: PASSWORD_MESSAGES.email });
  });

  it('refuses a password built from the name', () => {
    const verdict = checkPassword('Quill-Orchard-Bartholomew-9', { email: 'x9@example.com', name: 'Bartholomew Quill' });
    expect(verdict).toEqual({ ok: false, problem: 'name', code: AUTH_ERROR_CODES.passwordPersonal, message: PASSWORD_MESSAGES.name });
  });

  it('keeps the common-password message for breached passwords', () => {
    expect(checkPassword('password123', account)).toEqual({ ok: false, problem: 'common', code: AUTH_ERROR_CODES.passwordTooCommon, message: PASSWORD_MESSAGES.common });
    expect(checkPassword('ILOVEYOU')).toMatchObject({ problem: 'common' });
  });

  it('refuses a low zxcvbn score and says why', () => {
    const verdict = checkPassword('abcdefgh123', account);
    expect(verdict).toMatchObject({ ok: false, problem: 'weak', code: AUTH_ERROR_CODES.passwordTooWeak });
    expect(!verdict.ok && verdict.message).toBe('This password is too easy to guess: common character sequences like "abc" are easy to guess. Try a phrase of three or four unrelated words.');
    expect(checkPassword('Jennifer1990', account)).toMatchObject({ ok: false, problem: 'weak' });
  });

  it('counts the e-mail domain as a guess', () => {
    expect(checkPassword('citable2026', { email: 'ann@citable.io' })).toMatchObject({ ok: false, problem: 'weak' });
  });

  it.each([
    ['a strong passphrase', 'Lantern-Orchard-42-Quill'],
    ['a spaced passphrase', 'correct horse battery staple'],
    ['a German passphrase', 'Sommerregen über Köln'],
    ['a Russian passphrase', 'ночной поезд в горы'],
    ['an accented passphrase', 'Ünïcödé-Päsẞwörd-42'],
    ['a random string with no digit', 'qhvtxkzpwmrj'],
  ])('accepts %s', (_label, password) => {
    expect(checkPassword(password, account)).toMatchObject({ ok: true });
  });

  it('imposes no composition rule', () => {
    expect(checkPassword('violet lantern river quietly', account)).toMatchObject({ ok: true });
  });
});

describe('the cheap checks the web shares', () => {
  it('ignores short personal details and needs no context', () => {
    expect(basicPasswordProblem('Al-Lantern-Orchard', { email: 'al@ex.io', name: 'Al' })).toBeNull();
    expect(basicPasswordProblem('Lantern-Orchard-42-Quill')).toBeNull();
  });

  it('feeds zxcvbn the e-mail, its parts and the name', () => {
    expect(passwordUserInputs(account)).toEqual(expect.arrayContaining(['ann.lee@example.com', 'ann.lee', 'ann', 'lee', 'example', 'ann lee']));
  });
});
