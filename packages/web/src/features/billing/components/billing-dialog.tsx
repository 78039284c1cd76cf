import { PLAN_IDS, PLANS, type BillingSubscription, type PlanId } from '@citable/contract';
import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { BillingToggle } from '../../../components/pricing/billing-toggle';
import { PlanCard } from '../../../components/pricing/plan-card';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckout } from '../../../hooks/use-checkout';
import type { SessionUser } from '../../../hooks/use-session';
import { useUiState } from '../../../stores/ui-state';
import { useInvoices, useSubscription, useUsage } from '../api/billing-api';
import { statusText } from '../lib/format';
import { BillingHistory } from './billing-history';
import { CancelSubscription } from './cancel-subscription';
import { PlanComparisonTable } from './plan-comparison-table';
import { UsageMeters } from './usage-meters';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-3" data-testid={testId}>
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A subscription that is being paid for: plan changes go through the provider's portal, not a second checkout. */
function isLive(subscription: BillingSubscription): boolean {
  return subscription.status === 'active' || subscription.status === 'on_trial';
}

function CurrentPlan({ subscription }: { subscription: BillingSubscription }) {
  const plan = PLANS[subscription.plan];
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div>
        <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span data-testid="billing-current-plan">{plan.name}</span> plan
          {subscription.status ? <Badge tone={subscription.status === 'active' || subscription.status === 'on_trial' ? 'secondary' : 'neutral'}>{subscription.status.replace('_', ' ')}</Badge> : null}
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="billing-status">
          {statusText(subscription)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {subscription.customerPortalUrl ? (
          <a href={subscription.customerPortalUrl} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')} data-testid="billing-portal">
            Manage card and invoices
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        {subscription.canCancel ? <CancelSubscription subscription={subscription} planName={plan.name} /> : null}
      </div>
    </div>
  );
}

/** Billing dialog of spec 002 §2.11: plan and status, usage, plans to upgrade to, history from the provider. */
export function BillingDialog({ user }: { user: SessionUser }) {
  const { setBillingOpen, billingCycle, setBillingCycle } = useUiState();
  const subscription = useSubscription();
  const usage = useUsage();
  const invoices = useInvoices();
  const checkout = useCheckout();
  const [processing, setProcessing] = useState<PlanId | null>(null);

  const choose = async (plan: PlanId) => {
    setProcessing(plan);
    try {
      await checkout(plan, billingCycle, user);
    } finally {
      setProcessing(null);
    }
  };

  const current = subscription.data;
  const live = current ? isLive(current) : false;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : setBillingOpen(false))}
      title="Billing & Subscription"
      description="Your plan, this month's usage and your options."
      testId="billing-dialog"
      className="max-w-5xl!"
    >
      {subscription.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" />
        </div>
      ) : subscription.isError || !current ? (
        <Alert tone="error">Your subscription could not be loaded. Please try again.</Alert>
      ) : (
        <div className="space-y-8">
          <Section title="Current plan">
            <CurrentPlan subscription={current} />
          </Section>
          <Section title="Usage this month">
            {usage.data ? <UsageMeters usage={usage.data} /> : usage.isError ? <Alert tone="error">Usage could not be loaded.</Alert> : <Spinner className="size-5" />}
          </Section>
          <Section title="Plans" testId="billing-plans">
            <BillingToggle value={billingCycle} onChange={setBillingCycle} />
            {live && current.plan !== 'free' ? (
              <Alert tone="info">To switch between paid plans, use Manage card and invoices: your current subscription changes there, with no second charge.</Alert>
            ) : null}
            <div className="grid gap-6 pt-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
              {PLAN_IDS.map((id) => (
                <PlanCard
                  key={id}
                  plan={PLANS[id]}
                  cycle={billingCycle}
                  processing={processing === id}
                  disabled={processing !== null || id === 'free' || live}
                  current={current.plan === id}
                  onChoose={() => void choose(id)}
                />
              ))}
            </div>
            <PlanComparisonTable current={current.plan} />
          </Section>
          {invoices.data && invoices.data.length > 0 ? (
            <Section title="Billing history">
              <BillingHistory invoices={invoices.data} />
            </Section>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
