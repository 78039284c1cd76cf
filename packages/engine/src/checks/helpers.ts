import type { CheckDetail, IssuePriority } from '@citable/contract';
import type { NotApplicable, Scored } from './types';
import { truncate } from '../text/words';

export function notApplicable(explanation: string): NotApplicable {
  return { applicable: false, explanation };
}

export function pass(explanation: string, details: CheckDetail[] = []): Scored {
  return { applicable: true, score: 1, explanation, details };
}

/** A finding short of a full pass; `title` is its headline, written from the same facts as the explanation. */
export function scored(
  score: number,
  explanation: string,
  extra: { title: string; details?: CheckDetail[]; priority?: IssuePriority; suggestion?: string },
): Scored {
  return { applicable: true, score: clamp01(score), explanation, ...extra };
}

/** "1 heading skips" / "3 headings skip": a count with its noun and verb agreeing. */
export function counted(n: number, singular: string, plural: string): string {
  return n === 1 ? `1 ${singular}` : `${n} ${plural}`;
}

/** "a", "a and b", "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function clamp01(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
}

/** Linear from 0 at `zeroAt` to 1 at `fullAt` (either direction). */
export function ramp(value: number, zeroAt: number, fullAt: number): number {
  if (zeroAt === fullAt) return value >= fullAt ? 1 : 0;
  return clamp01((value - zeroAt) / (fullAt - zeroAt));
}

export function detail(label: string, value?: string | number): CheckDetail {
  return value === undefined ? { label: truncate(label, 200) } : { label: truncate(label, 200), value: truncate(String(value), 300) };
}

/** At most `max` details, so a page with 2,000 bad links stays readable. */
export function details<T>(items: T[], toDetail: (item: T) => CheckDetail, max = 10): CheckDetail[] {
  const out = items.slice(0, max).map(toDetail);
  if (items.length > max) out.push({ label: `…and ${items.length - max} more` });
  return out;
}
