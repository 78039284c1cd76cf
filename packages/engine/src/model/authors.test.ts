import { describe, expect, it } from 'vitest';
import { isPlausibleName, namesFromByline } from './authors';

// Each rule of isPlausibleName has a pair: a value the rule refuses, and the closest value it
// lets through, so that removing or inverting the rule fails a test.
describe('isPlausibleName', () => {
  it('accepts ordinary names of two to six words', () => {
    for (const name of ['Jane Doe', 'Dan Goodin', 'Laura June Topolsky', 'Nelson D. Schwartz', 'John C. Welch', 'Gina Roberts-Grey', "Conan O'Brien", 'Aleš Vávra', 'Ana María del Carmen López']) {
      expect(isPlausibleName(name), name).toBe(true);
    }
  });

  it('refuses an empty value', () => {
    expect(isPlausibleName('')).toBe(false);
    expect(isPlausibleName('   ')).toBe(false);
  });

  it('refuses more than 60 characters', () => {
    const sixty = `Maximiliana ${'Abcdefghij'.repeat(4)} Wolfeschlegels`.slice(0, 60);
    expect(sixty.length).toBe(60);
    expect(isPlausibleName(sixty)).toBe(true);
    expect(isPlausibleName(`${sixty}x`)).toBe(false);
  });

  it('refuses digits: dates, times, ids', () => {
    expect(isPlausibleName('Jane Doe2')).toBe(false);
    expect(isPlausibleName('Jane Doe')).toBe(true);
    expect(isPlausibleName('April 15, 2019 6:18am')).toBe(false);
  });

  it('refuses characters names do not have', () => {
    for (const value of ['@jane doe', 'Jane@Doe Smith', 'Jane Doe/Reuters', 'Updated: Jane Doe', 'jane_doe Smith', 'Jane | Doe', 'Jane • Doe', '"Jane Doe"', 'Jane Doe)', 'https://x.com Jane']) {
      expect(isPlausibleName(value), value).toBe(false);
    }
  });

  it('refuses a single word in a spaced script: "By", "Staff", "admin", a pen name', () => {
    for (const value of ['By', 'Staff', 'admin', 'AFP', 'Sleyca']) expect(isPlausibleName(value), value).toBe(false);
  });

  it('accepts one word of 2 to 12 characters in scripts written without spaces', () => {
    expect(isPlausibleName('肖春芳')).toBe(true);
    expect(isPlausibleName('青网校园崔宁宁')).toBe(true);
    expect(isPlausibleName('肖')).toBe(false);
    expect(isPlausibleName('肖'.repeat(12))).toBe(true);
    expect(isPlausibleName('肖'.repeat(13))).toBe(false);
  });

  it('refuses more than 6 words', () => {
    expect(isPlausibleName('Ana Maria Carmen Lucia Rosa Lopez')).toBe(true);
    expect(isPlausibleName('Ana Maria Carmen Lucia Rosa Isabel Lopez')).toBe(false);
  });

  it('refuses interface words: buttons and labels are not names', () => {
    for (const value of ['Follow Author', 'Share Jane', 'Jane Doe Updated', 'Posted Today', 'My WebMD', 'Read Profile']) {
      expect(isPlausibleName(value), value).toBe(false);
    }
  });

  it('refuses roles and labels: "Staff Writer", "Our Foreign Staff", "Editorial Team"', () => {
    for (const value of ['Staff Writer', 'Our Foreign Staff', 'Our Foreign', 'Editorial Team', 'Guest Author', 'The Editors', 'Web Desk', 'Senior Political']) {
      expect(isPlausibleName(value), value).toBe(false);
    }
  });

  it('refuses a person name holding a role word', () => {
    expect(isPlausibleName('Jane Doe Editor')).toBe(false);
    expect(isPlausibleName('Jane Doe Edison')).toBe(true);
  });

  it('needs the first and the last word capitalised (or the whole name in capitals)', () => {
    expect(isPlausibleName('jane Doe')).toBe(false);
    expect(isPlausibleName('Jane doe')).toBe(false);
    expect(isPlausibleName('JOSH HASKELL')).toBe(true);
    expect(isPlausibleName('Michiel de')).toBe(false);
  });

  it('lets surname particles stay lower case, and at most one other lower-case word', () => {
    expect(isPlausibleName('Ursula von der Leyen')).toBe(true);
    expect(isPlausibleName('Michiel de Jong')).toBe(true);
    expect(isPlausibleName('Organization for Transformative Works')).toBe(true);
    expect(isPlausibleName('Friends in Need of Works')).toBe(false);
    expect(isPlausibleName('Contributors to Wikimedia projects')).toBe(false);
  });

  it('keeps names in scripts without letter case', () => {
    expect(isPlausibleName('محمد علي')).toBe(true);
  });

  it('allows a nickname in parentheses between given name and surname, nowhere else', () => {
    expect(isPlausibleName('Richard (R.J.) Eskow')).toBe(true);
    expect(isPlausibleName('(R.J.) Eskow')).toBe(false);
    expect(isPlausibleName('Richard Eskow (rje)')).toBe(false);
  });

  describe('organizations, when declared as such', () => {
    it('may be one word, hold digits and "&", and lower-case words', () => {
      expect(isPlausibleName('Reuters', { organization: true })).toBe(true);
      expect(isPlausibleName('Reuters')).toBe(false);
      expect(isPlausibleName('3M', { organization: true })).toBe(true);
      expect(isPlausibleName('Procter & Gamble', { organization: true })).toBe(true);
      expect(isPlausibleName('Procter & Gamble')).toBe(false);
      expect(isPlausibleName('Contributors to Wikimedia projects', { organization: true })).toBe(true);
    });

    it('still refuse generic labels, interface words, handles and long names', () => {
      expect(isPlausibleName('Staff', { organization: true })).toBe(false);
      expect(isPlausibleName('The Staff', { organization: true })).toBe(false);
      expect(isPlausibleName('The Daily Example', { organization: true })).toBe(true);
      expect(isPlausibleName('The Daily Example')).toBe(true);
      expect(isPlausibleName('Share This', { organization: true })).toBe(false);
      expect(isPlausibleName('@reuters', { organization: true })).toBe(false);
      expect(isPlausibleName('Alpha Beta Gamma Delta Epsilon Zeta Eta Theta', { organization: true })).toBe(true);
      expect(isPlausibleName('Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota', { organization: true })).toBe(false);
      expect(isPlausibleName('reuters agency', { organization: true })).toBe(false);
    });
  });
});

