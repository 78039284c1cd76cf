import { USAGE_METER_LABELS, type BillingUsage } from '@citable/contract';
import { cn } from '../../../lib/cn';

/** This month's real counts against the plan's limits (spec 002 §2.11, §9). */
export function UsageMeters({ usage }: { usage: BillingUsage }) {
  return (
    <div className="space-y-5">
      <Meters usage={usage} />
      {usage.ai ? <AiUsage ai={usage.ai} /> : null}
    </div>
  );
}

/** The month's AI budget and what each model and answer engine spent of it (issue 21). */
function AiUsage({ ai }: { ai: NonNullable<BillingUsage['ai']> }) {
  return (
    <div data-testid="billing-ai-usage">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-800">AI model and answer engines</span>
        <span className="text-slate-600">
          {ai.usedTokens.toLocaleString('en-US')} of {ai.budgetTokens.toLocaleString('en-US')} tokens
        </span>
      </div>
      <UsageBar label="AI tokens used this month" used={ai.usedTokens} limit={ai.budgetTokens} />
      {ai.budgetSearches ? (
        <>
          <div className="mt-3 flex justify-between text-sm">
            <span className="font-medium text-slate-800">Answer engines' web searches</span>
            <span className="text-slate-600" data-testid="usage-web-searches">
              {(ai.usedSearches ?? 0).toLocaleString('en-US')} of {ai.budgetSearches.toLocaleString('en-US')} searches
            </span>
          </div>
          <UsageBar label="Web searches used this month" used={ai.usedSearches ?? 0} limit={ai.budgetSearches} />
          <p className="mt-1 text-xs text-slate-600">Answer engines bill each web search apart from their tokens, so searches have their own monthly budget.</p>
        </>
      ) : null}
      {ai.lines.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">No AI model or answer engine was asked this month.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-xs text-slate-600">
          {ai.lines.map((line) => (
            <li key={line.label} className="flex justify-between gap-3">
              <span>{line.label}</span>
              <span>
                {line.calls.toLocaleString('en-US')} {line.calls === 1 ? 'call' : 'calls'} · {line.tokens.toLocaleString('en-US')} tokens
                {line.searches ? ` · ${line.searches.toLocaleString('en-US')} web ${line.searches === 1 ? 'search' : 'searches'}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Meters({ usage }: { usage: BillingUsage }) {
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
        return (
          <li key={meter.meter}>
            <div className="flex justify-between text-sm">
              <span className="font-medium text-slate-800">{label}</span>
              <span className="text-slate-600" data-testid={`usage-${meter.meter}`}>
                {meter.used.toLocaleString('en-US')} of {meter.limit.toLocaleString('en-US')}
              </span>
            </div>
            <UsageBar label={`${label} used this month`} used={meter.used} limit={meter.limit} />
          </li>
        );
      })}
    </ul>
  );
}

/** A month's use against its limit: amber from 70 %, red from 90 %. */
function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit === 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used}>
      <div className={cn('h-full rounded-full', percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-accent-500' : 'bg-primary-600')} style={{ width: `${percent}%` }} />
    </div>
  );
}
