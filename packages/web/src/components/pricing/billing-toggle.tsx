import type { BillingCycle } from '@citable/contract';
import { cn } from '../../lib/cn';

interface BillingToggleProps {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}

const OPTIONS: { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** Monthly/annual switch built on native radios, so arrow keys and screen readers work as expected. */
export function BillingToggle({ value, onChange }: BillingToggleProps) {
  return (
    <fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
      <legend className="sr-only">Billing cycle</legend>
      {OPTIONS.map((option) => {
        const checked = value === option.value;
        return (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
              checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name="billing-cycle"
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="sr-only"
              data-testid={`billing-${option.value}`}
            />
            {option.label}
            {option.value === 'annual' ? <span className="rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-bold text-secondary-800">Save 25%</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
