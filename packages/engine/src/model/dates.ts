/**
 * Dates as pages write them, read without the machine's clock or time zone: ISO 8601 and its
 * common variants (metadata, <time datetime>), dates written out in bylines ("Dec. 22, 2016,
 * 6:47 p.m. EST", "1 de diciembre de 2017", "March 25, 2015") and dated URLs (/2016/08/10/).
 *
 * Every reader returns the same normal form: `YYYY-MM-DDTHH:MM:SS.sss` followed by the page's own
 * offset (`+01:00`) or `Z`. A date without a time is midnight `Z`; a time without a zone is read
 * as UTC, so the same page gives the same value on every machine. Years outside 1800..2100 and
 * the Unix epoch day (1970-01-01, a CMS's default for "no date") are refused.
 */

const MIN_YEAR = 1800;
const MAX_YEAR = 2100;

// Month names and abbreviations in English, French, German, Spanish, Italian, Portuguese, Dutch,
// the Scandinavian languages and Turkish, and the Slavic ones in the nominative and in the
// genitive that follows a day number ("4 марта 2019", "4 marca 2019", "4. března 2019").
const MONTH_NAMES: Record<string, number> = {};
(
  [
    ['january jan janvier janv januar jänner jän enero ene gennaio gen janeiro januari ocak январь января янв січень січня styczeń stycznia leden ledna siječanj siječnja januára', 1],
    ['february feb febr février fevrier févr fevr februar febrero febbraio fevereiro fev februari şubat subat февраль февраля фев лютий лютого luty lutego únor února veljača veljače februára', 2],
    ['march mar mars märz maerz mär marzo março marco maart mrt mart март марта мар березень березня marzec marca březen března ožujak ožujka marca', 3],
    ['april apr avril avr abril aprile nisan апрель апреля апр квітень квітня kwiecień kwietnia duben dubna travanj travnja apríla', 4],
    ['may mai mayo maggio mag maio mei maj mayıs mayis май мая травень травня maja květen května svibanj svibnja mája', 5],
    ['june jun juin juni junio giugno giu junho haziran июнь июня червень червня czerwiec czerwca červen června lipanj lipnja júna', 6],
    ['july jul juillet juil juli julio luglio lug julho temmuz июль июля липень липня lipiec lipca červenec července srpanj srpnja júla', 7],
    ['august aug août aout agosto ago augustus augusti ağustos agustos август августа авг серпень серпня sierpień sierpnia srpen srpna kolovoz kolovoza augusta', 8],
    ['september sep sept septembre septiembre setiembre settembre set setembro eylül eylul сентябрь сентября сен вересень вересня wrzesień września září rujan rujna septembra', 9],
    ['october oct octobre oktober okt octubre ottobre ott outubro out ekim октябрь октября окт жовтень жовтня październik października říjen října októbra', 10],
    ['november nov novembre noviembre novembro kasım kasim ноябрь ноября ноя листопад листопада listopad listopada listopadu studeni studenoga novembra', 11],
    ['december dec décembre decembre déc dezember dez diciembre dic dicembre dezembro aralık aralik декабрь декабря дек грудень грудня grudzień grudnia prosinec prosince prosinac prosinca decembra', 12],
  ] as const
).forEach(([names, month]) => {
  for (const name of names.split(' ')) MONTH_NAMES[name] ??= month;
});
const MONTH = Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|');

// Abbreviated zones that news sites print after a time; ambiguous ones (IST, CST in Asia) follow
// the North American and European reading, which is how English-language bylines use them.
const ZONES: Record<string, number> = {
  utc: 0, gmt: 0, z: 0, wet: 0, bst: 60, ist: 60, cet: 60, met: 60, cest: 120, mesz: 120, mez: 60, eet: 120, eest: 180,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420, akst: -540, akdt: -480, hst: -600,
  aest: 600, aedt: 660, acst: 570, awst: 480, nzst: 720, nzdt: 780, jst: 540, kst: 540, sgt: 480, hkt: 480,
};

