import { OVERALL_STATUS_TITLES, type ServiceStatus } from '@citable/contract';

export function overallTitle(status: string): string {
  return (OVERALL_STATUS_TITLES as Record<string, string>)[status] ?? 'Unknown';
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));

export function formatLatency(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** "1 h 15 min" between two instants, for resolved incidents. */
export function formatDuration(startIso: string, endIso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

export const STATUS_STYLES: Record<ServiceStatus | 'unknown', { dot: string; banner: string; text: string }> = {
  operational: { dot: 'bg-emerald-500', banner: 'border-emerald-200 bg-emerald-50', text: 'text-emerald-800' },
  maintenance: { dot: 'bg-sky-500', banner: 'border-sky-200 bg-sky-50', text: 'text-sky-800' },
  partial_outage: { dot: 'bg-amber-500', banner: 'border-amber-200 bg-amber-50', text: 'text-amber-900' },
  major_outage: { dot: 'bg-red-500', banner: 'border-red-200 bg-red-50', text: 'text-red-800' },
  unknown: { dot: 'bg-slate-400', banner: 'border-slate-200 bg-slate-50', text: 'text-slate-700' },
};

export function statusStyle(status: string) {
  return (STATUS_STYLES as Record<string, (typeof STATUS_STYLES)['unknown']>)[status] ?? STATUS_STYLES.unknown;
}
