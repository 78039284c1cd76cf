import { describe, expect, it } from 'vitest';
import { dateFromUrl, findDateInText, formatDate, parseDate } from './dates';

describe('parseDate', () => {
  it('keeps the page\'s own offset, normalised to ±HH:MM, and writes UTC as Z', () => {
    expect(parseDate('2016-08-10T11:15:53+00:00')).toBe('2016-08-10T11:15:53.000Z');
    expect(parseDate('2024-01-02T10:00:00+01:00')).toBe('2024-01-02T10:00:00.000+01:00');
    expect(parseDate('2021-11-01T10:52:50+0100')).toBe('2021-11-01T10:52:50.000+01:00');
    expect(parseDate('2013-09-11T10:00:00-04:00')).toBe('2013-09-11T10:00:00.000-04:00');
    expect(parseDate('2016-08-10T11:15:53-0530')).toBe('2016-08-10T11:15:53.000-05:30');
    expect(parseDate('2015-03-27T13:07:55.096Z')).toBe('2015-03-27T13:07:55.096Z');
    expect(parseDate('2016-08-10T11:15:53 UTC')).toBe('2016-08-10T11:15:53.000Z');
    expect(parseDate('2016-08-10T11:15:53+02')).toBe('2016-08-10T11:15:53.000+02:00');
  });

  it('reads a time without a zone as UTC, and a date alone as midnight UTC', () => {
    expect(parseDate('2015-04-30T07:19:58')).toBe('2015-04-30T07:19:58.000Z');
    expect(parseDate('2017-11-03 03:01:00.000000')).toBe('2017-11-03T03:01:00.000Z');
    expect(parseDate('2018-04-05T06:00')).toBe('2018-04-05T06:00:00.000Z');
    expect(parseDate('2024-06-25')).toBe('2024-06-25T00:00:00.000Z');
  });

  it('reads slashed, dotted and compact year-first dates', () => {
    expect(parseDate('2016/08/10')).toBe('2016-08-10T00:00:00.000Z');
    expect(parseDate('2016.08.10')).toBe('2016-08-10T00:00:00.000Z');
    expect(parseDate('20161222')).toBe('2016-12-22T00:00:00.000Z');
    expect(parseDate('2016/08-10')).toBeNull();
  });

  it('reads milliseconds written after a colon, as some CMSs write them, and nothing else after one', () => {
    expect(parseDate('2022-01-10T22:06:08:684Z')).toBe('2022-01-10T22:06:08.684Z');
    expect(parseDate('2022-01-10T22:06:08:68Z')).toBeNull();
    expect(parseDate('2022-01-10T22:06:08:6840Z')).toBeNull();
  });

  it('cuts fractions to milliseconds', () => {
    expect(parseDate('2017-11-24T18:42:20.314667')).toBe('2017-11-24T18:42:20.314Z');
    expect(parseDate('2017-11-24T18:42:20.3Z')).toBe('2017-11-24T18:42:20.300Z');
  });

  it('refuses impossible dates, times and offsets', () => {
    for (const value of ['2016-02-30', '2016-13-01', '2016-00-10', '2016-01-00', '2016-01-01T24:00', '2016-01-01T10:60', '2016-01-01T10:00:61', '2016-01-01T10:00+15:00', '2016-01-01T10:00 XYZ']) {
      expect(parseDate(value), value).toBeNull();
    }
    expect(parseDate('2016-02-29')).toBe('2016-02-29T00:00:00.000Z');
    expect(parseDate('2015-02-29')).toBeNull();
    expect(parseDate('1900-02-29')).toBeNull();
    expect(parseDate('2000-02-29')).toBe('2000-02-29T00:00:00.000Z');
    expect(parseDate('2016-01-01T10:00+14:00')).toBe('2016-01-01T10:00:00.000+14:00');
  });

  it('refuses years before 1800 or after 2100, and the Unix epoch day that CMSs write for "no date"', () => {
    expect(parseDate('1799-12-31')).toBeNull();
    expect(parseDate('1800-01-01')).toBe('1800-01-01T00:00:00.000Z');
    expect(parseDate('2100-12-31')).toBe('2100-12-31T00:00:00.000Z');
    expect(parseDate('2101-01-01')).toBeNull();
    expect(parseDate('1970-01-01T00:00:00Z')).toBeNull();
    expect(parseDate('1970-01-02')).toBe('1970-01-02T00:00:00.000Z');
    expect(parseDate('0000-00-00 00:00:00')).toBeNull();
  });

  it('reads dates written in words when the value is not ISO', () => {
    expect(parseDate('Mon, 10 Aug 2016 11:15:53 GMT')).toBe('2016-08-10T11:15:53.000Z');
    expect(parseDate('Published: Dec. 22, 2016, 6:47 p.m.')).toBe('2016-12-22T18:47:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const value of [null, undefined, '', '   ', 'yesterday', 'March 2016', '1429214521', 'April Smith', 'x'.repeat(300)]) {
      expect(parseDate(value), String(value)).toBeNull();
    }
  });
});

