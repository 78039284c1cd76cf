import { Bell, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { confidenceTone, unreadBadge, type Alert, type AlertSeverity, type PlanId } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAlertActions, useAlerts } from '../api/alerts';
import { useScopeAccess } from '../../../hooks/use-scope-access';

const SEVERITY: Record<AlertSeverity, string> = {
  critical: 'border-l-red-600 bg-red-50',
  high: 'border-l-orange-500 bg-orange-50',
  medium: 'border-l-amber-400 bg-amber-50',
  low: 'border-l-sky-400 bg-white',
};
const CONFIDENCE = { high: 'text-emerald-700', medium: 'text-amber-700', low: 'text-slate-500' } as const;

/** The header's alerts bell and panel (spec 001 §2). */
export function AlertsBell({ userId, plan }: { userId: string; plan: PlanId }) {
  const { data } = useAlerts(userId, plan);
  const actions = useAlertActions(userId);
  const [, setParams] = useSearchParams();
  const alerts = data?.alerts ?? [];
  const badge = unreadBadge(data?.unread ?? 0);
  // A read-only role (a client of an agency) reads the alerts; marking or dismissing them is the agency's (issue 33).
  const { readOnly } = useScopeAccess();

  const open = (alert: Alert) => {
    if (!readOnly) actions.read.mutate(alert.id);
    if (alert.actionUrl) setParams({ section: alert.actionUrl });
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={badge ? `Alerts, ${data?.unread} unread` : 'Alerts'} title="Alerts" className="relative" data-testid="alerts-bell">
          <Bell aria-hidden="true" className="size-5" />
          {badge ? (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white" data-testid="alerts-badge">
              {badge}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-[min(26rem,calc(100vw-1rem))] rounded-xl bg-white shadow-2xl ring-1 ring-slate-200" data-testid="alerts-panel">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Alerts</h2>
            {readOnly ? null : (
              <Button variant="ghost" size="sm" disabled={!data?.unread} onClick={() => actions.readAll.mutate()}>
                Mark all read
              </Button>
            )}
          </div>
          {alerts.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No alerts yet. They appear after audits: score changes, trends, milestones and competitor moves.</p>
          ) : (
            <ul className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
              {alerts.map((alert) => (
                <li key={alert.id} className={cn('border-l-4 px-4 py-3', SEVERITY[alert.severity])} data-testid="alert-item" data-read={alert.read}>
                  <div className="flex items-start justify-between gap-2">
                    <p className={cn('text-sm text-slate-900', alert.read ? 'font-medium' : 'font-semibold')}>
                      {alert.read ? null : <span className="mr-1.5 inline-block size-2 rounded-full bg-primary-600" aria-label="Unread" />}
                      {alert.title}
                    </p>
                    {readOnly ? null : (
                      <button type="button" className="rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700" aria-label={`Dismiss ${alert.title}`} onClick={() => actions.dismiss.mutate(alert.id)}>
                        <X aria-hidden="true" className="size-4" />
                      </button>
                    )}
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{alert.message}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3 text-xs">
                    <span className="font-medium text-slate-500 uppercase">{alert.severity}</span>
                    <span className={cn('font-medium', CONFIDENCE[confidenceTone(alert.confidence)])}>{alert.confidence}% confidence</span>
                    <span className="text-slate-500">{new Date(alert.createdAt).toLocaleDateString()}</span>
                    {alert.actionLabel && alert.actionUrl ? (
                      <Popover.Close asChild>
                        <Button size="sm" variant="outline" className="ml-auto" onClick={() => open(alert)}>
                          {alert.actionLabel}
                        </Button>
                      </Popover.Close>
                    ) : !alert.read && !readOnly ? (
                      <Button size="sm" variant="ghost" className="ml-auto" onClick={() => actions.read.mutate(alert.id)}>
                        Mark read
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