describe('namesFromByline', () => {
  it('finds no name where real bylines held none', () => {
    for (const value of ['By', 'April 15, 2019 6:18am', 'Published: Dec. 22, 2016, 6:47 p.m.', 'Last Updated: January 7, 2025', 'Our Foreign Staff 16 November 2017 • 2:15pm', '@jdoe', 'https://example.com/author/jane', 'Follow Author', 'Staff', '']) {
      expect(namesFromByline(value), value).toEqual([]);
    }
  });

  it('strips "By", "by", a doubled "Byby" and a "By" run into the name', () => {
    expect(namesFromByline('By Jane Doe')).toEqual(['Jane Doe']);
    expect(namesFromByline('by jane doe and John Roe')).toEqual(['John Roe']);
    expect(namesFromByline('Byby JOSH HASKELL December 16, 2016, 4:19 PM')).toEqual(['JOSH HASKELL']);
    expect(namesFromByline('ByTravis Haney')).toEqual(['Travis Haney']);
    expect(namesFromByline('Byron Smith')).toEqual(['Byron Smith']);
    expect(namesFromByline('BYRON SMITH')).toEqual(['BYRON SMITH']);
  });

  it('strips labels in other languages: Par, Von, Por, Written by', () => {
    expect(namesFromByline('Par Sébastien Farcis')).toEqual(['Sébastien Farcis']);
    expect(namesFromByline('Von Max Mustermann')).toEqual(['Max Mustermann']);
    expect(namesFromByline('Por María López')).toEqual(['María López']);
    expect(namesFromByline('Written by Rob Ewaschuk')).toEqual(['Rob Ewaschuk']);
    expect(namesFromByline('Author: Jane Doe')).toEqual(['Jane Doe']);
  });

  it('keeps surname particles that look like labels inside a name', () => {
    expect(namesFromByline('Ursula von der Leyen')).toEqual(['Ursula von der Leyen']);
    expect(namesFromByline('Leonardo di Caprio Jones')).toEqual(['Leonardo di Caprio Jones']);
  });

  it('cuts the date, time and zone after the name', () => {
    expect(namesFromByline('Valentina Palladino - Aug 10, 2016 11:15 am UTC')).toEqual(['Valentina Palladino']);
    expect(namesFromByline('Nathan Willis March 25, 2015')).toEqual(['Nathan Willis']);
    expect(namesFromByline('Lucas Nolan22 Dec 2016651')).toEqual(['Lucas Nolan']);
    expect(namesFromByline('César Salza 1 de diciembre de 2017 3:00 AM PST')).toEqual(['César Salza']);
    expect(namesFromByline('James Akinaka • 8h')).toEqual(['James Akinaka']);
    expect(namesFromByline('Jane Doe Monday, May 2')).toEqual(['Jane Doe']);
    expect(namesFromByline('Jane Doe yesterday')).toEqual(['Jane Doe']);
  });

  it('keeps a month name that is a given name', () => {
    expect(namesFromByline('April Smith')).toEqual(['April Smith']);
    expect(namesFromByline('By June Carter')).toEqual(['June Carter']);
  });

  it('drops the clause of someone who is not the author, and "Updated" or "Published" dates', () => {
    expect(namesFromByline('Written by Rob Ewaschuk Edited by Betsy Beyer')).toEqual(['Rob Ewaschuk']);
    expect(namesFromByline('Medically reviewed by Dr. Ann Lee — Written by Bob Stone')).toEqual(['Bob Stone']);
    expect(namesFromByline('Jane Doe | Photos by John Roe')).toEqual(['Jane Doe']);
    expect(namesFromByline('Jane Doe Updated March 3')).toEqual(['Jane Doe']);
  });

  it('takes the name after a mid-line "by", not the section before it', () => {
    expect(namesFromByline('Tech Industry by Steven Musil January 18, 2017 11:00 PM PST')).toEqual(['Steven Musil']);
  });

  it('reads a label in its own element as labelling the next one', () => {
    expect(namesFromByline('By | Jane Doe | April 2, 2020')).toEqual(['Jane Doe']);
  });

  it('splits "and"-joined and comma-separated authors', () => {
    expect(namesFromByline('By Jane Doe and John Roe')).toEqual(['Jane Doe', 'John Roe']);
    expect(namesFromByline('Stella Kim, Jennifer Jett')).toEqual(['Stella Kim', 'Jennifer Jett']);
    expect(namesFromByline('Jane Doe & John Roe')).toEqual(['Jane Doe', 'John Roe']);
    expect(namesFromByline('Alexandre Hervaud et Jérémy Piette')).toEqual(['Alexandre Hervaud', 'Jérémy Piette']);
    expect(namesFromByline('Martin Untersinger (avec Damien Leloup et Morgane Tual)')).toEqual(['Martin Untersinger', 'Damien Leloup', 'Morgane Tual']);
  });

  it('lists each name once', () => {
    expect(namesFromByline('Jane Doe, JANE DOE and Jane Doe')).toEqual(['Jane Doe']);
  });

  it('drops job titles, before or after the name', () => {
    expect(namesFromByline('Ben Silverman Games Editor')).toEqual(['Ben Silverman']);
    expect(namesFromByline('Senior Editor Jane Doe')).toEqual(['Jane Doe']);
    expect(namesFromByline('Jane Doe, Senior Political Correspondent')).toEqual(['Jane Doe']);
    expect(namesFromByline('By Jane Doe and John Roe, Staff Writers')).toEqual(['Jane Doe', 'John Roe']);
    expect(namesFromByline('Jane Doe White')).toEqual(['Jane Doe White']);
  });

  it('drops credentials and keeps generational suffixes', () => {
    expect(namesFromByline('By Brenda Goodman, MA')).toEqual(['Brenda Goodman']);
    expect(namesFromByline('Jane Doe, PhD')).toEqual(['Jane Doe']);
    expect(namesFromByline('Martin Luther King, Jr.')).toEqual(['Martin Luther King Jr.']);
  });

  it('turns "Surname, Given" round', () => {
    expect(namesFromByline('Jong, Michiel de')).toEqual(['Michiel de Jong']);
    expect(namesFromByline('Kooman, F.')).toEqual(['F. Kooman']);
    expect(namesFromByline('Doe, Jane')).toEqual(['Jane Doe']);
    expect(namesFromByline('Reuters, AP')).toEqual([]);
  });

  it('removes handles, profile links and decoration in parentheses', () => {
    expect(namesFromByline('Jane Doe (@jdoe) April 15, 2019')).toEqual(['Jane Doe']);
    expect(namesFromByline('Bradley M. Kuhn (http://ebb.org/bkuhn/)')).toEqual(['Bradley M. Kuhn']);
    expect(namesFromByline('Jane Doe @jdoe')).toEqual(['Jane Doe']);
    expect(namesFromByline('Jane Doe jane@example.com')).toEqual(['Jane Doe']);
    expect(namesFromByline('Jane Doe [Reuters]')).toEqual(['Jane Doe']);
    expect(namesFromByline('Richard (R.J.) Eskow')).toEqual(['Richard (R.J.) Eskow']);
  });

  it('trims the punctuation around names and an ellipsis', () => {
    expect(namesFromByline('— Jane Doe —')).toEqual(['Jane Doe']);
    expect(namesFromByline('“Jane Doe”')).toEqual(['Jane Doe']);
    expect(namesFromByline('JOSH HASKELL ... December 16')).toEqual(['JOSH HASKELL']);
    expect(namesFromByline('Jane Doe.')).toEqual(['Jane Doe']);
    expect(namesFromByline('John C.')).toEqual(['John C.']);
  });

  it('reads nothing from a value longer than a byline', () => {
    const padded = (length: number) => `By Jane Doe |`.padEnd(length, ' ');
    expect(namesFromByline(padded(500))).toEqual(['Jane Doe']);
    expect(namesFromByline(padded(501))).toEqual([]);
  });

  it('reads an organization as one name, without splitting it', () => {
    expect(namesFromByline('Procter & Gamble', { organization: true })).toEqual(['Procter & Gamble']);
    expect(namesFromByline('Procter & Gamble')).toEqual([]);
    expect(namesFromByline(' Reuters ', { organization: true })).toEqual(['Reuters']);
  });
});