const ISO_RE =
  /^(\d{4})([-/.]?)(\d{2})\2(\d{2})(?:(?:T|\s+|\s*T\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:(?:[.,]|:(?=\d{3}(?!\d)))(\d+))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysIn(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/**
 * The normal form of a calendar date and time with an offset in minutes, or null when any part
 * is out of range. `offset` null means the value had no zone and is read as UTC.
 */
export function formatDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0, offset: number | null = null): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || ms > 999) return null;
  if (offset !== null && Math.abs(offset) > 14 * 60) return null;
  if (year === 1970 && month === 1 && day === 1) return null;
  const zone = !offset ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}${zone}`;
}

function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return null;
  const z = zone.toLowerCase();
  if (z in ZONES) return ZONES[z];
  const m = /^(?:(?:utc|gmt)\s*)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone);
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * An ISO 8601 date or date-time as metadata writes it ("2016-08-10T11:15:53+00:00",
 * "2022-01-10T22:06:08:684Z" with the milliseconds after a colon, as some CMSs write them,
 * "2017-11-03 03:01:00.000000", "2015-04-30T07:19:58", "2024-06-25", "2016/08/10"), and, failing
 * that, a date written out in words. Returns the normal form or null.
 */
export function parseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const s = value.trim();
  if (!s || s.length > 200) return null;
  const m = ISO_RE.exec(s);
  if (m) {
    const fraction = m[8] ? Number(m[8].slice(0, 3).padEnd(3, '0')) : 0;
    const offset = zoneOffset(m[9]);
    if (m[9] && offset === null) return null;
    return formatDate(Number(m[1]), Number(m[3]), Number(m[4]), Number(m[5] ?? 0), Number(m[6] ?? 0), Number(m[7] ?? 0), fraction, offset);
  }
  return findDateInText(s)?.iso ?? null;
}

export interface DateInText {
  iso: string;
  /** Where the date (and the time and zone after it, when present) starts and ends in the text. */
  index: number;
  end: number;
}

const ZONE = String.raw`\(?((?:utc|gmt)\s*[+-]\d{1,2}(?::?\d{2})?|[+-]\d{2}:?\d{2}|${Object.keys(ZONES).join('|')})\)?(?![\p{L}\d])`;
const TIME_AFTER_RE = new RegExp(
  String.raw`^[\s,]*(?:(?:at|um|à|a las|alle|às|om|kl\.?|-|–|—|·|\|)\s*)?(\d{1,2})[:.h](\d{2})(?::(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?![\p{L}\d])(?:\s*${ZONE})?`,
  'iu',
);
const TIME_12H_RE = /^[\s,]*(?:(?:at|-|–|·|\|)\s*)?(\d{1,2})\s*(a\.?\s?m\.?|p\.?\s?m\.?)(?![\p{L}])/iu;

// Dates written out: "Dec. 22, 2016", "December 22nd 2016", "22 December 2016", "22. Dezember
// 2016", "1 de diciembre de 2017", "4th of March 2019", "2016-08-10"; in numbers, day first as
// most of the world writes them ("04.03.2019", "4/3/2019", "04-03-2019") or year first
// ("2019/03/04", "2019.03.04"); and in Chinese, Japanese and Korean ("2019年03月04日").
const TEXT_DATE_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(?<m1>${MONTH})\.?\s+(?<d1>\d{1,2})(?:st|nd|rd|th)?,?\s+(?<y1>\d{4})|(?<d2>\d{1,2})(?:st|nd|rd|th|er|\.|º)?\s+(?:de\s+|of\s+)?(?<m2>${MONTH})\.?,?\s+(?:de\s+)?(?<y2>\d{4})|(?<y3>\d{4})-(?<mo3>\d{2})-(?<d3>\d{2})|(?<d4>\d{1,2})\.\s?(?<mo4>\d{1,2})\.\s?(?<y4>\d{4})|(?<a5>\d{1,2})(?<sep5>[/-])(?<b5>\d{1,2})\k<sep5>(?<y5>\d{4})|(?<y6>\d{4})(?<sep6>[/.])(?<mo6>\d{1,2})\k<sep6>(?<d6>\d{1,2}))(?![\p{L}\d]|\.\d)|(?<!\d)(?<y7>\d{4})\s*[年년]\s*(?<mo7>\d{1,2})\s*[月월]\s*(?<d7>\d{1,2})\s*[日일]?`,
  'giu',
);

