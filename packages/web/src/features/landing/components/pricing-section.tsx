import { PLAN_IDS, PLANS } from '@citable/contract';
import { useProfile } from '../../../hooks/use-profile';
import { useUiState } from '../../../stores/ui-state';
import { usePlanSelection } from '../hooks/use-plan-selection';
import { BillingToggle } from '../../../components/pricing/billing-toggle';
import { PlanCard } from '../../../components/pricing/plan-card';
import { PlanComparison } from './plan-comparison';

export function PricingSection() {
  const { billingCycle, setBillingCycle } = useUiState();
  const { choose, processing } = usePlanSelection();
  const profile = useProfile();
  const currentPlan = profile.data?.onboarding_completed_at ? profile.data.plan : null;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Pricing</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Plans for every stage
          </h2>
          <p className="mt-4 text-lg text-slate-600">Start free. Upgrade when you need more sites, competitors and tools.</p>
        </div>
        <div className="mt-10">
          <BillingToggle value={billingCycle} onChange={setBillingCycle} />
        </div>
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
          {PLAN_IDS.map((id) => (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              cycle={billingCycle}
              processing={processing === id}
              disabled={processing !== null}
              current={currentPlan === id}
              onChoose={() => void choose(id)}
            />
          ))}
        </div>
        <PlanComparison />
      </div>
    </section>
  );
}