describe('findDateInText', () => {
  const iso = (text: string) => findDateInText(text)?.iso ?? null;

  it('reads month-first and day-first dates in several languages', () => {
    expect(iso('April 15, 2019')).toBe('2019-04-15T00:00:00.000Z');
    expect(iso('Dec. 22, 2016')).toBe('2016-12-22T00:00:00.000Z');
    expect(iso('December 22nd 2016')).toBe('2016-12-22T00:00:00.000Z');
    expect(iso('22 December 2016')).toBe('2016-12-22T00:00:00.000Z');
    expect(iso('22. Dezember 2016')).toBe('2016-12-22T00:00:00.000Z');
    expect(iso('1 de diciembre de 2017')).toBe('2017-12-01T00:00:00.000Z');
    expect(iso('1er mars 2020')).toBe('2020-03-01T00:00:00.000Z');
    expect(iso('le 30 avril 2015')).toBe('2015-04-30T00:00:00.000Z');
    expect(iso('posted 2015-03-25 by')).toBe('2015-03-25T00:00:00.000Z');
  });

  it('reads the time after the date, with a.m./p.m. and a zone', () => {
    expect(iso('April 15, 2019 6:18am')).toBe('2019-04-15T06:18:00.000Z');
    expect(iso('Dec. 22, 2016, 6:47 p.m.')).toBe('2016-12-22T18:47:00.000Z');
    expect(iso('April 28, 2019 at 6:01 am')).toBe('2019-04-28T06:01:00.000Z');
    expect(iso('December 16, 2016, 4:19 PM')).toBe('2016-12-16T16:19:00.000Z');
    expect(iso('Aug 10, 2016 11:15 am UTC')).toBe('2016-08-10T11:15:00.000Z');
    expect(iso('1 de diciembre de 2017 3:00 AM PST')).toBe('2017-12-01T03:00:00.000-08:00');
    expect(iso('January 18, 2017 11:00 PM EST')).toBe('2017-01-18T23:00:00.000-05:00');
    expect(iso('May 3, 2016 12:30 am')).toBe('2016-05-03T00:30:00.000Z');
    expect(iso('May 3, 2016 12:30 pm')).toBe('2016-05-03T12:30:00.000Z');
    expect(iso('22. Dezember 2016 um 14:30 Uhr')).toBe('2016-12-22T14:30:00.000Z');
    expect(iso('3 mai 2016 à 14h30')).toBe('2016-05-03T14:30:00.000Z');
    expect(iso('May 3, 2016 9pm')).toBe('2016-05-03T21:00:00.000Z');
    expect(iso('May 3, 2016 10:00 (GMT+2)')).toBe('2016-05-03T10:00:00.000+02:00');
  });

  it('keeps the date when the time cannot be one', () => {
    expect(iso('May 3, 2016 25:00')).toBe('2016-05-03T00:00:00.000Z');
    expect(iso('May 3, 2016 13:00 pm')).toBe('2016-05-03T00:00:00.000Z');
  });

  it('says where the date and its time are in the text', () => {
    const text = 'Jane Doe - Aug 10, 2016 11:15 am UTC | 3 comments';
    const found = findDateInText(text);
    expect(text.slice(found!.index, found!.end)).toBe('Aug 10, 2016 11:15 am UTC');
  });

  it('skips an impossible date for a later one, and finds none in a name or a number', () => {
    expect(iso('February 30, 2016 or March 1, 2016')).toBe('2016-03-01T00:00:00.000Z');
    expect(iso('Lucas Nolan22 Dec 2016651')).toBeNull();
    expect(iso('April Smith wrote 12 articles')).toBeNull();
    expect(iso('March 2016')).toBeNull();
  });
});

