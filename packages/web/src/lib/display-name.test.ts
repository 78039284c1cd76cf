import { describe, expect, it } from 'vitest';
import { displayName, firstName } from './display-name';

describe('displayName', () => {
  it('prefers the full name, then the e-mail, then "User"', () => {
    expect(displayName({ name: 'Ada', email: 'ada@example.com' }, 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(displayName({ name: 'Ada L', email: 'ada@example.com' })).toBe('Ada L');
    expect(displayName({ name: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('firstName', () => {
  it('takes the first word of the full name, else of the name', () => {
    expect(firstName('Ada King Lovelace', 'Someone', 'x@example.com')).toBe('Ada');
    expect(firstName(null, ' Grace Hopper', 'x@example.com')).toBe('Grace');
  });

  it('falls back to the capitalised e-mail local part, then "User"', () => {
    expect(firstName(null, '', 'charles.babbage@example.com')).toBe('Charles.babbage');
    expect(firstName('', null, '')).toBe('User');
  });
});
