import { describe, expect, it } from 'vitest';
import { cleanEntity, isFirstNameOnly, isLoneName } from './entity-names';

describe('cleanEntity', () => {
  it.each([
    ['cnn/', 'organization'],
    ['JIM WATSON/AFP/Getty Images', 'person'],
    ['wikipedia-', 'organization'],
    ['bbc-', 'organization'],
    ['France-', 'place'],
    ['-based', 'organization'],
    ['@bbcnews', 'organization'],
    ['#solar', 'topic'],
    ['bbc.co.uk', 'organization'],
    ['www.example', 'organization'],
    ['https://example.org', 'organization'],
    ['Kauri (Te Kaurinui Robert) Parata', 'person'],
    ['que', 'person'],
    ['Mr', 'person'],
    ['"', 'place'],
    ['X', 'organization'],
    ['Agent 47', 'person'],
    ['Anna Maria Luisa de Medici Farnese', 'person'],
  ] as const)('drops "%s" (%s)', (raw, type) => {
    expect(cleanEntity(raw, type)).toBeNull();
  });

  it.each([
    ['Dan Goodin -', 'person', 'Dan Goodin', 'person'],
    ['— Shay Friedman', 'person', 'Shay Friedman', 'person'],
    ['Biz & IT —', 'organization', 'Biz & IT', 'organization'],
    ['"Great Britain', 'place', 'Great Britain', 'place'],
    ['David Botti)', 'person', 'David Botti', 'person'],
    ['Sony\'s', 'organization', 'Sony', 'organization'],
    ['Manchester United’s', 'organization', 'Manchester United', 'organization'],
    ['Mr Obama', 'person', 'Obama', 'person'],
    ['President Barack Obama', 'person', 'Barack Obama', 'person'],
    ['Dr. Michael Shadlen', 'person', 'Michael Shadlen', 'person'],
    ['Acme Inc.', 'organization', 'Acme Inc', 'organization'],
    ['eBay', 'organization', 'eBay', 'organization'],
    ['solar panels', 'topic', 'solar panels', 'topic'],
  ] as const)('cleans "%s" (%s) to "%s" (%s)', (raw, type, name, kind) => {
    expect(cleanEntity(raw, type)).toEqual({ name, type: kind });
  });

  it('keeps titles on names that are not people', () => {
    expect(cleanEntity('General Motors', 'organization')).toEqual({ name: 'General Motors', type: 'organization' });
  });

  it('reads U.S. and U.K. as places, with their periods, and keeps organisations with initials', () => {
    expect(cleanEntity('U.S', 'organization')).toEqual({ name: 'U.S.', type: 'place' });
    expect(cleanEntity('U.K.', 'organization')).toEqual({ name: 'U.K.', type: 'place' });
    expect(cleanEntity('US', 'organization')).toEqual({ name: 'US', type: 'place' });
    expect(cleanEntity('Us', 'organization')).toEqual({ name: 'Us', type: 'organization' });
    expect(cleanEntity('U.N', 'organization')).toEqual({ name: 'U.N.', type: 'organization' });
    expect(cleanEntity('U.S. Army', 'organization')).toEqual({ name: 'U.S. Army', type: 'organization' });
  });

  it('makes a "person" with an organisation\'s word an organisation', () => {
    expect(cleanEntity('BBC News', 'person')).toEqual({ name: 'BBC News', type: 'organization' });
    expect(cleanEntity('Columbia University', 'person')).toEqual({ name: 'Columbia University', type: 'organization' });
    expect(cleanEntity('Jane Doe', 'person')).toEqual({ name: 'Jane Doe', type: 'person' });
  });
});

describe('lone names', () => {
  it('knows common first names from last names', () => {
    expect(isFirstNameOnly('Kevin')).toBe(true);
    expect(isFirstNameOnly('Alice')).toBe(true);
    expect(isFirstNameOnly('Obama')).toBe(false);
    expect(isFirstNameOnly('Askar')).toBe(false);
  });

  it('drops a single name that is part of a fuller one on the page, or only a first name', () => {
    const people = ['Ammar Askar', 'Askar', 'Ammar', 'Kevin', 'Obama'];
    expect(isLoneName('Ammar', people)).toBe(true);
    expect(isLoneName('Askar', people)).toBe(true);
    expect(isLoneName('Kevin', people)).toBe(true);
    expect(isLoneName('Obama', people)).toBe(false);
    expect(isLoneName('Ammar Askar', people)).toBe(false);
  });
});
