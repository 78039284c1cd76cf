import { USAGE_METER_LABELS, type BillingUsage } from '@citable/contract';
import { cn } from '../../../lib/cn';

/** This month's real counts against the plan's limits (spec 002 §2.11, §9). */
export function UsageMeters({ usage }: { usage: BillingUsage }) {
  return (
    <ul className="space-y-4" data-testid="billing-usage">
      {usage.meters.map((meter) => {
        const label = USAGE_METER_LABELS[meter.meter];
        if (meter.limit === 0) {
          return (
            <li key={meter.meter} className="flex justify-between text-sm">
              <span className="font-medium text-slate-800">{label}</span>
              <span className="text-slate-500">Not included in your plan</span>
            </li>
          );
        }
        const percent = Math.min(100, Math.round((meter.used / meter.limit) * 100));
        return (
          <li key={meter.meter}>
            <div className="flex justify-between text-sm">
              <span className="font-medium text-slate-800">{label}</span>
              <span className="text-slate-600" data-testid={`usage-${meter.meter}`}>
                {meter.used.toLocaleString('en-US')} of {meter.limit.toLocaleString('en-US')}
              </span>
            </div>
            <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={`${label} used this month`} aria-valuemin={0} aria-valuemax={meter.limit} aria-valuenow={meter.used}>
              <div className={cn('h-full rounded-full', percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-accent-500' : 'bg-primary-600')} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
