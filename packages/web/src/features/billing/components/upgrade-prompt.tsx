import { planCardText, PLANS, type PlanId } from '@citable/contract';
import { Check, Lock } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useUiState } from '../../../stores/ui-state';

interface UpgradePromptProps {
  /** What the user tried to open, e.g. "Entity Coverage Analyzer". */
  feature: string;
  /** What it does, in a sentence or two. */
  description: string;
  requiredPlan: PlanId;
  currentPlan: PlanId;
  testId?: string;
}

/**
 * What a plan-gated tool or area shows instead of a form the server would refuse: what it does,
 * the plan that includes it, and a button that opens the billing dialog at that plan.
 */
export function UpgradePrompt({ feature, description, requiredPlan, currentPlan, testId = 'upgrade-prompt' }: UpgradePromptProps) {
  const { openBilling } = useUiState();
  const plan = PLANS[requiredPlan];
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" data-testid={testId}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-4">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-800">
            <Lock aria-hidden="true" className="size-3.5" />
            {plan.name} plan
          </span>
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {feature} is part of the {plan.name} plan
          </h2>
          <p className="text-slate-700">{description}</p>
          <p className="text-sm text-slate-600">
            You are on the {PLANS[currentPlan].name} plan. {plan.name} starts at ${plan.monthlyPrice} a month.
          </p>
          <Button onClick={() => openBilling({ plan: requiredPlan, feature })} data-testid="upgrade-button">
            Upgrade to {plan.name}
          </Button>
        </div>
        <div className="min-w-0 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <p className="text-sm font-semibold text-slate-900">The {plan.name} plan includes</p>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {planCardText(plan.id).features.map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-secondary-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