describe('dateFromUrl', () => {
  it('reads /YYYY/MM/DD/, /YYYY-MM-DD- and /YYYYMMDD/ paths', () => {
    expect(dateFromUrl('https://example.com/2016/08/10/slug/')).toBe('2016-08-10T00:00:00.000Z');
    expect(dateFromUrl('https://example.com/news/2016-08-10-slug')).toBe('2016-08-10T00:00:00.000Z');
    expect(dateFromUrl('https://example.com/20160810/a')).toBe('2016-08-10T00:00:00.000Z');
    expect(dateFromUrl('/world/2015/03/18/00202e76_story.html')).toBe('2015-03-18T00:00:00.000Z');
  });

  it('ignores a year and month alone, impossible dates, ids, the host and the query', () => {
    expect(dateFromUrl('https://example.com/2016/08/slug')).toBeNull();
    expect(dateFromUrl('https://example.com/a/2016/13/10/')).toBeNull();
    expect(dateFromUrl('https://example.com/p/12345678/')).toBeNull();
    expect(dateFromUrl('https://example.com/p/201608101/')).toBeNull();
    expect(dateFromUrl('https://example.com/search?from=/2016/08/10/')).toBeNull();
    expect(dateFromUrl(null)).toBeNull();
  });
});

describe('formatDate', () => {
  it('writes the offset with its sign, hours and minutes', () => {
    expect(formatDate(2020, 1, 2, 3, 4, 5, 6, 330)).toBe('2020-01-02T03:04:05.006+05:30');
    expect(formatDate(2020, 1, 2, 3, 4, 5, 6, -570)).toBe('2020-01-02T03:04:05.006-09:30');
    expect(formatDate(2020, 1, 2, 3, 4, 5, 6, 0)).toBe('2020-01-02T03:04:05.006Z');
    expect(formatDate(2020, 1, 2, 3, 4, 5, 1000)).toBeNull();
  });
});

describe('findDateInText in numbers and in more languages', () => {
  const day = (text: string, options = {}) => findDateInText(text, options)?.iso.slice(0, 10) ?? null;

  it('reads day-first dotted, slashed and dashed dates, and year-first ones', () => {
    expect(day('Bonn, 04.03.2019')).toBe('2019-03-04');
    expect(day('am 4.3.2019 um 11:35')).toBe('2019-03-04');
    expect(findDateInText('01.11.2023 11:35')?.iso).toBe('2023-11-01T11:35:00.000Z');
    expect(day('Publié le 04/03/2019')).toBe('2019-03-04');
    expect(day('~02-01-2022-land')).toBe('2022-01-02');
    expect(day('2019/03/04 12:00')).toBe('2019-03-04');
    expect(findDateInText('2019/03/04 12:00')?.iso).toBe('2019-03-04T12:00:00.000Z');
    expect(day('2019.03.04')).toBe('2019-03-04');
  });

  it('reads an ambiguous slashed date month first only when asked, and a part over 12 settles it', () => {
    expect(day('03/04/2019')).toBe('2019-04-03');
    expect(day('03/04/2019', { monthFirst: true })).toBe('2019-03-04');
    expect(day('03/24/2019')).toBe('2019-03-24');
    expect(day('24/03/2019', { monthFirst: true })).toBe('2019-03-24');
  });

  it('reads Chinese, Japanese and Korean dates, with letters right before and after them', () => {
    expect(day('发布时间：2019年03月04日 12:00')).toBe('2019-03-04');
    expect(day('作者：王小明 2019年3月4日发布')).toBe('2019-03-04');
    expect(day('2019년 3월 4일')).toBe('2019-03-04');
  });

  it('reads German, French, Portuguese, Turkish and Slavic month names', () => {
    expect(day('4. März 2019')).toBe('2019-03-04');
    expect(day('le 4 mars 2019')).toBe('2019-03-04');
    expect(day('4 de março de 2019')).toBe('2019-03-04');
    expect(day('4 Mart 2019')).toBe('2019-03-04');
    expect(day('4 марта 2019 г.')).toBe('2019-03-04');
    expect(day('15 листопада 2020')).toBe('2020-11-15');
    expect(day('4 marca 2019')).toBe('2019-03-04');
    expect(day('4. března 2019')).toBe('2019-03-04');
    expect(day('4th of March 2019')).toBe('2019-03-04');
  });

  it('finds no date in version numbers, prices or longer numbers', () => {
    for (const text of ['Version 1.2.2019.5', 'Art.-Nr. 12.10.20214', '3.50 € / 12.99 €', 'ISBN 978-3-16-148410-0']) expect(day(text), text).toBeNull();
  });
});

describe('dateFromUrl without leading zeros', () => {
  it('reads /YYYY/M/D/ slashed paths, and not a year and a number', () => {
    expect(dateFromUrl('https://www.befifty.de/home/2017/7/12/unter-uns-montauk')).toBe('2017-07-12T00:00:00.000Z');
    expect(dateFromUrl('https://example.com/2017/7/slug')).toBeNull();
    expect(dateFromUrl('https://example.com/2017/13/1/slug')).toBeNull();
  });
});