export interface TextDateOptions {
  /**
   * Read an ambiguous "03/04/2019" month first, as the United States writes it (the page's
   * language is en-US). Otherwise day first; a part over 12 settles it either way.
   */
  monthFirst?: boolean;
}

/** Year, month and day of a TEXT_DATE_RE match. */
function matchedDay(g: Record<string, string | undefined>, options: TextDateOptions): [number, number, number] {
  if (g.y1) return [Number(g.y1), MONTH_NAMES[g.m1!.toLowerCase()], Number(g.d1)];
  if (g.y2) return [Number(g.y2), MONTH_NAMES[g.m2!.toLowerCase()], Number(g.d2)];
  if (g.y3) return [Number(g.y3), Number(g.mo3), Number(g.d3)];
  if (g.y4) return [Number(g.y4), Number(g.mo4), Number(g.d4)];
  if (g.y5) {
    const a = Number(g.a5);
    const b = Number(g.b5);
    const monthFirst = b > 12 || (a <= 12 && options.monthFirst === true);
    return monthFirst ? [Number(g.y5), a, b] : [Number(g.y5), b, a];
  }
  if (g.y6) return [Number(g.y6), Number(g.mo6), Number(g.d6)];
  return [Number(g.y7), Number(g.mo7), Number(g.d7)];
}

/** The first date written in running text ("Published: Dec. 22, 2016, 6:47 p.m."), with its time and zone. */
export function findDateInText(text: string, options: TextDateOptions = {}): DateInText | null {
  TEXT_DATE_RE.lastIndex = 0;
  for (let m = TEXT_DATE_RE.exec(text); m; m = TEXT_DATE_RE.exec(text)) {
    const [year, month, day] = matchedDay(m.groups ?? {}, options);
    let end = m.index + m[0].length;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let offset: number | null = null;
    const rest = text.slice(end);
    const t = TIME_AFTER_RE.exec(rest);
    const t12 = t ? null : TIME_12H_RE.exec(rest);
    if (t) {
      hour = t[4] ? to24(Number(t[1]), t[4]) : Number(t[1]);
      minute = Number(t[2]);
      second = Number(t[3] ?? 0);
      offset = zoneOffset(t[5]);
      end += t[0].length;
    } else if (t12) {
      hour = to24(Number(t12[1]), t12[2]);
      end += t12[0].length;
    }
    // A time that cannot be one ("25:00", "13 pm") leaves the date alone.
    const iso = formatDate(year, month, day, hour, minute, second, 0, offset) ?? formatDate(year, month, day);
    if (iso) return { iso, index: m.index, end };
  }
  return null;
}

function to24(hour: number, meridiem: string): number {
  if (hour < 1 || hour > 12) return 99;
  const pm = /^p/i.test(meridiem);
  return pm ? (hour % 12) + 12 : hour % 12;
}

const URL_DATE_RE = /\/((?:19|20)\d{2})([/-]?)(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?=[/_.-]|$)/;
// "/2017/7/12/": a blog engine that writes the month and day without their zeros, slashed only.
const URL_SHORT_DATE_RE = /\/((?:19|20)\d{2})\/([1-9]|1[0-2])\/([1-9]|[12]\d|3[01])(?=\/)/;

/** The date in a dated URL path (/2016/08/10/slug, /2016-08-10-slug, /20160810/), as midnight UTC. */
export function dateFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? url.replace(/[?#].*$/, '');
  const m = URL_DATE_RE.exec(path);
  if (m) return formatDate(Number(m[1]), Number(m[3]), Number(m[4]));
  const short = URL_SHORT_DATE_RE.exec(path);
  return short ? formatDate(Number(short[1]), Number(short[2]), Number(short[3])) : null;
}
