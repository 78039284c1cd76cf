import { planCardText, planPrice, type BillingCycle, type PlanDefinition } from '@citable/contract';
import { Check, X } from 'lucide-react';
import { forwardRef } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { cn } from '../../lib/cn';

interface PlanCardProps {
  plan: PlanDefinition;
  cycle: BillingCycle;
  processing: boolean;
  disabled: boolean;
  current: boolean;
  onChoose: () => void;
  /** The plan an upgrade button asked for: outlined, and named as such to screen readers. */
  selected?: boolean;
  /** Id of the text that explains why the button is disabled (shown once, not per card). */
  describedBy?: string;
}

function priceNote(plan: PlanDefinition, cycle: BillingCycle): string {
  if (plan.monthlyPrice === 0) return 'Free forever, no card needed';
  if (cycle === 'annual') return `billed annually ($${plan.annualPrice.toLocaleString('en-US')}/year)`;
  return 'billed monthly';
}

export const PlanCard = forwardRef<HTMLElement, PlanCardProps>(function PlanCard({ plan, cycle, processing, disabled, current, onChoose, selected = false, describedBy }, ref) {
  const price = planPrice(plan, cycle);
  const headingId = `plan-${plan.id}-title`;
  const label = current ? 'Current Plan' : plan.id === 'free' ? 'Start Free' : `Choose ${plan.name}`;

  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      data-selected={selected ? 'true' : undefined}
      tabIndex={selected ? -1 : undefined}
      data-autofocus={selected ? true : undefined}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm focus:outline-none',
        plan.popular ? 'lg:-my-3 lg:py-9 lg:shadow-xl' : undefined,
        // In one column the plan asked for comes first, right under the notes above the plans.
        selected ? 'ring-4 ring-accent-500 max-sm:order-first' : plan.popular ? 'ring-2 ring-primary-600' : 'ring-1 ring-slate-200',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-600 px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-white uppercase">
          Most Popular
        </p>
      ) : null}
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {plan.name}
        {selected ? <span className="sr-only"> (the plan you asked for)</span> : null}
      </h3>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid={`plan-${plan.id}-price`}>
          ${price}
        </span>
        <span className="text-sm font-medium text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{priceNote(plan, cycle)}</p>
      <Button
        className="mt-6 w-full"
        variant={plan.popular ? 'primary' : 'outline'}
        onClick={onChoose}
        disabled={disabled || current}
        aria-describedby={describedBy}
        data-testid={`plan-${plan.id}-button`}
      >
        {processing ? (
          <>
            <Spinner className="size-4" />
            Processing...
          </>
        ) : (
          label
        )}
      </Button>
      <ul className="mt-6 space-y-3 text-sm" aria-label={`${plan.name} features`}>
        {planCardText(plan.id).features.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-secondary-600" />
            {feature}
          </li>
        ))}
      </ul>
      {planCardText(plan.id).limitations.length > 0 ? (
        <ul className="mt-4 space-y-3 border-t border-slate-100 pt-4 text-sm" aria-label={`${plan.name} limitations`}>
          {planCardText(plan.id).limitations.map((limitation) => (
            <li key={limitation} className="flex gap-2 text-slate-600">
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {limitation}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
});
