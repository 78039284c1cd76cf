/**
 * Labels for the points of a chart over time (issue 19 item 5): each as short as it can be while
 * no two points share one. A point alone on its day is labelled with the day ("26 Nov"); points
 * that share a day add the time ("26 Nov 14:05"), then the seconds when they share the minute
 * too, and an ordinal ("26 Nov 14:05:07 (2)") only when they share the second. The year is added
 * when the points span more than one. Tooltips and screen readers get `fullDateTime` instead.
 */

export interface PointLabelOptions {
  /** A BCP 47 locale; the browser's when absent. */
  locale?: string;
  /** An IANA time zone; the browser's when absent. */
  timeZone?: string;
}

type Level = 'day' | 'minute' | 'second';

/** A point's label in two parts: the day, and the time when the day alone does not tell it apart. */
export interface PointLabelParts {
  day: string;
  time: string | null;
}

function formatters({ locale, timeZone }: PointLabelOptions, withYear: boolean) {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone });
  const minute = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const second = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone });
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone });
  return {
    year: (date: Date) => year.format(date),
    parts(date: Date, level: Level): PointLabelParts {
      return { day: day.format(date), time: level === 'day' ? null : (level === 'minute' ? minute : second).format(date) };
    },
  };
}

const joined = (parts: PointLabelParts) => (parts.time === null ? parts.day : `${parts.day} ${parts.time}`);

/** The labels of `pointLabels` in two parts, for an axis that sets the time under the day. */
export function pointLabelParts(dates: readonly (string | Date)[], options: PointLabelOptions = {}): PointLabelParts[] {
  const parsed = dates.map((date) => (date instanceof Date ? date : new Date(date)));
  const years = new Set(parsed.map((date) => formatters(options, false).year(date)));
  const format = formatters(options, years.size > 1);
  const key = (date: Date, level: Level) => joined(format.parts(date, level));
  const counts = (level: Level) => {
    const map = new Map<string, number>();
    for (const date of parsed) map.set(key(date, level), (map.get(key(date, level)) ?? 0) + 1);
    return map;
  };
  const byLevel = { day: counts('day'), minute: counts('minute'), second: counts('second') };
  // Points that share even the second are told apart by their order in time (stable for equal times).
  const order = parsed.map((date, index) => ({ time: date.getTime(), index })).sort((a, b) => a.time - b.time || a.index - b.index);
  const ordinal = new Map<number, number>();
  const seen = new Map<string, number>();
  for (const { index } of order) {
    const next = (seen.get(key(parsed[index], 'second')) ?? 0) + 1;
    seen.set(key(parsed[index], 'second'), next);
    ordinal.set(index, next);
  }
  return parsed.map((date, index) => {
    for (const level of ['day', 'minute', 'second'] as const) {
      if (byLevel[level].get(key(date, level)) === 1) return format.parts(date, level);
    }
    const parts = format.parts(date, 'second');
    return { day: parts.day, time: `${parts.time} (${ordinal.get(index)})` };
  });
}

/** One label per date (ISO strings or Dates, in any order), distinct from every other date's label. */
export function pointLabels(dates: readonly (string | Date)[], options: PointLabelOptions = {}): string[] {
  return pointLabelParts(dates, options).map(joined);
}

/** The full date and time of a point, for tooltips and accessible names. */
export function fullDateTime(date: string | Date, options: PointLabelOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).format(date instanceof Date ? date : new Date(date));
}
